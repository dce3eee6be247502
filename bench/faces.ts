/**
 * `npm run bench -- faces`: how well face suggestions (issue 29 §3) tell one face from another, and
 * what the detection costs.
 *
 * 1. Precision and recall of "the same face" per descriptor distance threshold 0.30..0.70, on the
 *    labelled set of server/test/face-pairs.ts (@vladmandic/face-api's six demo photos, MIT: each
 *    face against itself on copies re-encoded at quality 60, halved, cropped around the face and
 *    made grey; every face against every other), and the threshold chosen from it: the largest on
 *    the grid at which no pair of different faces falls within, kept at least 0.05 under the
 *    nearest different pair (the same person on another photo lies farther apart than these copies
 *    of one photo, so the largest safe threshold is the useful one), never over face-api's 0.6.
 * 2. Time: loading the models once, then per image the detector (with landmarks and descriptors on
 *    the one niced thread) beside the baseline measured in the same run: libvips turning the same
 *    photo upright and scaling it to 1024 px (what the job does before the model sees it).
 * 3. (measured first) `/api/health` while the job runs (issue 29 "done when": p99 < 100 ms), on PGlite and, when
 *    BENCH_DATABASE_URL or TEST_DATABASE_URL is set, PostgreSQL: the app on a real port in this
 *    process with its database as the server opens it, HEALTH_RATE requests a second from
 *    autocannon in a process of its own for BENCH_FACES_SECONDS (default 15), first with nothing
 *    else running (the baseline), then while the job scans the six demo photos, each put in the
 *    archive JOB_COPIES times (so that it is still at work when the measure ends; printed).
 * BENCH_FACES_PARTS=timing,accuracy,health picks the parts (all by default).
 */
import { rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { FACE_MATCH_THRESHOLD } from '#common/faces.ts';
import {
  closeFaceEngine,
  faceWorkerNiced,
  facePixels,
  findFacesInPixels,
  loadFaceModels,
} from '#server/media/faces/face-engine.ts';
import { buildFaceSet, scoreAt } from '#server/test/face-pairs.ts';
import { FACE_SAMPLES, faceApiSample } from '#server/test/fixtures.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { asRole, buildMedia } from '#server/test/factories.ts';
import { createTestApp, listen, type TestApp } from '#server/test/harness.ts';
import { autocannon, type Load } from './lib/autocannon.ts';
import { benchPostgresUrl, type Engine, pgliteEngine, postgresEngine } from './lib/engines.ts';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function run(): Promise<void> {
  try {
    // The server's health first: after the accuracy set (46 images' detections) this process
    // carries a heap no server does, and its collections showed in /api/health's p99 (208 ms).
    if (PARTS.includes('health')) {
      await health(pgliteEngine);
      const url = benchPostgresUrl();
      if (url) await health(() => postgresEngine(url, 'archive_bench_faces'));
    }
    if (PARTS.includes('timing')) await timing();
    if (PARTS.includes('accuracy')) await accuracy();
  } finally {
    await closeFaceEngine();
  }
}

const PARTS = (process.env.BENCH_FACES_PARTS ?? 'timing,accuracy,health').split(',');
const SECONDS = Number(process.env.BENCH_FACES_SECONDS ?? 15);
/** A check every 20 ms, as server/features/faces/face-job-health.test.ts asks. */
const HEALTH_RATE = 50;
const JOB_COPIES = 8;

async function health(makeEngine: () => Promise<Engine>) {
  const engine = await makeEngine();
  let t: TestApp | undefined;
  try {
    await migrateToLatest(engine.handle.db);
    t = await createTestApp({ database: engine.handle });
    const app = t;
    for (let copy = 0; copy < JOB_COPIES; copy++) {
      for (const sample of FACE_SAMPLES) {
        const key = `media/bench/faces-${copy}-${sample}.jpg`;
        await app.ctx.blobs.put(key, await readFile(faceApiSample(sample)), { contentType: 'image/jpeg' });
        await buildMedia(app, { file_key: key, mime_type: 'image/jpeg', processing_status: 'ready' });
      }
    }
    await loadFaceModels();
    const base = await listen(app);
    const healthUrl = `${base}/api/health`;
    const measure = () => autocannon(healthUrl, { connections: 1, seconds: SECONDS, rate: HEALTH_RATE });

    const idle = await measure();
    const admin = await asRole(app, 'admin');
    if ((await admin.put('/api/admin/faces', { enabled: true })).statusCode !== 200) {
      throw new Error('the face job could not be switched on');
    }
    let jobDone = false;
    const jobStarted = performance.now();
    const job = app.jobs.drain().finally(() => {
      jobDone = true;
    });
    const busy = await measure();
    const scannedDuring = await scanned(app);
    const stillRunning = !jobDone;
    await job;
    const jobSeconds = (performance.now() - jobStarted) / 1000;
    const total = await scanned(app);
    const images = FACE_SAMPLES.length * JOB_COPIES;
    console.log(`\n/api/health on ${engine.name}, ${HEALTH_RATE} a second for ${SECONDS} s each:`);
    console.log(`| while | p50 | p99 | errors |\n|---|---|---|---|`);
    const row = (label: string, l: Load) =>
      console.log(`| ${label} | ${l.p50} ms | ${l.p99} ms | ${l.errors + l.non2xx} |`);
    row('nothing else runs (baseline)', idle);
    row(`the face job scans (${scannedDuring} of ${images} images in the ${SECONDS} s)`, busy);
    console.log(
      `the job: ${total} of ${images} images in ${jobSeconds.toFixed(1)} s; ` +
        `${stillRunning ? 'still at work when the measure ended' : '✗ done before the measure ended (more copies needed)'}; ` +
        `p99 ${(busy.p99 / Math.max(1, idle.p99)).toFixed(1)}× the baseline's; ` +
        `${busy.p99 < 100 ? '✓' : '✗'} p99 < 100 ms while it runs`,
    );
  } finally {
    if (t) {
      await t.app.close();
      rmSync(t.dataDir, { recursive: true, force: true });
    }
    await engine.close();
  }
}

async function scanned(t: TestApp): Promise<number> {
  const row = await t.db
    .selectFrom('face_scans')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function timing() {
  await closeFaceEngine(); // the health part loaded them: the load is timed from nothing
  const loadStarted = performance.now();
  await loadFaceModels();
  console.log(
    `models loaded in ${((performance.now() - loadStarted) / 1000).toFixed(2)} s (worker niced to 19: ${faceWorkerNiced()})`,
  );
  const prepare: number[] = [];
  const detect: number[] = [];
  for (const photo of FACE_SAMPLES) {
    const path = faceApiSample(photo);
    const started = performance.now();
    const pixels = await facePixels({ pipeline: () => sharp(path) });
    prepare.push(performance.now() - started);
    const detectStarted = performance.now();
    const scan = await findFacesInPixels(pixels);
    detect.push(performance.now() - detectStarted);
    console.log(
      `  sample${photo}.jpg → ${scan.width}×${scan.height}: ${scan.faces.length} faces in ${(detect.at(-1)! / 1000).toFixed(2)} s`,
    );
  }
  const base = median(prepare);
  const model = median(detect);
  console.log(
    `per image (median of ${FACE_SAMPLES.length}): libvips to 1024 px ${base.toFixed(0)} ms (baseline), ` +
      `detection + landmarks + descriptors ${model.toFixed(0)} ms (${(model / base).toFixed(1)}× the baseline)`,
  );
}

async function accuracy() {
  const set = await buildFaceSet();
  console.log(
    `${set.faces.length} faces on ${FACE_SAMPLES.length} photos; ${set.same.length} pairs of the same face ` +
      `(${set.missed.length} copies where the detector did not find the face again), ` +
      `${set.different.length} pairs of different faces; ${set.images} images in ${(set.detectMs / 1000).toFixed(1)} s`,
  );
  if (set.missed.length > 0) console.log(`  not found again: ${set.missed.join('; ')}`);
  const farthestSame = Math.max(...set.same.map((p) => p.distance));
  const nearestDifferent = Math.min(...set.different.map((p) => p.distance));
  const worstSame = set.same.reduce((a, b) => (b.distance > a.distance ? b : a));
  const worstDifferent = set.different.reduce((a, b) => (b.distance < a.distance ? b : a));
  console.log(`  farthest same face: ${farthestSame.toFixed(3)} (${worstSame.label})`);
  console.log(`  nearest different faces: ${nearestDifferent.toFixed(3)} (${worstDifferent.label})`);
  console.log('threshold | precision | recall | same found | different within');
  let chosen = 0;
  for (let step = 30; step <= 70; step += 5) {
    const threshold = step / 100;
    const score = scoreAt(set, threshold);
    console.log(
      `${threshold.toFixed(2)} | ${(score.precision * 100).toFixed(1)} % | ${(score.recall * 100).toFixed(1)} % | ` +
        `${score.tp} | ${score.fp}`,
    );
    if (score.fp === 0 && threshold <= nearestDifferent - 0.05 && threshold <= 0.6) chosen = threshold;
  }
  const atChosen = scoreAt(set, chosen);
  const atServed = scoreAt(set, FACE_MATCH_THRESHOLD);
  console.log(
    `chosen threshold ${chosen.toFixed(2)} (precision ${(atChosen.precision * 100).toFixed(1)} %, recall ` +
      `${(atChosen.recall * 100).toFixed(1)} %); the archive uses FACE_MATCH_THRESHOLD = ${FACE_MATCH_THRESHOLD} ` +
      `(precision ${(atServed.precision * 100).toFixed(1)} %, recall ${(atServed.recall * 100).toFixed(1)} %)`,
  );
}
