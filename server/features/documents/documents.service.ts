import type { Readable } from 'node:stream';
import type { Selectable } from 'kysely';
import type { DocumentItem, UploadDocumentFields } from '../../../common/api.ts';
import type { Actor } from '../../../common/permissions.ts';
import type { DocumentsTable } from '../../db/schema.ts';
import { authorize } from '../../http/authorize.ts';
import type { AppContext } from '../../http/context.ts';
import { ingestFile, recordStoredFile, titleFromFileName } from '../../media/ingest/ingest-file.ts';

export function presentDocument(row: Selectable<DocumentsTable>): DocumentItem {
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

/** A document upload (admin-back-office.md §5): one file, 25 MB, pdf/doc/docx/txt/xls/xlsx. */
export async function uploadDocument(
  ctx: AppContext,
  actor: Actor,
  file: { stream: Readable; fileName: string },
  fields: UploadDocumentFields,
) {
  authorize(actor, 'document:manage');
  const ingested = await ingestFile({ blobs: ctx.blobs, tmpDir: ctx.tmpDir }, file.stream, {
    context: 'document',
    originalName: file.fileName,
  });
  const row = await recordStoredFile(ctx.blobs, ingested, () =>
    ctx.db
      .insertInto('documents')
      .values({
        title: fields.title ?? titleFromFileName(ingested.fileName),
        description: fields.description ?? null,
        category: fields.category ?? 'mentanardagarnar',
        is_public: fields.isPublic ?? true,
        is_featured: fields.isFeatured ?? false,
        file_key: ingested.fileKey,
        file_name: ingested.fileName,
        file_size: ingested.fileSize,
        mime_type: ingested.mimeType,
        sha256: ingested.sha256,
        created_by: actor.id,
      })
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
  return presentDocument(row);
}
