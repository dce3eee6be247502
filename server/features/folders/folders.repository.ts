import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';

export function getFolder(db: Db, id: string) {
  return db.selectFrom('folders').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Every folder by name, with how many items each holds. */
export function listFolders(db: Db) {
  return db
    .selectFrom('folders')
    .select([
      'folders.id',
      'folders.name',
      (eb) =>
        eb
          .selectFrom('media_items')
          .select(sql<string>`count(*)`.as('n'))
          .whereRef('media_items.folder_id', '=', 'folders.id')
          .as('media_count'),
    ])
    .orderBy(sql`lower(folders.name)`)
    .orderBy('folders.id')
    .execute();
}

export function createFolder(db: Db, values: { name: string; created_by: string }) {
  return db.insertInto('folders').values(values).returning(['id', 'name']).executeTakeFirstOrThrow();
}

export function renameFolder(db: Db, id: string, name: string) {
  return db
    .updateTable('folders')
    .set({ name, updated_at: new Date() })
    .where('id', '=', id)
    .returning(['id', 'name'])
    .executeTakeFirst();
}

export function countFolderMedia(db: Db, id: string) {
  return db
    .selectFrom('media_items')
    .select(sql<string>`count(*)`.as('n'))
    .where('folder_id', '=', id)
    .executeTakeFirstOrThrow();
}

/** Deletes the folder; its items lose it (the foreign key sets their folder to null). */
export function deleteFolder(db: Db, id: string) {
  return db.deleteFrom('folders').where('id', '=', id).returning(['id', 'name']).executeTakeFirst();
}
