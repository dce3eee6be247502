import { spawn, spawnSync } from 'node:child_process';
import { stat } from 'node:fs/promises';
import sharp from '../sharp.ts';
import { DISPLAY_PX, VIDEO_MAX_PIXELS } from '#common/limits.ts';
import { type RunLimits, runBounded } from '../av/bounded-run.ts';
import { containerOf, decoderWhitelist } from '../av/containers.ts';
import { type MediaProbe, probeAllowedMedia } from '../av/probe-media.ts';

let available: Promise<boolean> | undefined;
let known: boolean | undefined;

const BINARIES = ['ffmpeg', 'ffprobe'] as const;

/**
 * ffmpeg is optional: without it videos and audio get generic icons instead of pictures. ffprobe
 * (the same package) must be there too: nothing is decoded before it has read the file. Asked
 * once, without waiting on the main thread (starting ffmpeg takes a quarter of a second here).
 */
export function ffmpegAvailable(): Promise<boolean> {
  available ??= Promise.all(
    BINARIES.map(
      (binary) =>
        new Promise<boolean>((resolve) => {
          const child = spawn(binary, ['-version'], { stdio: 'ignore' });
          child.on('error', () => resolve(false));
          child.on('close', (code) => resolve(code === 0));
        }),
    ),
  ).then((results) => {
    known = results.every(Boolean);
    return known;
  });
  return available;
}

/**
 * The same answer at once, for tests and scripts deciding what to expect; it blocks while ffmpeg
 * starts, so the server itself uses ffmpegAvailable().
 */
export function hasFfmpeg(): boolean {
  known ??= BINARIES.every((binary) => spawnSync(binary, ['-version'], { stdio: 'ignore' }).status === 0);
  return known;
}

/**
 * A poster frame: one decoded frame of at most VIDEO_MAX_PIXELS, which for 10-bit HEVC in DCI 4K
 * took 280 MB resident (ffmpeg's libraries add some 225 MB of address space to that).
 */
export const POSTER_LIMITS: RunLimits = { memoryBytes: 2 ** 30, timeoutMs: 120_000 };
/**
 * A waveform: the sound streamed through at 8 kHz mono (about 55 MB resident at any length).
 * 384 MiB of address space lets ffmpeg hold some 160 MB: the old waveform filter, which kept every
 * sample, took 2.1 GB for six hours of sound.
 */
export const WAVEFORM_MEMORY_BYTES = 384 * 2 ** 20;
/** Decoding runs at hundreds of times real time; a twentieth of it allows for a busy machine. */
export const waveformLimits = (seconds: number): RunLimits => ({
  memoryBytes: WAVEFORM_MEMORY_BYTES,
  timeoutMs: 30_000 + (seconds / 20) * 1000,
});

/** Runs ffmpeg quietly within its limits; rejects with the tail of its error output. */
export function runFfmpeg(
  args: string[],
  limits: RunLimits = { memoryBytes: WAVEFORM_MEMORY_BYTES, timeoutMs: 120_000 },
  onStdout?: (chunk: Buffer) => boolean | undefined,
): Promise<void> {
  return runBounded(
    'ffmpeg',
    ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...args],
    limits,
    onStdout,
  );
}

/**
 * How a file of a detected (recorded) video or sound type is opened: with exactly its demuxer,
 * only the `file` protocol, only the decoders its container is accepted with, one thread, and
 * no frame over the pixel cap. A crafted file cannot make ffmpeg probe its way into another
 * format's parser (HLS playlists, concat lists), fetch anything else, or reach another decoder.
 */
export function inputArgs(input: string, mimeType: string, sound: readonly string[] = []): string[] {
  const container = containerOf(mimeType);
  return [
    '-threads',
    '1',
    '-codec_whitelist',
    decoderWhitelist(container, sound),
    '-max_pixels',
    String(VIDEO_MAX_PIXELS),
    '-f',
    container.demuxer,
    '-protocol_whitelist',
    'file',
    '-i',
    input,
  ];
}

export async function probe(input: string, mimeType: string): Promise<MediaProbe> {
  return probeAllowedMedia(input, mimeType, (await stat(input)).size);
}

/**
 * A frame from early in the video (1 s in, the middle of a shorter clip, or else its first frame) as PNG, at most
 * DISPLAY_PX on its longer side (the largest size it is shown at). Refused (MediaRefusal) unless
 * the probe allows it.
 */
export async function extractPoster(
  input: string,
  output: string,
  mimeType: string,
): Promise<{ durationSeconds: number | null }> {
  const { durationSeconds } = await probe(input, mimeType);
  const frame = [
    '-map',
    '0:V:0',
    '-frames:v',
    '1',
    '-filter_threads',
    '1',
    '-vf',
    `scale='min(iw,${DISPLAY_PX})':'min(ih,${DISPLAY_PX})':force_original_aspect_ratio=decrease`,
    '-threads',
    '1',
    '-f',
    'image2',
    '-c:v',
    'png',
    output,
  ];
  // A clip of a second or less has no frame 1 s in (and ffmpeg then writes nothing, without an
  // error): its middle instead.
  const at = durationSeconds !== null && durationSeconds < 2 ? durationSeconds / 2 : 1;
  try {
    await runFfmpeg(['-ss', String(at), ...inputArgs(input, mimeType), ...frame], POSTER_LIMITS);
    await stat(output);
  } catch {
    await runFfmpeg([...inputArgs(input, mimeType), ...frame], POSTER_LIMITS);
  }
  return { durationSeconds };
}

export const WAVEFORM_WIDTH = 1600;
export const WAVEFORM_HEIGHT = 300;
const WAVEFORM_RATE = 8000;
const WAVEFORM_COLOUR = [0x33, 0x41, 0x55, 0xff] as const;

/**
 * The sound's waveform as a 1600×300 PNG picture: the loudest sample of each column, drawn from
 * the middle. ffmpeg streams the sound out at 8 kHz mono (enough for the shape of it) and the
 * peaks are taken here as it comes, so neither holds more than a chunk whatever the length;
 * ffmpeg's own waveform filter kept every sample (350 MB an hour). Refused (MediaRefusal) unless
 * the probe allows it; no more than the probed length is read.
 */
export async function renderWaveform(
  input: string,
  output: string,
  mimeType: string,
): Promise<{ durationSeconds: number | null }> {
  const { durationSeconds } = await probe(input, mimeType);
  const seconds = durationSeconds ?? 0;
  const perColumn = Math.max(1, Math.ceil((seconds * WAVEFORM_RATE) / WAVEFORM_WIDTH));
  const peaks = new Uint16Array(WAVEFORM_WIDTH);
  let column = 0;
  let inColumn = 0;
  let carry: Buffer | undefined;
  const take = (samples: Int16Array) => {
    for (let i = 0; i < samples.length && column < WAVEFORM_WIDTH; i++) {
      const level = Math.abs(samples[i]!);
      if (level > peaks[column]!) peaks[column] = level;
      if (++inColumn === perColumn) {
        inColumn = 0;
        column++;
      }
    }
  };
  await runFfmpeg(
    [
      '-t',
      String(Math.ceil(seconds) + 1),
      ...inputArgs(input, mimeType),
      '-map',
      '0:a:0',
      '-ac',
      '1',
      '-ar',
      String(WAVEFORM_RATE),
      '-f',
      's16le',
      '-c:a',
      'pcm_s16le',
      'pipe:1',
    ],
    waveformLimits(seconds),
    (chunk) => {
      const data = carry ? Buffer.concat([carry, chunk]) : chunk;
      const whole = data.length - (data.length % 2);
      carry = whole < data.length ? Buffer.from(data.subarray(whole)) : undefined;
      // A view needs an even offset (a copy has offset 0); samples are little-endian, as is every
      // machine Node runs on here.
      const aligned = data.byteOffset % 2 === 0 ? data : new Uint8Array(data);
      take(new Int16Array(aligned.buffer, aligned.byteOffset, whole / 2));
      return undefined;
    },
  );
  await sharp(drawPeaks(peaks), {
    raw: { width: WAVEFORM_WIDTH, height: WAVEFORM_HEIGHT, channels: 4 },
  })
    .png()
    .toFile(output);
  return { durationSeconds };
}

/**
 * Peaks (0…32768) as RGBA pixels on a transparent ground, a line at least one pixel high each;
 * written a pixel at a time as one 32-bit word (on the main thread: a few milliseconds).
 */
function drawPeaks(peaks: Uint16Array): Buffer {
  const pixels = Buffer.alloc(WAVEFORM_WIDTH * WAVEFORM_HEIGHT * 4);
  const words = new Uint32Array(pixels.buffer, pixels.byteOffset, WAVEFORM_WIDTH * WAVEFORM_HEIGHT);
  const colour = new Uint32Array(Uint8Array.from(WAVEFORM_COLOUR).buffer)[0]!;
  const middle = WAVEFORM_HEIGHT / 2;
  peaks.forEach((peak, x) => {
    const half = Math.max(0.5, (Math.min(peak, 32767) / 32767) * middle);
    const bottom = Math.ceil(middle + half);
    for (let y = Math.floor(middle - half); y < bottom; y++) words[y * WAVEFORM_WIDTH + x] = colour;
  });
  return pixels;
}
