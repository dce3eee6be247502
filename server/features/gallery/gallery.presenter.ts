import type { GalleryItem, GallerySummary, Timeline } from '#common/api/gallery.ts';
import { decadeOf, readPeriod, TIMELINE_SEARCH_LIMIT } from '#common/timeline.ts';
import type { MediaType } from '#common/enums.ts';
import { toNumber } from '#server/db/database.ts';
import { mediaFileUrl } from '../media/media.public.ts';
import type { TimelineCountRow } from './gallery.repository.ts';

/** A gallery row as listPublicMedia reads it: the card's columns, its files and its category. */
export interface GalleryCardRow {
  id: string;
  title: string;
  description: string | null;
  media_type: MediaType;
  width: number | null;
  height: number | null;
  placeholder: string | null;
  view_count: number;
  is_featured: boolean;
  photographer: string | null;
  location: string | null;
  original_date: string | null;
  file_salt: string | null;
  derivatives: { variant: string; file_key: string }[] | null;
  category_ref_id: string | null;
  category_name: string | null;
  category_color: string | null;
  category_icon: string | null;
}

/** A card: what the grid, the list and the lightbox's picture show; the rest is GET /api/media/:id. */
export function presentGalleryCard(row: GalleryCardRow): GalleryItem {
  const files: GalleryItem['files'] = {
    thumb: null,
    medium: null,
    display: null,
    poster: null,
    waveform: null,
  };
  for (const d of row.derivatives ?? []) {
    if (d.variant in files) {
      files[d.variant as keyof GalleryItem['files']] = mediaFileUrl(
        row.id,
        d.variant,
        d.file_key.split('/').pop()!,
        row.file_salt,
      );
    }
  }
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    mediaType: row.media_type,
    width: row.width,
    height: row.height,
    placeholder: row.placeholder,
    viewCount: row.view_count,
    isFeatured: row.is_featured,
    photographer: row.photographer,
    location: row.location,
    originalDate: row.original_date,
    files,
    category: row.category_ref_id
      ? {
          id: row.category_ref_id,
          name: row.category_name!,
          color: row.category_color!,
          icon: row.category_icon,
        }
      : null,
  };
}

/** The home banner's counts (no row yet: none). */
export function presentGallerySummary(row: { items: unknown; views: unknown } | undefined): GallerySummary {
  return { totalItems: toNumber(row?.items ?? 0), totalViews: toNumber(row?.views ?? 0) };
}

/**
 * The timeline's answer from countTimeline's rows: the decades, and the years of the chosen
 * period's decade, each in order; `complete` unless a search matched more than were counted.
 */
export function presentTimeline(rows: readonly TimelineCountRow[], period: string | undefined): Timeline {
  const counts = rows.flatMap((r) =>
    r.period === null ? [] : [{ period: r.period, items: toNumber(r.items) }],
  );
  const matched = toNumber(rows.find((r) => r.period === null)?.items ?? 0);
  const chosen = readPeriod(period);
  const decade = chosen ? decadeOf(chosen) : null;
  const byYear = (a: { period: string }, b: { period: string }) =>
    parseInt(a.period, 10) - parseInt(b.period, 10);
  return {
    decades: counts.filter((c) => c.period.endsWith('s')).sort(byYear),
    years: decade
      ? counts.filter((c) => !c.period.endsWith('s') && `${c.period.slice(0, -1)}0s` === decade).sort(byYear)
      : [],
    complete: matched <= TIMELINE_SEARCH_LIMIT,
  };
}
