import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findDuplicates } from '#server/features/submissions/submissions.repository.ts';
import { claimJob, requeueOrphanedJobs } from '#server/jobs/jobs.repository.ts';
import { testEngine } from '#server/test/engine.ts';
import { explainStatements } from '#server/test/explain.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { findDocumentBySha256, findMediaBySha256 } from '#server/import/import.repository.ts';

/**
 * "Is this file already in the archive?" (an import's every file, an upload's duplicate flag) is
 * answered from an index on (sha256, created_at), whatever the planner's statistics say: PGlite
 * has no autovacuum, and on PostgreSQL a bulk import outruns it, and without statistics the planner
 * walked every item newest first (20 ms a file at 26,000 items, growing with the archive). Sorts
 * and the newest-first indexes are priced out here: a plan that still uses them has no index that
 * serves both the equality and the order (migration 0045). The same for the job queue's next job
 * (migration 0046).
 */
const SHA = 'a'.repeat(64);
const OFF = ['enable_seqscan', 'enable_bitmapscan', 'enable_sort'];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the oldest holder of a SHA-256', () => {
  it.each([
    ['an item', (db: TestApp['db']) => findMediaBySha256(db, SHA), /media_sha256_oldest_idx/],
    ['a document', (db: TestApp['db']) => findDocumentBySha256(db, SHA), /documents_sha256_oldest_idx/],
  ])('of %s is read from the (sha256, created_at) index, without a sort', async (_, run, index) => {
    const [plan] = await explainStatements(t.db, run, OFF);
    expect(plan, plan).toMatch(new RegExp(`Index (Only )?Scan using ${index.source}`));
    expect(plan, plan).not.toMatch(/\bSort\b/);
  });

  it('an upload is flagged against is found from the same indexes', async () => {
    const plans = await explainStatements(t.db, (db) => findDuplicates(db, SHA), OFF);
    expect(plans).toHaveLength(2);
    expect(plans[0], plans[0]).toMatch(/Index (Only )?Scan using media_sha256_oldest_idx/);
    expect(plans[1], plans[1]).toMatch(/Index Scan using submissions_sha256_oldest_idx/);
    for (const plan of plans) expect(plan, plan).not.toMatch(/\bSort\b/);
  });
});

describe('the next job a worker takes', () => {
  it('is the first row of the queued jobs index, without a sort', async () => {
    const [plan] = await explainStatements(t.db, (db) => claimJob(db, ['derivatives'], 1), OFF);
    expect(plan, plan).toMatch(/Index Scan using jobs_queued_order_idx/);
    expect(plan, plan).not.toMatch(/\bSort\b/);
  });
});

describe("the jobs a dead worker left running (the runner's poll)", () => {
  it('are found through the running jobs index, not a scan of every job', async () => {
    const [plan] = await explainStatements(t.db, (db) => requeueOrphanedJobs(db, 1, 600), OFF);
    expect(plan, plan).toMatch(/Index Scan using jobs_running_idx/);
    expect(plan, plan).not.toMatch(/Seq Scan on jobs/);
  });
});

describe('a PostgreSQL connection of the archive', () => {
  it('compiles no statement just in time (jit is off)', async () => {
    const { rows } = await sql<{ jit: string }>`show jit`.execute(t.db);
    // PGlite is built without JIT; PostgreSQL has it on unless the archive turns it off.
    expect(rows[0]!.jit).toBe(testEngine() === 'postgres' ? 'off' : rows[0]!.jit);
  });
});
