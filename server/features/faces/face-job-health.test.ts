/**
 * Issue 29 §3 "done when": the face job never makes /api/health's p99 exceed 100 ms. Three real
 * group photos go through the job (detection, landmarks and descriptors on the worker thread; the
 * look-alike search and the writes on the main thread) while /api/health is asked over HTTP every
 * 20 ms, in the style of server/media/event-loop-stall.test.ts.
 *
 * On a machine other processes load (the test suite's own parallel files, other checkouts), the
 * scheduler alone makes a p99 of tens to hundreds of milliseconds, job or no job. As the stall tests
 * grant the time the process waited for a CPU, this one measures /api/health's p99 for as long
 * without the job just before and just after, in the same process, and grants the higher of the
 * two (the load of the other processes comes and goes while the job runs): the job may add at most
 * 100 ms to the p99. On a quiet machine that is the bound itself (`npm run bench -- faces`
 * prints both figures).
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeStall, measureStall } from '#server/test/event-loop.ts';
import { asRole, buildMedia } from '#server/test/factories.ts';
import { faceApiSample } from '#server/test/fixtures.ts';
import { createTestApp, listen, type TestApp } from '#server/test/harness.ts';
import { closeFaceEngine, loadFaceModels } from '#server/media/faces/face-engine.ts';

/** What the job may add to /api/health's p99 (the bound). */
const MAX_HEALTH_P99_MS = 100;
/** The longest the event loop may be held (DESIGN §4.7). */
const MAX_STALL_MS = 100;
const BASELINE_MS = 6_000;

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t);
});
afterAll(async () => {
  await closeFaceEngine();
  await t?.close();
});

/** Asks /api/health every 20 ms while `work` runs; answers the p50 and p99 and the stall. */
async function healthDuring(label: string, work: () => Promise<unknown>) {
  const latencies: number[] = [];
  const health = async () => {
    const started = performance.now();
    const res = await fetch(`${base}/api/health`);
    await res.arrayBuffer();
    latencies.push(performance.now() - started);
    return res.status;
  };
  const { stall } = await measureStall(work, health);
  const sorted = [...latencies].sort((a, b) => a - b);
  const p50 = sorted[Math.floor(sorted.length / 2)]!;
  const p99 = sorted[Math.ceil(sorted.length * 0.99) - 1]!;
  console.log(
    `${describeStall(label, stall)}\n    /api/health p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms of ${sorted.length}`,
  );
  return { p99, stall, checks: sorted.length };
}

describe('/api/health while the face job runs', { timeout: 600_000 }, () => {
  it(`gains less than ${MAX_HEALTH_P99_MS} ms of p99, and the event loop is never held`, async () => {
    for (const sample of [1, 2, 3] as const) {
      const key = `media/test/faces-${randomUUID()}.jpg`;
      await t.ctx.blobs.put(key, await readFile(faceApiSample(sample)), { contentType: 'image/jpeg' });
      await buildMedia(t, { file_key: key, mime_type: 'image/jpeg', processing_status: 'ready' });
    }
    // The models are loaded first: starting a worker is measured by the engine's own tests.
    await loadFaceModels();
    const admin = await asRole(t, 'admin');

    const idle = (label: string) =>
      healthDuring(label, () => new Promise((resolve) => setTimeout(resolve, BASELINE_MS)));
    const before = await idle('no job (baseline before)');
    expect((await admin.put('/api/admin/faces', { enabled: true })).statusCode).toBe(200);
    const during = await healthDuring('face job, 3 group photos', () => t.jobs.drain());
    const after = await idle('no job (baseline after)');
    const baseline = before.p99 > after.p99 ? before : after;

    const scans = await t.db.selectFrom('face_scans').select(['faces', 'error']).execute();
    expect(scans).toHaveLength(3);
    expect(scans.every((s) => s.faces >= 3 && s.error === null)).toBe(true);
    expect(during.checks).toBeGreaterThan(20);
    expect(during.p99, '/api/health p99 while the job runs (ms)').toBeLessThan(
      MAX_HEALTH_P99_MS + baseline.p99,
    );
    expect(during.stall.heldMs, 'longest hold of the event loop (ms)').toBeLessThan(MAX_STALL_MS);
  });
});
