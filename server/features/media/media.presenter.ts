import type { Selectable } from 'kysely';
import type { MediaItem } from '../../../common/api.ts';
import type { DerivativesTable, MediaItemsTable } from '../../db/schema.ts';

type Derivative = Pick<Selectable<DerivativesTable>, 'variant' | 'file_key'>;

/** The URL of one file of an item; `v` names the exact file so it can be cached for good. */
export function mediaFileUrl(id: string, variant: string, version: string) {
  return `/files/media/${id}/${variant}?v=${encodeURIComponent(version)}`;
}

export function presentMedia(
  row: Selectable<MediaItemsTable>,
  derivatives: Derivative[],
  options: { canSeeOriginal: boolean },
): MediaItem {
  const byVariant = new Map(derivatives.map((d) => [d.variant, d]));
  const url = (variant: Derivative['variant']) => {
    const d = byVariant.get(variant);
    return d ? mediaFileUrl(row.id, variant, d.file_key.split('/').pop()!) : null;
  };
  // Image originals stay with staff: the public gets the watermarked download (DESIGN.md §4.4).
  const originalIsPublic = row.media_type !== 'image';
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
    originalDate: row.original_date,
    source: row.source,
    keywords: row.keywords,
    historicalContext: row.historical_context,
    technicalNotes: row.technical_notes,
    copyrightStatus: row.copyright_status,
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
      download:
        url('download') ??
        (originalIsPublic ? mediaFileUrl(row.id, 'original', row.sha256.slice(0, 16)) : null),
      poster: url('poster'),
      waveform: url('waveform'),
      original:
        originalIsPublic || options.canSeeOriginal
          ? mediaFileUrl(row.id, 'original', row.sha256.slice(0, 16))
          : null,
    },
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
