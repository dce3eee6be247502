import { type Insertable, sql, type Updateable } from 'kysely';
import { type Db, toNumber } from '#server/db/database.ts';
import type { PlacesTable } from '#server/db/schema.ts';

/** Every place, by Faroese name (about 120 from the gazetteer, and what staff add). */
export function listPlaces(db: Db) {
  return db.selectFrom('places').selectAll().orderBy(sql`lower(name_fo)`).orderBy('id').execute();
}

export function getPlace(db: Db, id: string) {
  return db.selectFrom('places').selectAll().where('id', '=', id).executeTakeFirst();
}

export function getPlaceForUpdate(db: Db, id: string) {
  return db.selectFrom('places').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Another place with this Faroese name (names are unique without regard to case). */
export function getPlaceByName(db: Db, nameFo: string, exceptId?: string) {
  let query = db
    .selectFrom('places')
    .select(['id', 'name_fo'])
    .where(sql`lower(name_fo)`, '=', nameFo.toLowerCase());
  if (exceptId) query = query.where('id', '<>', exceptId);
  return query.executeTakeFirst();
}

export function createPlace(db: Db, values: Insertable<PlacesTable>) {
  return db.insertInto('places').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updatePlace(db: Db, id: string, values: Updateable<PlacesTable>) {
  return db
    .updateTable('places')
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deletePlace(db: Db, id: string) {
  await db.deleteFrom('places').where('id', '=', id).execute();
}

/** How many items have this place (media_items_place_idx). */
export async function countItemsAtPlace(db: Db, id: string): Promise<number> {
  const row = await db
    .selectFrom('media_items')
    .select(sql<string>`count(*)::text`.as('items'))
    .where('place_id', '=', id)
    .executeTakeFirstOrThrow();
  return toNumber(row.items);
}
