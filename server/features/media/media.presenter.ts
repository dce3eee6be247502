import type { AdminMediaItem, AdminMediaStats, MediaItem } from '#common/api/media.ts';
import { rightsStatement } from '#common/rights.ts';
import { decadeOfSpan } from '#common/timeline.ts';
import { toNumber } from '#server/db/database.ts';
import type { DerivativeRow, MediaItemRow, PlayableCopiesTable } from '#server/db/schema.ts';
import type { MediaStatsRow } from './media.repository.ts';

type Derivative = Pick<DerivativeRow, 'variant' | 'file_key'>;

/**
 * The URL of one file of an item; `v` names the exact file so it can be cached for good, after the
 * item's salt if it was ever unpublished (files.service.ts refuses a URL without the current one).
 */
export function mediaFileUrl(id: string, variant: string, version: string, salt: string | null) {
  return `/files/media/${id}/${variant}?v=${encodeURIComponent(salt ? `${salt}.${version}` : version)}`;
}

/**
 * The year of a date column: the drivers give a `date` as a Date at midnight (local for pg, UTC for
 * PGlite) or as its text.
 */
function yearOf(value: Date | string | null): number | null {
  if (value === null) return null;
  if (typeof value === 'string') return Number.parseInt(value, 10);
  return value.getUTCHours() === 0 && value.getUTCMinutes() === 0
    ? value.getUTCFullYear()
    : value.getFullYear();
}

export function presentMedia(
  row: MediaItemRow,
  derivatives: Derivative[],
  options: { canSeeOriginal: boolean },
): MediaItem {
  const byVariant = new Map(derivatives.map((d) => [d.variant, d]));
  const url = (variant: Derivative['variant']) => {
    const d = byVariant.get(variant);
    return d ? mediaFileUrl(row.id, variant, d.file_key.split('/').pop()!, row.file_salt) : null;
  };
  // Image originals stay with staff: the public gets the watermarked download (DESIGN.md §4.4).
  const originalIsPublic = row.media_type !== 'image';
  // A statement that does not allow reuse: the public's download is the display image, or none
  // (files.service.ts serves the same).
  const reuse = options.canSeeOriginal || rightsStatement(row.rights)?.allowsReuse === true;
  return {
    id: row.id,
    displayId: row.display_id,
    title: row.title,
    description: row.description,
    mediaType: row.media_type,
    fileName: row.file_name,
    fileSize: Number(row.file_size),
    mimeType: row.mime_type,
    sha256: row.sha256,
    width: row.width,
    height: row.height,
    isPublic: row.is_public,
    isFeatured: row.is_featured,
    viewCount: row.view_count,
    categoryId: row.category_id,
    folderId: row.folder_id,
    photographer: row.photographer,
    location: row.location,
    placeId: row.place_id,
    latitude: row.latitude,
    longitude: row.longitude,
    originalDate: row.original_date,
    originalDateEdtf: row.original_date_edtf,
    originalDateDecade: decadeOfSpan(yearOf(row.original_date_earliest), yearOf(row.original_date_latest)),
    source: row.source,
    keywords: row.keywords,
    historicalContext: row.historical_context,
    technicalNotes: row.technical_notes,
    copyrightStatus: row.copyright_status,
    rights: row.rights,
    copyrightHolder: row.copyright_holder,
    commercialUseAllowed: row.commercial_use_allowed,
    attributionRequired: row.attribution_required,
    attributionText: row.attribution_text,
    processingStatus: row.processing_status,
    placeholder: row.placeholder,
    // Camera and GPS read from the file are suggestions for staff: where a scan or photo was made
    // can be someone's home, so the public never gets them.
    fileMetadata: options.canSeeOriginal ? row.file_metadata : null,
    files: {
      thumb: url('thumb'),
      medium: url('medium'),
      display: url('display'),
      download: !reuse
        ? row.media_type === 'image'
          ? url('display')
          : null
        : (url('download') ??
          (originalIsPublic
            ? mediaFileUrl(row.id, 'original', row.sha256.slice(0, 16), row.file_salt)
            : null)),
      poster: url('poster'),
      waveform: url('waveform'),
      playable: url('playable'),
      original:
        originalIsPublic || options.canSeeOriginal
          ? mediaFileUrl(row.id, 'original', row.sha256.slice(0, 16), row.file_salt)
          : null,
    },
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** An item on the media screen: staff see everything, with its category and folder by name. */
export function presentAdminMedia(
  row: MediaItemRow & {
    category_name: string | null;
    category_color: string | null;
    category_icon: string | null;
    folder_name: string | null;
  },
  derivatives: Derivative[],
  playableCopy: (Pick<PlayableCopiesTable, 'status' | 'error'> & { progress: number }) | null = null,
): AdminMediaItem {
  return {
    ...presentMedia(row, derivatives, { canSeeOriginal: true }),
    category:
      row.category_id && row.category_name !== null
        ? {
            id: row.category_id,
            name: row.category_name,
            color: row.category_color ?? '',
            icon: row.category_icon,
          }
        : null,
    folder: row.folder_id && row.folder_name !== null ? { id: row.folder_id, name: row.folder_name } : null,
    watermark: {
      enabled: row.watermark_enabled,
      type: row.watermark_type,
      position: row.watermark_position,
      opacity: row.watermark_opacity,
      size: row.watermark_size,
      level: row.watermark_level,
      text: row.watermark_text,
    },
    playableCopy: playableCopy && {
      status: playableCopy.status,
      progress: playableCopy.progress,
      error: playableCopy.error,
    },
  };
}

/** The media screen's six tiles. */
export function presentMediaStats(row: MediaStatsRow): AdminMediaStats {
  return {
    total: toNumber(row.total),
    public: toNumber(row.public),
    featured: toNumber(row.featured),
    categorized: toNumber(row.categorized),
    views: toNumber(row.views),
    categories: toNumber(row.categories),
  };
}
