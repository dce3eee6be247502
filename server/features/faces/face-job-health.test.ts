/**
 * Issue 29 §3 "done when": the face job never makes /api/health's p99 exceed 100 ms. Three real
 * group photos go through the job (detection, landmarks and descriptors on the worker thread; the
 * look-alike search and the writes on the main thread) while /api/health is asked over HTTP every
 * 20 ms, in the style of server/media/event-loop-stall.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeStall, measureStall } from '#server/test/event-loop.ts';
import { asRole, buildMedia } from '#server/test/factories.ts';
import { faceApiSample } from '#server/test/fixtures.ts';
import { createTestApp, listen, type TestApp } from '#server/test/harness.ts';
import { closeFaceEngine, loadFaceModels } from '#server/media/faces/face-engine.ts';

/** The bound on /api/health while the job runs. */
const MAX_HEALTH_P99_MS = 100;
/** The longest the event loop may be held (DESIGN §4.7). */
const MAX_STALL_MS = 100;

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

describe('/api/health while the face job runs', { timeout: 600_000 }, () => {
  it(`answers with a p99 under ${MAX_HEALTH_P99_MS} ms`, async () => {
    for (const sample of [1, 2, 3] as const) {
      const key = `media/test/faces-${randomUUID()}.jpg`;
      await t.ctx.blobs.put(key, await readFile(faceApiSample(sample)), { contentType: 'image/jpeg' });
      await buildMedia(t, { file_key: key, mime_type: 'image/jpeg', processing_status: 'ready' });
    }
    // The models are loaded first: starting a worker is measured by the engine's own tests.
    await loadFaceModels();
    const admin = await asRole(t, 'admin');
    expect((await admin.put('/api/admin/faces', { enabled: true })).statusCode).toBe(200);

    const latencies: number[] = [];
    const health = async () => {
      const started = performance.now();
      const res = await fetch(`${base}/api/health`);
      await res.arrayBuffer();
      latencies.push(performance.now() - started);
      return res.status;
    };
    const { stall } = await measureStall(() => t.jobs.drain(), health);
    const sorted = [...latencies].sort((a, b) => a - b);
    const p99 = sorted[Math.ceil(sorted.length * 0.99) - 1]!;
    console.log(
      `${describeStall('face job, 3 group photos', stall)}\n  /api/health p50 ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms of ${sorted.length}`,
    );
    const scans = await t.db.selectFrom('face_scans').select(['faces', 'error']).execute();
    expect(scans).toHaveLength(3);
    expect(scans.every((s) => s.faces >= 3 && s.error === null)).toBe(true);
    expect(sorted.length).toBeGreaterThan(20);
    expect(p99, '/api/health p99 (ms)').toBeLessThan(MAX_HEALTH_P99_MS);
    expect(stall.heldMs, 'longest hold of the event loop (ms)').toBeLessThan(MAX_STALL_MS);
  });
});
