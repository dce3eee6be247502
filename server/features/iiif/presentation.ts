/**
 * IIIF Presentation API 3.0 documents (https://iiif.io/api/presentation/3.0/): a Manifest per
 * public item and per public slideshow, a Collection per public category and one on top. Pure:
 * rows in, JSON out; the rows are read by iiif-presentation.service.ts.
 */
import type { MediaType } from '#common/enums.ts';
import { paths } from '#common/paths.ts';
import { canonicalPath, parseImageRequest, planImage } from './image-request.ts';

export const PRESENTATION_CONTEXT = 'http://iiif.io/api/presentation/3/context.json';
/** The navPlace extension's context (https://iiif.io/api/extension/navplace/), before Presentation's. */
export const NAVPLACE_CONTEXT = 'http://iiif.io/api/extension/navplace/context.json';

type LangMap = Record<string, string[]>;
/** A text staff typed, in whatever language they wrote it: IIIF's "none". */
const plain = (text: string): LangMap => ({ none: [text] });
const both = (fo: string, en: string): LangMap => ({ fo: [fo], en: [en] });

/** The metadata labels, in Faroese and English. */
const LABELS = {
  displayId: both('Skrásetingarnummar', 'Identifier'),
  photographer: both('Myndatøkumaður', 'Photographer'),
  originalDate: both('Upprunaligur dagur', 'Original date'),
  location: both('Staður', 'Location'),
  category: both('Bólkur', 'Category'),
  keywords: both('Leitiorð', 'Keywords'),
  source: both('Kelda', 'Source'),
  historicalContext: both('Søguligt samanhang', 'Historical context'),
  copyrightHolder: both('Rættindahavi', 'Copyright holder'),
  attribution: both('Tilskriving', 'Attribution'),
  archive: both('Savnið', 'The archive'),
} as const;

export const presentationUrl = {
  item: (base: string, id: string) => `${base}/iiif/presentation/3/item/${id}`,
  slideshow: (base: string, id: string) => `${base}/iiif/presentation/3/slideshow/${id}`,
  collection: (base: string, id: string) => `${base}/iiif/presentation/3/collection/${id}`,
};
const imageService = (base: string, id: string) => `${base}/iiif/image/3/${id}`;

/** One public item as the manifests need it. */
export interface ManifestItem {
  id: string;
  displayId: string;
  title: string;
  description: string | null;
  mediaType: MediaType;
  mimeType: string;
  photographer: string | null;
  originalDate: string | null;
  /**
   * The first moment the original date can be, `YYYY-MM-DDT00:00:00Z` (the earliest day of its
   * EDTF, issue 28 §6): where a viewer places the item on a timeline. Null when undated or open.
   */
  navDate?: string | null;
  location: string | null;
  keywords: string[];
  source: string | null;
  historicalContext: string | null;
  copyrightHolder: string | null;
  attributionText: string | null;
  categoryName: string | null;
  /** Seconds, for sound and video; null when not known. */
  durationSeconds: number | null;
  /** Pixels of the image as served (the full-size download), or of the video. */
  width: number | null;
  height: number | null;
  /** Site-relative URLs of the public files. */
  files: {
    thumb: string | null;
    original: string | null;
    thumbSize: { width: number; height: number } | null;
    /** The H.264/AAC copy of a sound or video browsers do not play as it is, when made. */
    playable?: { url: string; format: string } | null;
  };
  /**
   * Where it was taken (issue 28 §6): its point, with its place's names when it has one from the
   * list; null when it has no point. A manifest says it as navPlace.
   */
  navPlace?: { latitude: number; longitude: number; nameFo: string | null; nameEn: string | null } | null;
  /**
   * The item's rights statement URI (rightsstatements.org or Creative Commons, `http://`;
   * common/rights.ts).
   */
  rights?: string | null;
  /**
   * The named boxes of public people on an image (issue 29 §2), in fractions of the upright image;
   * a private person is never among them. Only the item's own manifest carries them.
   */
  people?: { id: string; personId: string; name: string; x: number; y: number; w: number; h: number }[];
}

function metadataOf(item: ManifestItem) {
  const pairs: [LangMap, string | null][] = [
    [LABELS.displayId, item.displayId],
    [LABELS.photographer, item.photographer],
    [LABELS.originalDate, item.originalDate],
    [LABELS.location, item.location],
    [LABELS.category, item.categoryName],
    [LABELS.keywords, item.keywords.length > 0 ? item.keywords.join(', ') : null],
    [LABELS.source, item.source],
    [LABELS.historicalContext, item.historicalContext],
    [LABELS.copyrightHolder, item.copyrightHolder],
  ];
  return pairs
    .filter((pair): pair is [LangMap, string] => Boolean(pair[1]?.trim()))
    .map(([label, value]) => ({ label, value: plain(value) }));
}

/** What `full/max` of the image service gives for an image of this size. */
function maxImage(width: number, height: number) {
  const plan = planImage(parseImageRequest('full', 'max', '0', 'default.jpg'), width, height);
  return { width: plan.width, height: plan.height, path: canonicalPath(plan, width, height) };
}

function thumbnailOf(base: string, item: ManifestItem) {
  if (!item.files.thumb) return undefined;
  return [
    {
      id: `${base}${item.files.thumb}`,
      type: 'Image',
      format: 'image/webp',
      ...(item.files.thumbSize ?? {}),
    },
  ];
}

const AV_TYPE = { video: 'Video', audio: 'Sound' } as const;

/** The canvas showing one item; `duration` (seconds) for a slide shown for a time. */
function canvasOf(
  base: string,
  canvasId: string,
  item: ManifestItem,
  options: { duration?: number; label?: string } = {},
) {
  const page = `${canvasId}/page`;
  const annotation = (body: object, dims: object) => ({
    id: canvasId,
    type: 'Canvas',
    ...(options.label ? { label: plain(options.label) } : {}),
    ...dims,
    ...(thumbnailOf(base, item) ? { thumbnail: thumbnailOf(base, item) } : {}),
    items: [
      {
        id: page,
        type: 'AnnotationPage',
        items: [
          {
            id: `${page}/painting`,
            type: 'Annotation',
            motivation: 'painting',
            body,
            target: canvasId,
          },
        ],
      },
    ],
  });
  const timed = options.duration ? { duration: options.duration } : {};
  if (item.mediaType === 'image' && item.width && item.height) {
    const service = imageService(base, item.id);
    const max = maxImage(item.width, item.height);
    return annotation(
      {
        id: `${service}/${max.path}`,
        type: 'Image',
        format: 'image/jpeg',
        width: max.width,
        height: max.height,
        service: [{ id: service, type: 'ImageService3', profile: 'level2' }],
      },
      { width: item.width, height: item.height, ...timed },
    );
  }
  if ((item.mediaType === 'video' || item.mediaType === 'audio') && item.files.original) {
    const duration =
      item.durationSeconds && item.durationSeconds > 0 ? item.durationSeconds : options.duration;
    const size =
      item.mediaType === 'video' && item.width && item.height
        ? { width: item.width, height: item.height }
        : {};
    return annotation(
      {
        id: `${base}${item.files.playable?.url ?? item.files.original}`,
        type: AV_TYPE[item.mediaType],
        format: item.files.playable?.format ?? item.mimeType,
        ...size,
        ...(duration ? { duration } : {}),
      },
      // A canvas needs a size or a length: a sound of unknown length is given its slide's time, or one second.
      { ...size, ...(duration ? { duration } : size.width ? {} : { duration: 1 }) },
    );
  }
  // A document, or an item whose files are not made yet: its thumbnail, if any, stands for it.
  const thumb = item.files.thumbSize;
  if (item.files.thumb && thumb) {
    return annotation(
      { id: `${base}${item.files.thumb}`, type: 'Image', format: 'image/webp', ...thumb },
      { ...thumb, ...timed },
    );
  }
  return annotation(
    { id: `${base}${item.files.original ?? paths.media(item.id)}`, type: 'Text', format: item.mimeType },
    { width: 1000, height: 1000, ...timed },
  );
}

/** The Manifest of one public item at /iiif/presentation/3/item/{id}. */
export function itemManifest(base: string, item: ManifestItem, siteTitle: string) {
  const id = presentationUrl.item(base, item.id);
  const attribution = item.attributionText?.trim();
  const place = navPlaceOf(id, item);
  return {
    '@context': place ? [NAVPLACE_CONTEXT, PRESENTATION_CONTEXT] : PRESENTATION_CONTEXT,
    id,
    type: 'Manifest',
    label: plain(item.title),
    ...(item.description?.trim() ? { summary: plain(item.description) } : {}),
    metadata: metadataOf(item),
    ...(item.navDate ? { navDate: item.navDate } : {}),
    ...(place ? { navPlace: place } : {}),
    ...(item.rights ? { rights: item.rights } : {}),
    ...(attribution ? { requiredStatement: { label: LABELS.attribution, value: plain(attribution) } } : {}),
    ...(thumbnailOf(base, item) ? { thumbnail: thumbnailOf(base, item) } : {}),
    homepage: [
      { id: `${base}${paths.media(item.id)}`, type: 'Text', label: plain(item.title), format: 'text/html' },
    ],
    provider: providerOf(base, siteTitle),
    items: [canvasOf(base, `${id}/canvas/1`, item)],
    ...peopleAnnotations(base, id, `${id}/canvas/1`, item),
  };
}

/**
 * Who is in the picture (issue 29 §5): a W3C Web Annotation per named box, `identifying` the
 * region of the canvas (`#xywh=` in the canvas's pixels) with the person's name, and the person's
 * page as a second body, in one AnnotationPage of the manifest's `annotations`.
 */
function peopleAnnotations(base: string, manifestId: string, canvasId: string, item: ManifestItem) {
  const { width, height } = item;
  if (item.mediaType !== 'image' || !width || !height || !item.people?.length) return {};
  const page = `${manifestId}/annotations/people`;
  return {
    annotations: [
      {
        id: page,
        type: 'AnnotationPage',
        items: item.people.map((box) => {
          const x = Math.round(box.x * width);
          const y = Math.round(box.y * height);
          const w = Math.max(1, Math.min(Math.round(box.w * width), width - x));
          const h = Math.max(1, Math.min(Math.round(box.h * height), height - y));
          return {
            id: `${page}/${box.id}`,
            type: 'Annotation',
            motivation: 'identifying',
            body: [
              { type: 'TextualBody', value: box.name, format: 'text/plain' },
              {
                id: `${base}${paths.person(box.personId)}`,
                type: 'Text',
                format: 'text/html',
                label: plain(box.name),
              },
            ],
            target: `${canvasId}#xywh=${x},${y},${w},${h}`,
          };
        }),
      },
    ],
  };
}

/**
 * The navPlace extension's value: a GeoJSON FeatureCollection with the item's point (GeoJSON says
 * longitude first), labelled with its place's names when it has one.
 */
function navPlaceOf(manifestId: string, item: ManifestItem) {
  const point = item.navPlace;
  if (!point) return null;
  const label = point.nameFo ? both(point.nameFo, point.nameEn ?? point.nameFo) : null;
  return {
    id: `${manifestId}/feature-collection/1`,
    type: 'FeatureCollection',
    features: [
      {
        id: `${manifestId}/feature/1`,
        type: 'Feature',
        properties: label ? { label } : {},
        geometry: { type: 'Point', coordinates: [point.longitude, point.latitude] },
      },
    ],
  };
}

function providerOf(base: string, siteTitle: string) {
  return [
    {
      id: `${base}/about`,
      type: 'Agent',
      label: plain(siteTitle),
      homepage: [{ id: `${base}/`, type: 'Text', label: plain(siteTitle), format: 'text/html' }],
    },
  ];
}

/** The Manifest of a public slideshow: its public slides in order, each for its time. */
export function slideshowManifest(
  base: string,
  show: { id: string; title: string; description: string | null },
  slides: { item: ManifestItem; durationSeconds: number; caption: string | null }[],
  siteTitle: string,
) {
  const id = presentationUrl.slideshow(base, show.id);
  return {
    '@context': PRESENTATION_CONTEXT,
    id,
    type: 'Manifest',
    label: plain(show.title),
    ...(show.description?.trim() ? { summary: plain(show.description) } : {}),
    homepage: [
      {
        id: `${base}${paths.slideshow(show.id)}`,
        type: 'Text',
        label: plain(show.title),
        format: 'text/html',
      },
    ],
    provider: providerOf(base, siteTitle),
    behavior: ['auto-advance'],
    items: slides.map((slide, i) =>
      canvasOf(base, `${id}/canvas/${i + 1}`, slide.item, {
        duration: slide.durationSeconds,
        label: slide.caption?.trim() || slide.item.title,
      }),
    ),
  };
}

export interface CollectionEntry {
  id: string;
  type: 'Manifest' | 'Collection';
  label: string;
  thumbnail?: { url: string; width?: number; height?: number } | null;
}

/** A Collection of manifests and collections. */
export function collection(
  base: string,
  id: string,
  label: LangMap | string,
  entries: CollectionEntry[],
  options: { summary?: string | null; siteTitle: string },
) {
  return {
    '@context': PRESENTATION_CONTEXT,
    id,
    type: 'Collection',
    label: typeof label === 'string' ? plain(label) : label,
    ...(options.summary?.trim() ? { summary: plain(options.summary) } : {}),
    provider: providerOf(base, options.siteTitle),
    items: entries.map((entry) => ({
      id: entry.id,
      type: entry.type,
      label: plain(entry.label),
      ...(entry.thumbnail
        ? {
            thumbnail: [
              {
                id: `${base}${entry.thumbnail.url}`,
                type: 'Image',
                format: 'image/webp',
                ...(entry.thumbnail.width
                  ? { width: entry.thumbnail.width, height: entry.thumbnail.height }
                  : {}),
              },
            ],
          }
        : {}),
    })),
  };
}

export const TOP_COLLECTION_LABEL = LABELS.archive;
