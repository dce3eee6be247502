import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEAR_DUPLICATE_CANDIDATES, NEAR_DUPLICATE_THRESHOLD } from '#common/near-duplicates.ts';
import { DISTINCT_PHOTOS, TRANSFORMS, transformed } from '#server/test/duplicate-pairs.ts';
import { sql } from 'kysely';
import { buildMedia } from '#server/test/factories.ts';
import { exifFixture } from '#server/test/fixtures.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { type ImageHashes, hashImage, nearestTurnDistance } from './dhash.ts';
import { scheduleHashBackfill } from './hash-backfill-job.ts';
import { createJob } from '#server/jobs/jobs.repository.ts';
import { DERIVATIVES_JOB } from '../derivatives/make-derivatives.ts';
import { findNearDuplicates, nearDuplicatesQuery } from './near-duplicates.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const flip = (hex: string, bits: number[]) =>
  bits
    .reduce((h, bit) => h ^ (1n << BigInt(bit)), BigInt(`0x${hex}`))
    .toString(16)
    .padStart(16, '0');
const only = (upright: string): ImageHashes => ({ upright, turns: [upright, upright, upright] });

describe('the dHash of real photos', () => {
  // The small camera photos (the 6000 × 4000 one is measured by the bench, not here).
  const photos = DISTINCT_PHOTOS.filter((p) => p !== 'large' && p !== 'gpsWithoutPosition');
  let originals: Map<string, ImageHashes>;
  beforeAll(async () => {
    originals = new Map();
    for (const photo of photos) originals.set(photo, await hashImage(sharp(await exifFixture(photo))));
  });

  it('stays within the threshold for every copy an archive receives again', async () => {
    for (const photo of photos) {
      const original = originals.get(photo)!;
      for (const transform of TRANSFORMS) {
        const copy = await hashImage(sharp(await transformed(await exifFixture(photo), transform)));
        const distance = nearestTurnDistance(original.upright, copy);
        expect(distance, `${photo}, ${transform}`).toBeLessThanOrEqual(NEAR_DUPLICATE_THRESHOLD);
      }
    }
  });

  it('keeps distinct photos apart in every turn', () => {
    for (const a of photos) {
      for (const b of photos) {
        if (a === b) continue;
        const distance = nearestTurnDistance(originals.get(a)!.upright, originals.get(b)!);
        expect(distance, `${a} / ${b}`).toBeGreaterThan(NEAR_DUPLICATE_THRESHOLD);
      }
    }
  });
});

describe('the band index', () => {
  const base = '0f1e2d3c4b5a6978';
  let nearId: string;
  let farId: string;
  beforeAll(async () => {
    // 7 bits away, two in each of three bands and one in the fourth: no band matches exactly.
    nearId = (await buildMedia(t, { dhash: flip(base, [0, 1, 16, 17, 32, 33, 48]) })).id;
    farId = (await buildMedia(t, { dhash: flip(base, [0, 1, 16, 17, 32, 33, 48, 49]) })).id;
  });
  const lookup = () =>
    findNearDuplicates(t.db, only(base), {
      threshold: NEAR_DUPLICATE_THRESHOLD,
      cap: NEAR_DUPLICATE_CANDIDATES,
    });

  it('finds an item within the threshold by a one-bit probe and leaves out one past it', async () => {
    const found = await lookup();
    expect(found.map((row) => [row.id, row.distance])).toEqual([[nearId, 7]]);
    expect(found.some((row) => row.id === farId)).toBe(false);
  });

  it('leaves featureless pictures (all-zero hash: flat, blank) out of the index', async () => {
    const blank = await buildMedia(t, { dhash: '0000000000000000' });
    const rows = await t.db
      .selectFrom('media_hash_bands')
      .select('band')
      .where('media_id', '=', blank.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('reads its candidates through the index, never a scan of the bands', async () => {
    const query = nearDuplicatesQuery(only(base), {
      threshold: NEAR_DUPLICATE_THRESHOLD,
      cap: NEAR_DUPLICATE_CANDIDATES,
    });
    // The test table is tiny: a scan is priced out, so the plan shows whether the index serves it.
    const plan = await t.db.transaction().execute(async (trx) => {
      await sql`select set_config('enable_seqscan', 'off', true)`.execute(trx);
      const { rows } = await sql<{ 'QUERY PLAN': string }>`explain ${query}`.execute(trx);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan, plan).toMatch(
      /Index (Only )?Scan on media_hash_bands_pkey|Bitmap Index Scan on media_hash_bands_pkey/,
    );
    expect(plan, plan).not.toMatch(/Seq Scan on media_hash_bands/);
  });
});

describe('the derivatives job', () => {
  it('hashes an image item while it makes its sizes', async () => {
    const photo = await exifFixture('malformed');
    await t.ctx.blobs.put('media/derive.jpg', await readFile(photo), { contentType: 'image/jpeg' });
    const item = await buildMedia(t, { file_key: 'media/derive.jpg', mime_type: 'image/jpeg', dhash: null });
    await createJob(t.db, DERIVATIVES_JOB, { ownerType: 'media', ownerId: item.id });
    await t.jobs.drain();
    const row = await t.db
      .selectFrom('media_items')
      .select(['dhash', 'processing_status'])
      .where('id', '=', item.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ dhash: (await hashImage(sharp(photo))).upright, processing_status: 'ready' });
  });

  it('keeps the hashes the ingest recorded with the file, and makes only the sizes', async () => {
    const photo = await exifFixture('malformed');
    await t.ctx.blobs.put('media/hashed.jpg', await readFile(photo), { contentType: 'image/jpeg' });
    // Hashes that are not this photo's: were they made again, the photo's would replace them.
    const recorded = {
      dhash: 'f0f0f0f0f0f0f0f0',
      dhash_turns: ['0f0f0f0f0f0f0f0f', 'ff00ff00ff00ff00', '00ff00ff00ff00ff'],
    };
    const item = await buildMedia(t, { file_key: 'media/hashed.jpg', mime_type: 'image/jpeg', ...recorded });
    await createJob(t.db, DERIVATIVES_JOB, { ownerType: 'media', ownerId: item.id });
    await t.jobs.drain();
    const row = await t.db
      .selectFrom('media_items')
      .select(['dhash', 'dhash_turns', 'processing_status'])
      .where('id', '=', item.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ ...recorded, processing_status: 'ready' });
    const variants = await t.db
      .selectFrom('derivatives')
      .select('variant')
      .where('owner_id', '=', item.id)
      .orderBy('variant')
      .execute();
    expect(variants.map((v) => v.variant)).toEqual(['display', 'download', 'medium', 'thumb']);
  });
});

describe('the backfill job', () => {
  it('gives the hash and index rows to an image item made before them', async () => {
    const photo = await exifFixture('gps');
    await t.ctx.blobs.put('media/older.jpg', await readFile(photo), { contentType: 'image/jpeg' });
    const older = await buildMedia(t, { file_key: 'media/older.jpg', mime_type: 'image/jpeg', dhash: null });
    await scheduleHashBackfill(t.db);
    await t.jobs.drain();
    const row = await t.db
      .selectFrom('media_items')
      .select(['dhash', 'dhash_turns'])
      .where('id', '=', older.id)
      .executeTakeFirstOrThrow();
    expect(row.dhash).toBe((await hashImage(sharp(photo))).upright);
    expect(row.dhash_turns).toHaveLength(3);
    const found = await findNearDuplicates(
      t.db,
      await hashImage(sharp(await transformed(photo, 'quality 60'))),
      {
        threshold: NEAR_DUPLICATE_THRESHOLD,
        cap: NEAR_DUPLICATE_CANDIDATES,
      },
    );
    expect(found.map((f) => f.id)).toContain(older.id);
  });
});
