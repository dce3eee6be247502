import type { CopyrightStatus } from '#common/enums.ts';
import { DEFAULT_RIGHTS, rightsStatement } from '#common/rights.ts';
import type { Db } from '#server/db/database.ts';
import { getSettings } from './settings.repository.ts';

/** The rights statement new items get unless one is chosen: the site setting, if it is one of ours. */
export async function defaultRights(db: Db): Promise<string> {
  const { default_rights: uri } = await getSettings(db, ['default_rights']);
  return rightsStatement(uri)?.uri ?? DEFAULT_RIGHTS;
}

/**
 * The rights column of a new item: the statement chosen; else, when only a copyright status other
 * than 'unknown' was chosen, none (the database gives the status's own statement, migration 0018);
 * else the site's default ('unknown', the forms' untouched value, says nothing).
 */
export async function newItemRights(
  db: Db,
  chosen: { rights?: string; copyrightStatus?: CopyrightStatus },
): Promise<{ rights?: string }> {
  if (chosen.rights) return { rights: chosen.rights };
  if (chosen.copyrightStatus && chosen.copyrightStatus !== 'unknown') return {};
  return { rights: await defaultRights(db) };
}
