import type { Db } from '../../db/database.ts';

/** The stored values of the given keys; keys without a row are absent. */
export async function getSettings(db: Db, keys: readonly string[]): Promise<Record<string, string>> {
  if (keys.length === 0) return {};
  const rows = await db
    .selectFrom('site_settings')
    .select(['key', 'value'])
    .where('key', 'in', keys)
    .execute();
  return Object.fromEntries(rows.filter((r) => r.value !== null).map((r) => [r.key, r.value as string]));
}
