/**
 * `npm run bench -- duplicates`: how well the near-duplicate check (server/media/perceptual) tells
 * the same photo from another, and how long its lookup takes.
 *
 * 1. Precision and recall per threshold 0..12 on pairs made from the camera fixtures
 *    (server/test/duplicate-pairs.ts: each photo against its re-encoded, halved, cropped, grey and
 *    turned copies, and every pair of distinct photos), and the threshold chosen from them: the
 *    best F1 the band index can serve (≤ 7), its smallest on a tie.
 * 2. The lookup at N items (BENCH_DUPLICATES_ITEMS, default 100,000) on PGlite, median and p95 of
 *    50 lookups through the app's repository, beside a full scan of the same table through the bare
 *    client (the thread's own query), in the same run.
 */
import { sql } from 'kysely';
import { Kysely } from 'kysely';
import sharp from 'sharp';
import { NEAR_DUPLICATE_CANDIDATES, NEAR_DUPLICATE_THRESHOLD } from '#common/near-duplicates.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { pgliteSettings } from '#server/db/pglite-options.ts';
import { PgliteThread, PgliteThreadDialect } from '#server/db/pglite-thread.ts';
import type { Database } from '#server/db/schema.ts';
import { hashImage, type ImageHashes, nearestTurnDistance } from '#server/media/perceptual/dhash.ts';
import { findNearDuplicates, hashAsBigint } from '#server/media/perceptual/near-duplicates.repository.ts';
import { DISTINCT_PHOTOS, TRANSFORMS, transformed } from '#server/test/duplicate-pairs.ts';
import { exifFixture } from '#server/test/fixtures.ts';

const INDEX_REACH = 7;

export async function run(): Promise<void> {
  await accuracy();
  await lookup(Number(process.env.BENCH_DUPLICATES_ITEMS ?? 100_000));
}

async function accuracy() {
  const originals = new Map<string, ImageHashes>();
  const same: { label: string; distance: number }[] = [];
  for (const photo of DISTINCT_PHOTOS) {
    const path = await exifFixture(photo);
    const original = await hashImage(sharp(path));
    originals.set(photo, original);
    for (const transform of TRANSFORMS) {
      const copy = await hashImage(sharp(await transformed(path, transform)));
      same.push({ label: `${photo} / ${transform}`, distance: nearestTurnDistance(original.upright, copy) });
    }
  }
  const distinct: { label: string; distance: number }[] = [];
  for (const a of DISTINCT_PHOTOS) {
    for (const b of DISTINCT_PHOTOS) {
      if (a >= b) continue;
      distinct.push({
        label: `${a} / ${b}`,
        distance: nearestTurnDistance(originals.get(a)!.upright, originals.get(b)!),
      });
    }
  }
  console.log(`${same.length} pairs of the same photo, ${distinct.length} pairs of distinct photos`);
  console.log('threshold | precision | recall | F1 | missed (same photo) | false (distinct)');
  let best = { threshold: 0, f1: -1 };
  for (let threshold = 0; threshold <= 12; threshold++) {
    const tp = same.filter((p) => p.distance <= threshold).length;
    const fp = distinct.filter((p) => p.distance <= threshold).length;
    const precision = tp + fp === 0 ? 1 : tp / (tp + fp);
    const recall = tp / same.length;
    const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
    if (threshold <= INDEX_REACH && f1 > best.f1) best = { threshold, f1 };
    console.log(
      `${String(threshold).padStart(9)} | ${precision.toFixed(3)} | ${recall.toFixed(3)} | ${f1.toFixed(3)} | ${same.length - tp} | ${fp}`,
    );
  }
  const missed = same.filter((p) => p.distance > best.threshold).map((p) => `${p.label} (${p.distance})`);
  const nearest = Math.min(...distinct.map((p) => p.distance));
  console.log(
    `chosen threshold: ${best.threshold} (best F1 within the band index's reach of ${INDEX_REACH}); in use: ${NEAR_DUPLICATE_THRESHOLD}` +
      `${best.threshold === NEAR_DUPLICATE_THRESHOLD ? ' ✓' : ' ✗ (common/near-duplicates.ts differs)'}`,
  );
  console.log(`missed at it: ${missed.join(', ') || 'none'}; nearest distinct pair: ${nearest} bits`);
}

async function lookup(items: number) {
  const thread = await PgliteThread.start({ settings: pgliteSettings() });
  const db = new Kysely<Database>({ dialect: new PgliteThreadDialect(thread) });
  try {
    await migrateToLatest(db);
    const started = performance.now();
    const slice = 20_000;
    for (let from = 1; from <= items; from += slice) {
      const to = Math.min(items, from + slice - 1);
      // md5 of the number: hashes spread over the 64 bits as real ones would be at best.
      await sql`insert into media_items (title, media_type, file_key, file_name, file_size, mime_type, sha256, dhash)
        select 'Mynd ' || n, 'image', 'media/bench-' || n, 'mynd.jpg', 1000, 'image/jpeg',
          lpad(to_hex(n), 64, '0'), substr(md5(n::text), 1, 16)
        from generate_series(${from}::int, ${to}::int) n`.execute(db);
    }
    await sql`analyze`.execute(db);
    console.log(
      `\n${items.toLocaleString('en')} items hashed and indexed in ${((performance.now() - started) / 1000).toFixed(1)} s (PGlite)`,
    );
    const { rows } = await sql<{
      dhash: string;
    }>`select dhash from media_items order by random() limit 50`.execute(db);
    // Each query is a stored hash with 5 bits flipped: a near-duplicate that must be found.
    const queries = rows.map((row, i) => {
      let bits = BigInt(`0x${row.dhash}`);
      for (let k = 0; k < 5; k++) bits ^= 1n << BigInt((i * 13 + k * 11) % 64);
      const upright = bits.toString(16).padStart(16, '0');
      return { upright, turns: [upright, upright, upright] as [string, string, string] };
    });
    const app: number[] = [];
    let found = 0;
    for (const q of queries) {
      const t0 = performance.now();
      const hits = await findNearDuplicates(db, q, {
        threshold: NEAR_DUPLICATE_THRESHOLD,
        cap: NEAR_DUPLICATE_CANDIDATES,
      });
      app.push(performance.now() - t0);
      if (hits.length > 0) found++;
    }
    const scan: number[] = [];
    for (const q of queries.slice(0, 10)) {
      const t0 = performance.now();
      await thread.query(
        `select id from media_items where dhash is not null
           and bit_count((('x' || dhash)::bit(64)::bigint # $1::bigint)::bit(64)) <= $2`,
        [hashAsBigint(q.upright), NEAR_DUPLICATE_THRESHOLD],
      );
      scan.push(performance.now() - t0);
    }
    console.log('lookup | median ms | p95 ms | found');
    console.log(
      `band index (app) | ${quantile(app, 0.5).toFixed(1)} | ${quantile(app, 0.95).toFixed(1)} | ${found}/${queries.length}`,
    );
    console.log(
      `full scan (bare client, one turn) | ${quantile(scan, 0.5).toFixed(1)} | ${quantile(scan, 0.95).toFixed(1)} |`,
    );
    console.log(
      `ratio scan / index: ${(quantile(scan, 0.5) / quantile(app, 0.5)).toFixed(1)}×; goal: < 50 ms at 1,000,000 items`,
    );
  } finally {
    await db.destroy();
    await thread.close();
  }
}

function quantile(values: number[], q: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}
