import { spawn, spawnSync } from 'node:child_process';

let available: Promise<boolean> | undefined;
let known: boolean | undefined;

/**
 * ffmpeg is optional: without it videos and audio get generic icons instead of pictures. Asked
 * once, without waiting on the main thread (starting ffmpeg takes a quarter of a second here).
 */
export function ffmpegAvailable(): Promise<boolean> {
  available ??= new Promise<boolean>((resolve) => {
    const child = spawn('ffmpeg', ['-version'], { stdio: 'ignore' });
    child.on('error', () => resolve(false));
    child.on('close', (code) => resolve(code === 0));
  }).then((result) => {
    known = result;
    return result;
  });
  return available;
}

/**
 * The same answer at once, for tests and scripts deciding what to expect; it blocks while ffmpeg
 * starts, so the server itself uses ffmpegAvailable().
 */
export function hasFfmpeg(): boolean {
  known ??= spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).status === 0;
  return known;
}

/** Runs ffmpeg quietly with a time limit; rejects with the tail of its error output. */
export function runFfmpeg(args: string[], timeoutMs = 120_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2000);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else
        reject(
          new Error(`ffmpeg ${signal ? `was stopped (${signal})` : `exited ${code}`}: ${stderr.trim()}`),
        );
    });
  });
}

/**
 * The ffmpeg demuxer for each detected (recorded) video and sound type. Anonymous input is opened
 * with exactly that demuxer and only the `file` protocol: a crafted file cannot make ffmpeg probe
 * its way into another format's parser (HLS playlists, concat lists) or fetch anything else.
 */
const DEMUXERS: Readonly<Record<string, string>> = {
  'video/mp4': 'mp4',
  'video/x-msvideo': 'avi',
  'video/quicktime': 'mov',
  'video/x-ms-wmv': 'asf',
  'video/x-flv': 'flv',
  'video/webm': 'webm',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
  'audio/aac': 'aac',
  'audio/ogg': 'ogg',
  'audio/flac': 'flac',
};

/** `-f <demuxer> -protocol_whitelist file -i <input>`; refuses a type without a known demuxer. */
export function inputArgs(input: string, mimeType: string): string[] {
  const demuxer = DEMUXERS[mimeType];
  if (!demuxer) throw new Error(`No ffmpeg demuxer for ${mimeType}`);
  return ['-f', demuxer, '-protocol_whitelist', 'file', '-i', input];
}

/** A frame from early in the video (1 s in, or the first frame of a shorter clip) as PNG. */
export async function extractPoster(input: string, output: string, mimeType: string): Promise<void> {
  const source = inputArgs(input, mimeType);
  try {
    await runFfmpeg(['-ss', '1', ...source, '-frames:v', '1', '-f', 'image2', '-c:v', 'png', output]);
  } catch {
    await runFfmpeg([...source, '-frames:v', '1', '-f', 'image2', '-c:v', 'png', output]);
  }
}

/** The sound's waveform as a 1600×300 PNG picture. */
export function renderWaveform(input: string, output: string, mimeType: string): Promise<void> {
  return runFfmpeg([
    ...inputArgs(input, mimeType),
    '-filter_complex',
    'aformat=channel_layouts=mono,showwavespic=s=1600x300:colors=#334155',
    '-frames:v',
    '1',
    '-f',
    'image2',
    '-c:v',
    'png',
    output,
  ]);
}
