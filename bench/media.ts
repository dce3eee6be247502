/**
 * Media pipeline figures:
 * 1. derivative generation (images/s) of the real job against bare sharp making the same sizes
 *    from the same files in the same run (goal ≥ 0.8×);
 * 2. one 100 MB upload over HTTP: peak RSS growth (goal < 64 MB) and throughput against `cp` of
 *    the same file (goal ≥ 0.5×).
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { SUBMISSION_MAX_BYTES, UPLOAD_MAX_BYTES } from '#common/limits.ts';
import { DEFAULT_WATERMARK } from '#common/watermark.ts';
import { DISPLAY_PX, MEDIUM_PX, THUMB_PX } from '#common/limits.ts';
import { makeDerivatives } from '#server/media/derivatives/make-derivatives.ts';
import { createTestApp, buildUser, signIn } from '#server/test/harness.ts';
import { exifFixture, imageFixture, opencvAvi } from '#server/test/fixtures.ts';
import { watermarkImage } from '#server/media/watermark/render-watermark.ts';
import { multipartUpload } from '#server/test/multipart.ts';
import { openPgliteInMemory } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';

const mb = (bytes: number) => (bytes / 1_048_576).toFixed(1);

/** curl in its own process, asynchronously (the server it talks to runs in this one); its HTTP status. */
function curl(args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn('curl', ['-s', '-o', '/dev/null', '-w', '%{http_code}', ...args]);
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', () => resolve(Number(out)));
  });
}

/** The real app on a fresh, migrated in-memory database (benchmarks run outside Vitest). */
async function benchApp() {
  const database = await openPgliteInMemory();
  await migrateToLatest(database.db);
  return createTestApp({ database });
}

/** One 50 MB submission over the resumable endpoint: bytes (tus PATCH by curl), then processing. */
export async function submissionUpload() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-submission-'));
  const file = join(dir, 'reel.avi');
  const avi = readFileSync(await opencvAvi('vtest.avi'));
  const size = SUBMISSION_MAX_BYTES - 1024;
  const filler = randomBytes(1_048_576);
  const out = openSync(file, 'w');
  writeSync(out, avi);
  for (let written = avi.length; written < size; written += filler.length) {
    writeSync(out, filler, 0, Math.min(filler.length, size - written));
  }
  closeSync(out);
  const t = await benchApp();
  try {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const created = await fetch(`${base}/api/uploads`, {
      method: 'POST',
      headers: {
        'Tus-Resumable': '1.0.0',
        'Upload-Length': String(size),
        'Upload-Metadata': `filename ${Buffer.from('reel.avi').toString('base64')}`,
      },
    });
    const id = created.headers.get('location')!.split('/').pop()!;
    const start = performance.now();
    // Asynchronously: the server answering it runs in this very process.
    const patchStatus = await curl([
      '-X',
      'PATCH',
      '-H',
      'Tus-Resumable: 1.0.0',
      '-H',
      'Upload-Offset: 0',
      '-H',
      'Content-Type: application/offset+octet-stream',
      '--data-binary',
      `@${file}`,
      `${base}/api/uploads/${id}`,
    ]);
    const bytesSeconds = (performance.now() - start) / 1000;
    if (patchStatus !== 204) throw new Error(`PATCH answered ${patchStatus}`);
    const processStart = performance.now();
    const res = await fetch(`${base}/api/submissions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ uploadId: id, title: 'Reel' }),
    });
    const processSeconds = (performance.now() - processStart) / 1000;
    if (res.status !== 201) throw new Error(`submission answered ${res.status}: ${await res.text()}`);
    const cpStart = performance.now();
    spawnSync('sh', ['-c', `cp "${file}" "${join(dir, 'copy.avi')}" && sync "${join(dir, 'copy.avi')}"`]);
    const cpSeconds = (performance.now() - cpStart) / 1000;
    const rate = size / 1_048_576 / (bytesSeconds + processSeconds);
    console.log(`submission of ${mb(size)} MB (tus PATCH by curl, then POST /api/submissions):`);
    console.log(
      `  bytes: ${(size / 1_048_576 / bytesSeconds).toFixed(0)} MB/s (${bytesSeconds.toFixed(2)} s)`,
    );
    console.log(`  processing (type check, SHA-256, store): ${processSeconds.toFixed(2)} s`);
    console.log(
      `  end to end: ${rate.toFixed(0)} MB/s; cp + sync: ${(size / 1_048_576 / cpSeconds).toFixed(0)} MB/s → ratio ${(rate / (size / 1_048_576 / cpSeconds)).toFixed(2)}×`,
    );
  } finally {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function run() {
  // The upload first: RSS never shrinks back after the image work, which would hide its growth.
  await uploadMemoryAndThroughput();
  await derivativeThroughput();
}

async function sources(): Promise<string[]> {
  const camera = await exifFixture('large'); // 6000×4000 camera JPEG
  const made = await Promise.all([
    imageFixture('jpeg', { width: 3000, height: 2000, name: 'bench-a.jpg' }),
    imageFixture('jpeg', { width: 2400, height: 3200, name: 'bench-b.jpg' }),
    imageFixture('png', { width: 2000, height: 1500, name: 'bench-c.png' }),
  ]);
  return [camera, camera, ...made, ...made];
}

/** What the job makes, done with sharp alone: thumb, watermarked display and its 800 px copy, watermarked download. */
async function bareSharp(path: string) {
  await sharp(path)
    .rotate()
    .resize(THUMB_PX, THUMB_PX, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 75 })
    .toBuffer();
  const display = await sharp(path)
    .rotate()
    .resize(DISPLAY_PX, DISPLAY_PX, { fit: 'inside', withoutEnlargement: true })
    .png({ compressionLevel: 0 })
    .toBuffer();
  const shown = await watermarkImage(display, DEFAULT_WATERMARK, { format: 'webp', quality: 82 });
  await sharp(shown.data)
    .resize(MEDIUM_PX, MEDIUM_PX, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
  const full = await sharp(path).rotate().png({ compressionLevel: 0 }).toBuffer();
  const format = path.endsWith('.png') ? 'png' : 'jpeg';
  await watermarkImage(full, DEFAULT_WATERMARK, { format, quality: 90 });
}

async function derivativeThroughput() {
  const files = await sources();
  const t = await benchApp();
  try {
    const admin = await buildUser(t, { role: 'admin' });
    const ids: string[] = [];
    const cookie = await signIn(t, admin.email, admin.password);
    for (const path of files) {
      const { payload, headers } = multipartUpload({}, { path });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/media',
        payload,
        headers: { ...headers, cookie },
      });
      if (res.statusCode !== 201) throw new Error(res.body);
      ids.push(res.json().media.id);
    }
    await bareSharp(files[0]!); // warm both paths up once
    const deps = { db: t.db, blobs: t.ctx.blobs, tmpDir: join(t.dataDir, 'tmp'), logger: console };

    // Interleaved, image by image, so neither side gets the warmer machine.
    let bareSeconds = 0;
    let oursSeconds = 0;
    for (const [i, path] of files.entries()) {
      const bareStart = performance.now();
      await bareSharp(path);
      bareSeconds += (performance.now() - bareStart) / 1000;
      const oursStart = performance.now();
      await makeDerivatives(deps, { ownerType: 'media', ownerId: ids[i]! }, true);
      oursSeconds += (performance.now() - oursStart) / 1000;
    }

    const ours = files.length / oursSeconds;
    const bare = files.length / bareSeconds;
    console.log(`derivatives: ${files.length} images (6000×4000 camera JPEGs, 2–6 MP JPEG/PNG)`);
    console.log(`  archive job:  ${ours.toFixed(2)} images/s`);
    console.log(`  bare sharp:   ${bare.toFixed(2)} images/s (same sizes, same watermark, no store/db)`);
    console.log(`  ratio: ${(ours / bare).toFixed(2)}× (goal ≥ 0.8×)`);
  } finally {
    await t.close();
  }
}

export async function uploadMemoryAndThroughput() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-upload-'));
  const file = join(dir, 'reel.avi');
  // A real AVI, padded with real (not sparse) bytes to just under 100 MB.
  const avi = readFileSync(await opencvAvi('vtest.avi'));
  const filler = randomBytes(1_048_576);
  const out = openSync(file, 'w');
  writeSync(out, avi);
  for (let written = avi.length; written < UPLOAD_MAX_BYTES - 1024; written += filler.length) {
    writeSync(out, filler, 0, Math.min(filler.length, UPLOAD_MAX_BYTES - 1024 - written));
  }
  closeSync(out);
  const size = statSync(file).size;

  const cpStart = performance.now();
  spawnSync('cp', [file, join(dir, 'copy.avi')]);
  const cpSeconds = (performance.now() - cpStart) / 1000;
  // The upload is durable (fsync before it answers); so is this baseline.
  const cpSyncStart = performance.now();
  spawnSync('sh', ['-c', `cp "${file}" "${join(dir, 'copy2.avi')}" && sync "${join(dir, 'copy2.avi')}"`]);
  const cpSyncSeconds = (performance.now() - cpSyncStart) / 1000;

  const t = await benchApp();
  try {
    const admin = await buildUser(t, { role: 'admin' });
    const cookie = await signIn(t, admin.email, admin.password);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;

    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 50);
    // curl as the client, in its own process, so the figures are the server's alone.
    const start = performance.now();
    const status = await curl([
      '-H',
      `cookie: ${cookie}`,
      '-F',
      'title=Reel',
      '-F',
      `file=@${file};type=video/x-msvideo`,
      `http://127.0.0.1:${port}/api/media`,
    ]);
    const seconds = (performance.now() - start) / 1000;
    clearInterval(sampler);
    if (status !== 201) throw new Error(`upload answered ${status}`);
    const uploadRate = size / 1_048_576 / seconds;
    const cpRate = size / 1_048_576 / cpSeconds;
    const cpSyncRate = size / 1_048_576 / cpSyncSeconds;
    console.log(`upload of ${mb(size)} MB over HTTP (multipart, streamed with SHA-256, fsynced, stored):`);
    console.log(`  peak RSS growth: ${mb(peak - baseline)} MB (goal < 64 MB)`);
    console.log(`  throughput: ${uploadRate.toFixed(0)} MB/s`);
    console.log(`  cp: ${cpRate.toFixed(0)} MB/s → ratio ${(uploadRate / cpRate).toFixed(2)}× (goal ≥ 0.5×)`);
    console.log(
      `  cp + sync: ${cpSyncRate.toFixed(0)} MB/s → ratio ${(uploadRate / cpSyncRate).toFixed(2)}×`,
    );
  } finally {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
