/**
 * Issue 27 §5: a sound or video that browsers do not play, decided by ffprobe's codecs and not by
 * the container, gets a playable copy (H.264/AAC MP4 at most 1080p, or AAC) by a bounded ffmpeg job
 * of its own; the original stays as it was sent, and the copy is served with ranges. The clips are
 * ffmpeg's own, a second long at 160 × 120.
 */
import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import { copyFile, readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asRole, type RoleClient } from '#server/test/factories.ts';
import {
  alawWav,
  h264AacMp4,
  h264Avi,
  hugeMjpegAvi,
  mjpegPcmAvi,
  scratchPath,
  uhdMjpegAvi,
  wmvClip,
} from '#server/test/fixtures.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '#server/test/harness.ts';
import { multipartUpload } from '#server/test/multipart.ts';
import { probeStreams } from '../av/browser-playable.ts';
import { hasFfmpeg } from './ffmpeg.ts';
import { queuePlayableCopy } from './playable-copies.repository.ts';
import { playableLimits } from './playable-copy.ts';

const run = promisify(execFile);

let t: TestApp;
let admin: RoleClient;
let anonymous: RoleClient;
/** The items of the shared uploads, by fixture, once their jobs are done. */
const items: Record<string, { id: string; sha256: string }> = {};

async function staffUpload(path: string) {
  const { payload, headers } = multipartUpload({ isPublic: 'true' }, { path });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/media',
    payload,
    headers: { ...headers, origin: TEST_ORIGIN, cookie: admin.cookie! },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().media as { id: string; sha256: string };
}

const variants = async (id: string) =>
  (await t.db.selectFrom('derivatives').select('variant').where('owner_id', '=', id).execute())
    .map((d) => d.variant)
    .sort();

const copyOf = (id: string) =>
  t.db.selectFrom('playable_copies').selectAll().where('media_id', '=', id).executeTakeFirst();

async function storedFile(key: string, name: string) {
  const path = await scratchPath(name);
  const { body } = await t.ctx.blobs.get(key);
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  const { writeFile } = await import('node:fs/promises');
  await writeFile(path, Buffer.concat(chunks));
  return path;
}

async function playableFile(id: string) {
  const row = await t.db
    .selectFrom('derivatives')
    .selectAll()
    .where('owner_id', '=', id)
    .where('variant', '=', 'playable')
    .executeTakeFirstOrThrow();
  return { row, path: await storedFile(row.file_key, `${id}-${row.file_key.split('/').pop()}`) };
}

/** The decoded pictures' checksums: equal only if the pictures were copied, not encoded again. */
async function frameHashes(path: string) {
  const { stdout } = await run('ffmpeg', ['-v', 'error', '-i', path, '-map', '0:v', '-f', 'framemd5', '-']);
  return stdout
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => line.split(',').pop()!.trim());
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await asRole(t, 'admin');
  anonymous = await asRole(t, 'anonymous');
  if (!hasFfmpeg()) return;
  const fixtures = {
    avi: mjpegPcmAvi,
    wmv: wmvClip,
    h264Avi,
    mp4: h264AacMp4,
    alaw: alawWav,
    uhd: uhdMjpegAvi,
  };
  for (const [name, make] of Object.entries(fixtures)) items[name] = await staffUpload(await make());
  await t.jobs.drain();
}, 240_000);
afterAll(async () => {
  await t?.jobs.stop();
  await t?.close();
});

describe('the playable copy of old video and sound', { skip: !hasFfmpeg(), timeout: 120_000 }, () => {
  it('gives an AVI of MJPEG and PCM an H.264/AAC MP4, served with ranges, the original untouched', async () => {
    const { id, sha256 } = items.avi!;
    expect(await variants(id)).toEqual(['playable', 'poster', 'thumb']);
    expect(await copyOf(id)).toMatchObject({ status: 'ready', progress: 1, error: null });

    const media = (await anonymous.get(`/api/media/${id}`)).json().media;
    expect(media.files.playable).toMatch(new RegExp(`^/files/media/${id}/playable\\?v=`));
    expect(media.files.original).toMatch(/\/original\?v=/);
    expect(media.mimeType).toBe('video/x-msvideo');

    const { row, path } = await playableFile(id);
    expect(row).toMatchObject({ mime_type: 'video/mp4', width: 160, height: 120, watermarked: false });
    const streams = await probeStreams(path, 'mp4');
    expect(streams.video).toMatchObject({ codec: 'h264', pixelFormat: 'yuv420p' });
    expect(streams.audio).toEqual({ codec: 'aac' });
    expect(streams.durationSeconds).toBeCloseTo(1, 0);
    // +faststart: the index (moov) before the pictures (mdat), so playback starts at once.
    const bytes = await readFile(path);
    expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'));

    const range = await anonymous.get(media.files.playable, undefined, { range: 'bytes=0-99' });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-type']).toBe('video/mp4');
    expect(range.headers['content-range']).toBe(`bytes 0-99/${bytes.length}`);
    expect(range.rawPayload.equals(bytes.subarray(0, 100))).toBe(true);

    const original = await anonymous.get(media.files.original);
    expect(original.statusCode).toBe(200);
    expect(createHash('sha256').update(original.rawPayload).digest('hex')).toBe(sha256);
    expect(original.headers['content-type']).toBe('video/x-msvideo');
  });

  it('gives a WMV of WMV 8 and WMA 2 its copy too', async () => {
    const { id } = items.wmv!;
    expect(await variants(id)).toEqual(['playable', 'poster', 'thumb']);
    const streams = await probeStreams((await playableFile(id)).path, 'mp4');
    expect([streams.video?.codec, streams.audio?.codec]).toEqual(['h264', 'aac']);
  });

  it('copies the H.264 of an AVI into MP4 without encoding it again, and encodes its MP3 as AAC', async () => {
    const { id } = items.h264Avi!;
    const { path } = await playableFile(id);
    const streams = await probeStreams(path, 'mp4');
    expect([streams.video?.codec, streams.audio?.codec]).toEqual(['h264', 'aac']);
    const original = await storedFile(
      (await t.db.selectFrom('media_items').select('file_key').where('id', '=', id).executeTakeFirstOrThrow())
        .file_key,
      'h264-original.avi',
    );
    const frames = await frameHashes(path);
    expect(frames.length).toBeGreaterThan(5);
    expect(frames).toEqual(await frameHashes(original));
  });

  it('makes no copy of an H.264/AAC MP4, which browsers play as it is', async () => {
    const { id } = items.mp4!;
    expect(await variants(id)).toEqual(['poster', 'thumb']);
    expect(await copyOf(id)).toBeUndefined();
    const media = (await anonymous.get(`/api/media/${id}`)).json().media;
    expect(media.files.playable).toBeNull();
  });

  it('gives an a-law WAV an AAC copy in MP4', async () => {
    const { id } = items.alaw!;
    expect(await variants(id)).toEqual(['playable', 'waveform']);
    const { row, path } = await playableFile(id);
    expect(row.mime_type).toBe('audio/mp4');
    const streams = await probeStreams(path, 'mp4');
    expect(streams).toMatchObject({ video: null, audio: { codec: 'aac' } });
  });

  it('makes the copy of a 3840 × 2160 video at most 1080p', async () => {
    const { row } = await playableFile(items.uhd!.id);
    expect([row.width, row.height]).toEqual([1920, 1080]);
  });

  it('shows staff the copy on the item in media management', async () => {
    const res = await admin.get('/api/admin/media?limit=50');
    expect(res.statusCode, res.body).toBe(200);
    const byId = new Map(
      (res.json().items as { id: string; playableCopy: unknown }[]).map((i) => [i.id, i.playableCopy]),
    );
    expect(byId.get(items.wmv!.id)).toEqual({ status: 'ready', progress: 1, error: null });
    expect(byId.get(items.mp4!.id)).toBeNull();
  });
});

describe('the bounds of the playable copy', { skip: !hasFfmpeg(), timeout: 120_000 }, () => {
  it('gives an encode 1 GiB and 120 s plus 10 s per second of media', () => {
    expect(playableLimits(1)).toEqual({ memoryBytes: 2 ** 30, timeoutMs: 130_000 });
    expect(playableLimits(3600)).toEqual({ memoryBytes: 2 ** 30, timeoutMs: 36_120_000 });
  });

  it('refuses a stored 8000 × 8000 picture before decoding it: failed once, without retries, and shown to staff', async () => {
    // An AVI accepted at upload whose stored file is then the review's video bomb.
    const item = await staffUpload(await mjpegPcmAvi());
    const { file_key } = await t.db
      .selectFrom('media_items')
      .select('file_key')
      .where('id', '=', item.id)
      .executeTakeFirstOrThrow();
    const bomb = await scratchPath('stored-huge.avi');
    await copyFile(await hugeMjpegAvi(), bomb);
    await t.ctx.blobs.putFile(file_key, bomb, { contentType: 'video/x-msvideo' });
    await t.jobs.drain(); // its poster is refused too
    expect(await queuePlayableCopy(t.db, item.id)).toBe(true);
    await t.jobs.drain();

    const reason =
      'Refused: its picture is 8000 × 8000 pixels, and video may be at most 4096 × 2160 pixels (8.8 megapixels).';
    const job = await t.db
      .selectFrom('jobs')
      .select(['status', 'attempts', 'last_error'])
      .where('kind', '=', 'playable-copy')
      .where('payload', '@>', JSON.stringify({ mediaId: item.id }) as never)
      .executeTakeFirstOrThrow();
    expect(job).toEqual({ status: 'failed', attempts: 1, last_error: reason });
    expect(await copyOf(item.id)).toMatchObject({ status: 'failed', error: reason });
    expect(await variants(item.id)).toEqual([]);
    const listed = (await admin.get('/api/admin/media?limit=50'))
      .json()
      .items.find((i: { id: string }) => i.id === item.id);
    expect(listed.playableCopy).toEqual({ status: 'failed', progress: 0, error: reason });
  });
});
