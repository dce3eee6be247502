import type { SettingKey } from '#common/settings.ts';
import type { Db } from '#server/db/database.ts';

/** The stored values of the given keys; keys without a row are absent. */
export async function getSettings<K extends SettingKey>(
  db: Db,
  keys: readonly K[],
): Promise<Partial<Record<K, string>>> {
  if (keys.length === 0) return {};
  const rows = await db
    .selectFrom('site_settings')
    .select(['key', 'value'])
    .where('key', 'in', keys)
    .execute();
  return Object.fromEntries(
    rows.filter((r) => r.value !== null).map((r) => [r.key, r.value as string]),
  ) as Partial<Record<K, string>>;
}

/** Stores each given key's value (insert or replace), recording who changed it. */
export async function putSettings(db: Db, values: Record<string, string>, userId: string): Promise<void> {
  const rows = Object.entries(values).map(([key, value]) => ({ key, value, updated_by: userId }));
  if (rows.length === 0) return;
  await db
    .insertInto('site_settings')
    .values(rows)
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({
        value: eb.ref('excluded.value'),
        updated_by: eb.ref('excluded.updated_by'),
        updated_at: new Date(),
      })),
    )
    .execute();
}
