import { type Kysely, sql } from 'kysely';
import sharp from 'sharp';
import type { BlobStore } from '#server/storage/blob-store.ts';
import type { Database } from './schema.ts';

/** The derivative variants every seeded item has (`derivatives/bench/<item id>/<variant>.webp`). */
export const BENCH_VARIANTS = [
  { variant: 'thumb', width: 400 },
  { variant: 'medium', width: 800 },
  { variant: 'display', width: 1600 },
] as const;

/**
 * How many of the newest public items get real files (derivatives.file_key is unique, so rows
 * cannot share one key): the first pages and the featured strip render; deeper items' derivative
 * rows name files that were not written (their pictures are missing, their pages still work).
 */
export const BENCH_FILES_FOR = 240;

export interface BenchSeedCounts {
  items: number;
  categories: number;
  folders: number;
  submissions: number;
  views: number;
  activity: number;
  /** People named on photos (issue 29), each on PERSON_PHOTOS public items. */
  people: number;
}

/** How many photos each seeded person is named on. */
export const PERSON_PHOTOS = 10;
/** The name of seeded person `n` (1-based): a search for it finds their photos (issue 29 §2). */
export const benchPersonName = (n: number) => `Rókur Persónsson ${n}`;

/** How much of everything goes with `items` media items (a municipality's archive at that size). */
export function benchCounts(items: number): BenchSeedCounts {
  return {
    items,
    categories: 24,
    folders: 40,
    submissions: Math.max(10, Math.round(items / 50)),
    views: Math.max(10, Math.round(items / 2)),
    activity: Math.max(10, Math.round(items / 5)),
    people: Math.max(2, Math.round(items / 1000)),
  };
}

/** Set-based inserts in slices, so 1,000,000 rows never sit in one statement's memory at once. */
const SLICE = 50_000;

async function inSlices(total: number, insert: (from: number, to: number) => Promise<unknown>) {
  for (let from = 1; from <= total; from += SLICE) await insert(from, Math.min(total, from + SLICE - 1));
}

/**
 * A large archive for benchmarks: categories, folders, media items (most public, some featured,
 * views spread out, texts search can find) each with thumb/medium/display derivative rows that all
 * point at the same three files, submissions, view rows in the usage log and activity rows.
 * Multi-row `insert … select generate_series` statements: 100,000 items in seconds.
 */
export async function seedBenchArchive(db: Kysely<Database>, creatorId: string, counts: BenchSeedCounts) {
  await sql`insert into categories (name, color) select 'Bólkur ' || n, '#3B82F6' from generate_series(1, ${counts.categories}::int) n`.execute(
    db,
  );
  await sql`insert into folders (name) select 'Mappa ' || n from generate_series(1, ${counts.folders}::int) n`.execute(
    db,
  );
  await inSlices(counts.items, (from, to) =>
    sql`
    with cats as (select id, row_number() over (order by name) - 1 as i from categories),
         fols as (select id, row_number() over (order by name) - 1 as i from folders)
    insert into media_items (title, description, photographer, location, media_type, file_key, file_name,
      file_size, mime_type, sha256, width, height, is_public, is_featured, view_count, category_id,
      folder_id, keywords, created_by, created_at, processing_status, dhash, dhash_turns)
    select
      (array['Bryggjan', 'Bátar', 'Kirkjan', 'Fjallið', 'Havnin'])[1 + n % 5] || ' ' || n
        || case when n % 997 = 0 then ' Sjeldsamt' else '' end,
      case when n % 3 = 0 then 'Gomul mynd frá bygdini, tikin um ' || (1900 + n % 100) end,
      (array['Jóannes Patursson', 'Anna Olsen', null, 'Sverri Dahl'])[1 + n % 4],
      (array['Gøta', 'Tórshavn', 'Klaksvík', null])[1 + n % 4],
      'image', 'media/bench-' || n, 'mynd-' || n || '.jpg', 100000 + n, 'image/jpeg',
      lpad(to_hex(n), 64, '0'), 1600, 1200,
      n % 10 <> 0, n % 50 = 0, (n::bigint * 7919) % 5000,
      case when n % 10 <> 0 then (select id from cats where i = n % ${counts.categories}::int) end,
      case when n % 4 = 0 then (select id from fols where i = n % ${counts.folders}::int) end,
      array['bátar', 'havn'], ${creatorId}::uuid,
      now() - (n || ' minutes')::interval, 'ready',
      -- A made-up near-duplicate hash, as every image has once processed: without it the server
      -- spends its first hour on the hash backfill of files that are not there (every bench run).
      substr(md5(n::text), 1, 16),
      array[substr(md5(n::text), 17, 16), substr(md5((-n)::text), 1, 16), substr(md5((-n)::text), 17, 16)]
    from generate_series(${from}::int, ${to}::int) n`.execute(db),
  );
  for (const { variant, width } of BENCH_VARIANTS) {
    await sql`
      insert into derivatives (owner_type, owner_id, variant, file_key, mime_type, file_size, width, height, watermarked)
      select 'media', id, ${variant}, 'derivatives/bench/' || id || '/' || ${variant} || '.webp', 'image/webp',
        10000, ${width}::int, ${(width * 3) / 4}::int, ${variant !== 'thumb'}
      from media_items where file_key like 'media/bench-%'`.execute(db);
  }
  await inSlices(counts.submissions, (from, to) =>
    sql`
    insert into submissions (title, media_type, file_key, file_name, file_size, mime_type, sha256, status, created_at)
    select 'Sending ' || n, 'image', 'submissions/bench-' || n, 's-' || n || '.jpg', 1000, 'image/jpeg',
      lpad(to_hex(100000000 + n), 64, '0'), (array['pending', 'approved', 'rejected'])[1 + n % 3],
      now() - (n || ' hours')::interval
    from generate_series(${from}::int, ${to}::int) n`.execute(db),
  );
  await sql`
    insert into media_usage_log (media_item_id, action, user_agent, created_at)
    select id, 'view', 'bench', created_at + interval '1 hour'
    from media_items where file_key like 'media/bench-%' and is_public
    order by created_at desc limit ${counts.views}::int`.execute(db);
  await inSlices(counts.activity, (from, to) =>
    sql`
    insert into activity_logs (user_id, action, resource_type, resource_id, resource_name, created_at)
    select ${creatorId}::uuid, 'media.updated', 'media', gen_random_uuid(), 'Mynd ' || n, now() - (n || ' minutes')::interval
    from generate_series(${from}::int, ${to}::int) n`.execute(db),
  );
  // People, each named on PERSON_PHOTOS public items spread over the archive (the boxes' triggers
  // put the names into the items' search text, migration 0043).
  await sql`insert into people (name) select 'Rókur Persónsson ' || n from generate_series(1, ${counts.people}::int) n`.execute(
    db,
  );
  await sql`
    with ps as (select id, substring(name from '[0-9]+$')::int as i from people where name like 'Rókur Persónsson %'),
         picked as (select ps.id, 1 + (ps.i * 7919 + j * 104729) % ${counts.items}::int as n
                    from ps cross join generate_series(1, ${PERSON_PHOTOS}::int) j)
    insert into person_boxes (media_id, person_id, x, y, w, h, source, status)
    select m.id, picked.id, 0.1, 0.1, 0.2, 0.3, 'staff', 'confirmed'
    from picked join media_items m on m.file_key = 'media/bench-' || picked.n`.execute(db);
  // As the database's upkeep leaves it (server/db/upkeep.ts, autovacuum): statistics made and the
  // rows just written vacuumed, so no bench's server starts with that work still owed.
  await sql`vacuum (analyze)`.execute(db);
}

/** A staff account to own the seeded rows: the first admin, else a new one without a password. */
export async function benchCreator(db: Kysely<Database>): Promise<string> {
  const admin = await db.selectFrom('users').select('id').where('role', '=', 'admin').executeTakeFirst();
  if (admin) return admin.id;
  const row = await db
    .insertInto('users')
    .values({ email: 'bench-seed@example.org', full_name: 'Bench seed', role: 'admin', email_verified: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The file keys (with their variant) of the newest BENCH_FILES_FOR public seeded items. */
export async function benchFileKeys(db: Kysely<Database>): Promise<{ variant: string; key: string }[]> {
  const rows = await sql<{ variant: string; file_key: string }>`
    select d.variant, d.file_key from derivatives d
    join (select id from media_items where is_public and file_key like 'media/bench-%'
          order by created_at desc limit ${BENCH_FILES_FOR}::int) m on m.id = d.owner_id
    where d.owner_type = 'media' and d.file_key like 'derivatives/bench/%'`.execute(db);
  return rows.rows.map((r) => ({ variant: r.variant, key: r.file_key }));
}

/** Writes a small real picture for each of those keys, so the first pages render. */
export async function writeBenchFiles(db: Kysely<Database>, blobs: BlobStore): Promise<number> {
  const sizes = Object.fromEntries(
    await Promise.all(
      BENCH_VARIANTS.map(async ({ variant, width }) => [
        variant,
        await sharp({
          create: {
            width: width / 8,
            height: Math.round((width * 3) / 32),
            channels: 3,
            background: '#6b8fb0',
          },
        })
          .webp()
          .toBuffer(),
      ]),
    ),
  ) as Record<string, Buffer>;
  const keys = await benchFileKeys(db);
  for (let i = 0; i < keys.length; i += 16) {
    await Promise.all(
      keys
        .slice(i, i + 16)
        .map(({ variant, key }) => blobs.put(key, sizes[variant]!, { contentType: 'image/webp' })),
    );
  }
  return keys.length;
}
