import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { CategoriesTable } from '../../db/schema.ts';

export function createCategoryRow(db: Db, values: Insertable<CategoriesTable>) {
  return db.insertInto('categories').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function categoryExists(db: Db, id: string): Promise<boolean> {
  return Boolean(await db.selectFrom('categories').select('id').where('id', '=', id).executeTakeFirst());
}
