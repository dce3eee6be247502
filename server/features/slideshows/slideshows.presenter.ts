import type { AdminSlideshowDetail, AdminSlideshowSummary } from '#common/api/slideshows.ts';
import type { DerivativeRow, MediaItemRow, SlideshowRow } from '#server/db/schema.ts';
import { presentMedia } from '../media/media.public.ts';

type Derivative = Pick<DerivativeRow, 'owner_id' | 'variant' | 'file_key'>;

/** The picture that stands for an item on a card: its thumbnail, poster or waveform. */
function coverOf(item: MediaItemRow, derivatives: Derivative[]) {
  const files = presentMedia(
    item,
    derivatives.filter((d) => d.owner_id === item.id),
    { canSeeOriginal: true },
  ).files;
  return files.thumb ?? files.poster ?? files.waveform;
}

export function presentSlideshowSummary(
  row: SlideshowRow & { slide_count: number },
  coverItems: MediaItemRow[],
  derivatives: Derivative[],
): AdminSlideshowSummary {
  return {
    id: row.id,
    displayId: row.display_id,
    title: row.title,
    description: row.description,
    isPublic: row.is_public,
    isFeatured: row.is_featured,
    slideCount: row.slide_count,
    covers: coverItems.flatMap((item) => coverOf(item, derivatives) ?? []),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export function presentSlideshowDetail(
  row: SlideshowRow,
  slides: (MediaItemRow & {
    slide_id: string;
    order_index: number;
    duration: number;
    caption: string | null;
  })[],
  derivatives: Derivative[],
): AdminSlideshowDetail {
  return {
    ...presentSlideshowSummary({ ...row, slide_count: slides.length }, slides.slice(0, 4), derivatives),
    slides: slides.map((slide) => ({
      id: slide.slide_id,
      mediaId: slide.id,
      orderIndex: slide.order_index,
      duration: slide.duration,
      caption: slide.caption,
      media: presentMedia(
        slide,
        derivatives.filter((d) => d.owner_id === slide.id),
        { canSeeOriginal: true },
      ),
    })),
  };
}
