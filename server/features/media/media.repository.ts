import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { MediaItemsTable } from '../../db/schema.ts';

export function getMedia(db: Db, id: string) {
  return db.selectFrom('media_items').selectAll().where('id', '=', id).executeTakeFirst();
}

export function createMedia(db: Db, values: Insertable<MediaItemsTable>) {
  return db.insertInto('media_items').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateMediaRow(db: Db, id: string, values: Updateable<MediaItemsTable>) {
  return db
    .updateTable('media_items')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}
