import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { ImageHashes } from './dhash.ts';

/** Bands of the index (migration 0036): 4 of 16 bits. */
const BANDS = 4;
const BAND_BITS = 16;

export interface NearDuplicateRow {
  id: string;
  display_id: string;
  title: string;
  distance: number;
  file_salt: string | null;
  thumb_key: string | null;
}

/** A hash's 16 hex digits as the signed 64-bit integer PostgreSQL's bigint holds. */
export const hashAsBigint = (hex: string) => BigInt.asIntN(64, BigInt(`0x${hex}`)).toString();

/** The values each band is probed with: every turn's band value and its one-bit neighbours. */
export function bandProbes(hashes: ImageHashes): number[][] {
  const probes = Array.from({ length: BANDS }, () => new Set<number>());
  for (const hex of [hashes.upright, ...hashes.turns]) {
    for (let band = 0; band < BANDS; band++) {
      const value = Number.parseInt(hex.slice(band * 4, band * 4 + 4), 16);
      probes[band]!.add(value);
      for (let bit = 0; bit < BAND_BITS; bit++) probes[band]!.add(value ^ (1 << bit));
    }
  }
  return probes.map((set) => [...set]);
}

/**
 * Items whose hash is within `threshold` bits of any turn of `hashes`, nearest first. Candidates
 * come from the band index only (at most `cap` of them: a flood of look-alikes, such as blank
 * scans, cannot make one lookup long); the exact distance is counted on those alone.
 */
export async function findNearDuplicates(db: Db, hashes: ImageHashes, options: LookupOptions) {
  return (await nearDuplicatesQuery(hashes, options).execute(db)).rows;
}

export interface LookupOptions {
  threshold: number;
  cap: number;
  excludeId?: string | null;
  limit?: number;
}

/** The lookup's statement (its plan is checked by the tests). */
export function nearDuplicatesQuery(hashes: ImageHashes, options: LookupOptions) {
  const probes = bandProbes(hashes);
  const [q0, q1, q2, q3] = [hashes.upright, ...hashes.turns].map(hashAsBigint);
  const bandMatch = sql.join(
    probes.map((values, band) => sql`(b.band = ${band} and b.value = any(${values}::int[]))`),
    sql` or `,
  );
  return sql<NearDuplicateRow>`
    with candidates as (
      select distinct b.media_id, b.hash from media_hash_bands b
      where ${bandMatch}
      limit ${options.cap}
    ), near as (
      select media_id, least(
        bit_count((hash # ${q0}::bigint)::bit(64)), bit_count((hash # ${q1}::bigint)::bit(64)),
        bit_count((hash # ${q2}::bigint)::bit(64)), bit_count((hash # ${q3}::bigint)::bit(64))
      )::int as distance from candidates
    )
    select m.id, m.display_id, m.title, near.distance, m.file_salt, d.file_key as thumb_key from near
    join media_items m on m.id = near.media_id
    left join derivatives d on d.owner_type = 'media' and d.owner_id = m.id and d.variant = 'thumb'
    where near.distance <= ${options.threshold}
      and m.id is distinct from ${options.excludeId ?? null}::uuid
    order by near.distance, m.created_at
    limit ${options.limit ?? 5}`;
}

/** An image item without a hash yet (older than migration 0036), for the backfill job. */
export function listUnhashedImages(db: Db, limit: number, after?: string) {
  let query = db
    .selectFrom('media_items')
    .select(['id', 'file_key', 'mime_type'])
    .where('dhash', 'is', null)
    .where('media_type', '=', 'image');
  if (after) query = query.where('id', '>', after);
  return query.orderBy('id').limit(limit).execute();
}

export async function setMediaHashes(db: Db, id: string, hashes: ImageHashes) {
  await db
    .updateTable('media_items')
    .set({ dhash: hashes.upright, dhash_turns: hashes.turns })
    .where('id', '=', id)
    .execute();
}

export async function setSubmissionHashes(db: Db, id: string, hashes: ImageHashes) {
  await db
    .updateTable('submissions')
    .set({ dhash: hashes.upright, dhash_turns: hashes.turns })
    .where('id', '=', id)
    .execute();
}
