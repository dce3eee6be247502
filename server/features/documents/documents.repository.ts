import type { DocumentCategory } from '../../../common/enums.ts';
import type { Db } from '../../db/database.ts';

export function getLatestPublicDocument(db: Db, category: DocumentCategory) {
  return db
    .selectFrom('documents')
    .selectAll()
    .where('is_public', '=', true)
    .where('category', '=', category)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** One more download of a public document; undefined for any other. */
export async function countDownload(db: Db, id: string) {
  const row = await db
    .updateTable('documents')
    .set((eb) => ({ download_count: eb('download_count', '+', 1) }))
    .where('id', '=', id)
    .where('is_public', '=', true)
    .returning('download_count')
    .executeTakeFirst();
  return row?.download_count;
}
