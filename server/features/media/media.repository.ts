import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { MediaItemsTable } from '../../db/schema.ts';

export function getMedia(db: Db, id: string) {
  return db.selectFrom('media_items').selectAll().where('id', '=', id).executeTakeFirst();
}

export function createMedia(db: Db, values: Insertable<MediaItemsTable>) {
  return db.insertInto('media_items').values(values).returningAll().executeTakeFirstOrThrow();
}
