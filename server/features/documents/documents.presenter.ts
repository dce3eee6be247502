import type { AdminDocumentStats, DocumentItem } from '#common/api/documents.ts';
import { toNumber } from '#server/db/database.ts';
import type { DocumentRow } from '#server/db/schema.ts';
import type { DocumentStatsRow } from './documents.repository.ts';

export function presentDocument(row: DocumentRow): DocumentItem {
  return {
    id: row.id,
    displayId: row.display_id,
    title: row.title,
    description: row.description,
    category: row.category,
    fileName: row.file_name,
    fileSize: Number(row.file_size),
    mimeType: row.mime_type,
    isPublic: row.is_public,
    isFeatured: row.is_featured,
    downloadCount: row.download_count,
    url: `/files/documents/${row.id}`,
    createdAt: row.created_at.toISOString(),
  };
}

/** The documents screen's tiles. */
export function presentDocumentStats(row: DocumentStatsRow): AdminDocumentStats {
  return {
    total: toNumber(row.total),
    public: toNumber(row.public),
    featured: toNumber(row.featured),
    downloads: toNumber(row.downloads),
  };
}
