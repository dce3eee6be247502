import { spawn, spawnSync } from 'node:child_process';

let available: boolean | undefined;

/** ffmpeg is optional: without it videos and audio get generic icons instead of pictures. */
export function hasFfmpeg(): boolean {
  available ??= spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).status === 0;
  return available;
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

/** A frame from early in the video (1 s in, or the first frame of a shorter clip) as PNG. */
export async function extractPoster(input: string, output: string): Promise<void> {
  try {
    await runFfmpeg(['-ss', '1', '-i', input, '-frames:v', '1', '-f', 'image2', '-c:v', 'png', output]);
  } catch {
    await runFfmpeg(['-i', input, '-frames:v', '1', '-f', 'image2', '-c:v', 'png', output]);
  }
}

/** The sound's waveform as a 1600×300 PNG picture. */
export function renderWaveform(input: string, output: string): Promise<void> {
  return runFfmpeg([
    '-i',
    input,
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
