import type { Db } from '#server/db/database.ts';
import { publicPeopleNames } from '#server/features/people/people.public.ts';

/**
 * The items an export writes, a page at a time in display id order (keyset on the unique
 * display_id, so a page costs the same at the end of a large archive as at its start, and an item
 * added or removed between pages neither repeats nor shifts another).
 */
export function listExportItems(
  db: Db,
  options: { includePrivate: boolean; afterDisplayId: string | null; limit: number },
) {
  let query = db
    .selectFrom('media_items as m')
    .leftJoin('categories as c', 'c.id', 'm.category_id')
    .leftJoin('folders as f', 'f.id', 'm.folder_id')
    .leftJoin('places as p', 'p.id', 'm.place_id')
    .select([
      'p.name_fo as place_name_fo',
      'p.name_en as place_name_en',
      'p.latitude as place_latitude',
      'p.longitude as place_longitude',
      'm.latitude',
      'm.longitude',
      'm.id',
      'm.display_id',
      'm.title',
      'm.description',
      'm.media_type',
      'm.file_key',
      'm.file_name',
      'm.file_size',
      'm.mime_type',
      'm.sha256',
      'm.width',
      'm.height',
      'm.duration_seconds',
      'm.is_public',
      'm.is_featured',
      'm.view_count',
      'm.category_id',
      'c.display_id as category_display_id',
      'c.name as category_name',
      'c.is_public as category_is_public',
      'm.folder_id',
      'f.name as folder_name',
      'm.photographer',
      'm.location',
      'm.original_date',
      'm.original_date_edtf',
      'm.original_date_earliest',
      'm.original_date_latest',
      'm.source',
      'm.historical_context',
      'm.technical_notes',
      'm.keywords',
      'm.rights',
      'm.copyright_status',
      'm.copyright_holder',
      'm.commercial_use_allowed',
      'm.attribution_required',
      'm.attribution_text',
      'm.watermark_enabled',
      'm.watermark_type',
      'm.watermark_position',
      'm.watermark_opacity',
      'm.watermark_size',
      'm.watermark_level',
      'm.watermark_text',
      'm.file_metadata',
      'm.processing_status',
      'm.created_at',
      'm.updated_at',
      // The public people on it (Dublin Core subjects; issue 29 §2).
      publicPeopleNames('m.id').as('people'),
    ])
    .orderBy('m.display_id')
    .limit(options.limit);
  if (!options.includePrivate) query = query.where('m.is_public', '=', true);
  if (options.afterDisplayId !== null) query = query.where('m.display_id', '>', options.afterDisplayId);
  return query.execute();
}

export type ExportItem = Awaited<ReturnType<typeof listExportItems>>[number];

/**
 * The documents (the header's files: admin-back-office.md §5) an export writes, a page at a time in
 * display id order, as listExportItems reads the media.
 */
export function listExportDocuments(
  db: Db,
  options: { includePrivate: boolean; afterDisplayId: string | null; limit: number },
) {
  let query = db
    .selectFrom('documents')
    .select([
      'id',
      'display_id',
      'title',
      'description',
      'category',
      'file_key',
      'file_name',
      'file_size',
      'mime_type',
      'sha256',
      'is_public',
      'is_featured',
      'download_count',
      'created_at',
      'updated_at',
    ])
    .orderBy('display_id')
    .limit(options.limit);
  if (!options.includePrivate) query = query.where('is_public', '=', true);
  if (options.afterDisplayId !== null) query = query.where('display_id', '>', options.afterDisplayId);
  return query.execute();
}

export type ExportDocument = Awaited<ReturnType<typeof listExportDocuments>>[number];
