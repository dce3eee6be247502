import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Db } from '#server/db/database.ts';
import { PermanentJobError } from '#server/jobs/permanent-job-error.ts';
import type { BlobStore } from '#server/storage/blob-store.ts';
import { BoundedRunError, type RunLimits } from '../av/bounded-run.ts';
import { browserPlays, type MediaStreams, probeStreams, videoCopiesAsIs } from '../av/browser-playable.ts';
import { containerOf, SOUND_IN_VIDEO } from '../av/containers.ts';
import { MediaRefusal } from '../av/probe-media.ts';
import { getDerivativeSource, putDerivative } from './derivatives.repository.ts';
import { inputArgs, probe, runFfmpeg } from './ffmpeg.ts';
import { asPermanent } from './make-derivatives.ts';
import {
  deletePlayableCopy,
  type PlayableCopyPayload,
  setPlayableCopy,
  setPlayableProgress,
} from './playable-copies.repository.ts';

/** At most 1080p: the largest a web page shows, and what a slow connection can still carry. */
export const PLAYABLE_MAX_WIDTH = 1920;
export const PLAYABLE_MAX_HEIGHT = 1080;
/**
 * An encode holds a few frames of at most the pixel cap and x264's look-ahead: 1 GiB of address
 * space (of which ffmpeg's libraries map some 225 MB). Encoding with one thread runs at several
 * times real time for VHS-sized pictures; ten seconds per second of media allows for a busy machine.
 */
export const playableLimits = (seconds: number): RunLimits => ({
  memoryBytes: 2 ** 30,
  timeoutMs: 120_000 + Math.ceil(seconds) * 10_000,
});

/** Progress is written at most this often (ms): each write is a database round trip. */
const PROGRESS_EVERY_MS = 1000;

interface Deps {
  db: Db;
  blobs: BlobStore;
  tmpDir: string;
}

interface Made {
  path: string;
  mimeType: 'video/mp4' | 'audio/mp4';
  width: number | null;
  height: number | null;
}

/**
 * The playable-copy job (issue 27 §5): a sound or video browsers do not play gets a copy they do,
 * an H.264/AAC MP4 (at most 1080p, CRF 26 capped at 1.5 Mbit/s, AAC 128 kbit/s, its index at the
 * front so playback starts before the whole file is there) or an AAC sound in MP4, stored as the
 * derivative `playable`; an AVI or Flash video already holding H.264 is first copied into MP4 as
 * it is. The original is not touched. Bounded like every decode (DESIGN §4.8): the ingest's probe
 * first, the container's own demuxer and decoders only, one thread, the pixel cap, 1 GiB, and a
 * time limit from the media's length; the result is read back by ffprobe before it is kept.
 */
export async function makePlayableCopy(
  deps: Deps,
  payload: PlayableCopyPayload,
  finalAttempt: boolean,
): Promise<void> {
  const { db } = deps;
  const id = payload.mediaId;
  const source = await getDerivativeSource(db, { ownerType: 'media', ownerId: id });
  if (!source || (source.mediaType !== 'video' && source.mediaType !== 'audio')) {
    if (source) await deletePlayableCopy(db, id);
    return;
  }
  await setPlayableCopy(db, id, { status: 'running', progress: 0, error: null });
  await mkdir(deps.tmpDir, { recursive: true });
  const work = await mkdtemp(join(deps.tmpDir, 'playable-'));
  let writes: Promise<void> = Promise.resolve();
  let lastWrite = 0;
  const onProgress = (progress: number) => {
    const now = Date.now();
    if (now - lastWrite < PROGRESS_EVERY_MS) return;
    lastWrite = now;
    writes = writes.then(() => setPlayableProgress(db, id, progress)).catch(() => {});
  };
  try {
    const original = join(work, 'original');
    const { body } = await deps.blobs.get(source.fileKey);
    await pipeline(body, createWriteStream(original));
    const { durationSeconds } = await probe(original, source.mimeType);
    const streams = await probeStreams(original, containerOf(source.mimeType).demuxer);
    if (browserPlays(source.mimeType, streams)) {
      await deletePlayableCopy(db, id);
      return;
    }
    const made = await transcode(original, source.mimeType, streams, durationSeconds ?? 0, work, onProgress);
    await writes;
    const fileKey = `derivatives/${id}/playable-${randomBytes(6).toString('hex')}.${made.mimeType === 'video/mp4' ? 'mp4' : 'm4a'}`;
    const { size } = await stat(made.path);
    await deps.blobs.putFile(fileKey, made.path, { contentType: made.mimeType });
    const replaced = await db
      .transaction()
      .execute((trx) =>
        putDerivative(trx, 'media', id, {
          variant: 'playable',
          fileKey,
          mimeType: made.mimeType,
          fileSize: size,
          width: made.width,
          height: made.height,
          watermarked: false,
        }),
      )
      .catch(async (error: unknown) => {
        await deps.blobs.delete(fileKey).catch(() => {});
        throw error;
      });
    if (replaced) await deps.blobs.delete(replaced).catch(() => {});
    await setPlayableCopy(db, id, { status: 'ready', progress: 1, error: null });
  } catch (caught) {
    await writes;
    const error = asPermanent(caught);
    const message = error instanceof Error ? error.message : String(error);
    const failed = finalAttempt || error instanceof PermanentJobError;
    await setPlayableCopy(db, id, {
      status: failed ? 'failed' : 'queued',
      progress: 0,
      error: message.slice(0, 500),
    });
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** ffmpeg's `-progress` lines, as a share of `seconds`. */
function progressReader(seconds: number, onProgress: (progress: number) => void) {
  let rest = '';
  return (chunk: Buffer) => {
    const lines = (rest + chunk.toString('latin1')).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      const match = /^out_time_us=(\d+)/.exec(line);
      if (match && seconds > 0) onProgress(Math.min(0.99, Number(match[1]) / 1e6 / seconds));
    }
    // Its output is a few hundred bytes a second: a line this long is not ffmpeg's.
    return rest.length < 4096;
  };
}

/** Makes the copy; an H.264 picture is copied as it is first, and encoded only if that fails. */
async function transcode(
  input: string,
  mimeType: string,
  streams: MediaStreams,
  seconds: number,
  work: string,
  onProgress: (progress: number) => void,
): Promise<Made> {
  const isVideo = mimeType.startsWith('video/');
  const sound = isVideo ? (SOUND_IN_VIDEO[mimeType] ?? []) : [];
  if (isVideo && streams.audio && !sound.includes(streams.audio.codec)) {
    throw new MediaRefusal(
      'unsupported_codec',
      `its sound is coded as ${streams.audio.codec}, which is not read in ${containerOf(mimeType).label}.`,
    );
  }
  if (isVideo && !streams.video) {
    throw new MediaRefusal('unreadable_media', 'it holds no video that can be read.');
  }
  const run = async (output: string[], path: string) => {
    await runFfmpeg(
      [
        // No more than the probed length is read, whatever the file holds after it.
        ...(seconds > 0 ? ['-t', String(Math.ceil(seconds) + 1)] : []),
        ...inputArgs(input, mimeType, sound),
        ...['-progress', 'pipe:1', '-nostats'],
        ...output,
        ...['-movflags', '+faststart', '-f', 'mp4', path],
      ],
      playableLimits(seconds),
      progressReader(seconds, onProgress),
    );
    return readBack(path, isVideo, streams, seconds);
  };
  const aac = ['-c:a', 'aac', '-b:a', '128k', '-af', 'aformat=channel_layouts=mono|stereo'];
  if (!isVideo) return run(['-map', '0:a:0', '-vn', ...aac], join(work, 'playable.m4a'));

  const audio = streams.audio?.codec === 'aac' ? ['-c:a', 'copy'] : aac;
  if (videoCopiesAsIs(streams)) {
    try {
      return await run(
        ['-map', '0:V:0', '-map', '0:a:0?', '-c:v', 'copy', ...audio],
        join(work, 'copied.mp4'),
      );
    } catch (error) {
      // A stream that will not go into MP4 as it is: encoded instead. Out of bounds: as anything else.
      if (error instanceof BoundedRunError && error.reason === 'timeout') throw error;
    }
  }
  return run(
    [
      ...['-map', '0:V:0', '-map', '0:a:0?', '-filter_threads', '1'],
      '-vf',
      `scale=w='min(${PLAYABLE_MAX_WIDTH},iw)':h='min(${PLAYABLE_MAX_HEIGHT},ih)':force_original_aspect_ratio=decrease:force_divisible_by=2,format=yuv420p`,
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '26', '-maxrate', '1500k', '-bufsize', '3000k'],
      ...['-profile:v', 'high', '-threads', '1'],
      ...aac,
    ],
    join(work, 'playable.mp4'),
  );
}

/**
 * The copy as ffprobe reads it: what browsers play, with a picture when the original has one and
 * sound when it has sound, and about as long; otherwise it is not kept.
 */
async function readBack(
  path: string,
  isVideo: boolean,
  source: MediaStreams,
  seconds: number,
): Promise<Made> {
  const copy = await probeStreams(path, 'mp4');
  const fail = (why: string) => {
    throw new PermanentJobError(`The playable copy was not kept: ${why}`);
  };
  if (isVideo) {
    if (!copy.video || !browserPlays('video/mp4', copy)) fail('ffprobe does not read it as H.264/AAC video');
  } else if (copy.video || copy.audio?.codec !== 'aac') fail('ffprobe does not read it as AAC sound');
  if (Boolean(source.audio) !== Boolean(copy.audio)) fail('its sound is missing');
  const length = copy.durationSeconds ?? 0;
  if (seconds > 0 && Math.abs(length - seconds) > Math.max(1, seconds * 0.05)) {
    fail(`it is ${length.toFixed(1)} s long, and the original ${seconds.toFixed(1)} s`);
  }
  return {
    path,
    mimeType: isVideo ? 'video/mp4' : 'audio/mp4',
    width: copy.video?.width ?? null,
    height: copy.video?.height ?? null,
  };
}
