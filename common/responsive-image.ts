import { DISPLAY_PX, MEDIUM_PX, THUMB_PX } from './limits.ts';

/** What the srcset of an item's picture is made from (the fields of a media item). */
export interface PictureSource {
  mediaType: string;
  width: number | null;
  height: number | null;
  files: {
    thumb: string | null;
    medium: string | null;
    display: string | null;
    poster: string | null;
    waveform: string | null;
  };
}

/**
 * How wide the gallery shows its pictures at each viewport (the `sizes` attribute). Here, not in
 * the components, because the server preloads the first picture with the same values.
 */
export const FEATURED_SIZES =
  '(min-width: 1280px) 200px, (min-width: 1024px) 16vw, (min-width: 640px) 33vw, 50vw';
/** A grid thumbnail: 2, 3 then 4 columns inside the 80rem page. */
export const GRID_SIZES =
  '(min-width: 1280px) 300px, (min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw';

/** The picture on an item's own page: two thirds of a wide screen, the whole width of a phone. */
export const DETAIL_SIZES = '(min-width: 1024px) 66vw, 100vw';

/** The width of a derivative fitted inside `box` px without enlarging. */
function fittedWidth(width: number, height: number, box: number) {
  return Math.round(width * Math.min(1, box / Math.max(width, height)));
}

/**
 * The `src` and `srcset` of an item's picture: for images the thumbnail, the phone size and the
 * display image by width (one candidate per width, the watermarked larger file winning a tie);
 * video shows its poster and audio its waveform. Null when there is no picture (yet).
 */
export function pictureOf(item: PictureSource): { src: string; srcSet?: string } | null {
  const { files } = item;
  if (item.mediaType !== 'image') {
    const still = files.poster ?? files.waveform;
    return still ? { src: still } : null;
  }
  const width = item.width ?? 4;
  const height = item.height ?? 3;
  const candidates = new Map<number, string>();
  for (const [url, box] of [
    [files.thumb, THUMB_PX],
    [files.medium, MEDIUM_PX],
    [files.display, DISPLAY_PX],
  ] as const) {
    if (url) candidates.set(fittedWidth(width, height, box), url);
  }
  const src = files.thumb ?? files.display;
  if (!src) return null;
  const srcSet = [...candidates].map(([w, url]) => `${url} ${w}w`).join(', ');
  return { src, srcSet: srcSet || undefined };
}
