import { open } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import { BMP_MAX_PIXELS } from '#common/limits.ts';

export interface ConvertedBitmap {
  width: number;
  height: number;
  channels: 3 | 4;
}

/**
 * A BMP's JavaScript heap stays small (the pixels live in array buffers, which V8's heap limits do
 * not count, and are bounded by BMP_MAX_PIXELS, checked before anything is allocated); this stops
 * a decoder that goes astray.
 */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 };
/** About 5 s for a 40-megapixel BMP here; a worker still at it after this long is stopped. */
export const BMP_DECODE_TIMEOUT_MS = 60_000;
/**
 * Decodes at once: each holds up to 300 MB (RGBA of BMP_MAX_PIXELS and the PNG rows) and a core, so a burst of
 * BMP uploads queues here instead of exhausting memory or the machine.
 */
const MAX_PARALLEL = 2;

let running = 0;
const waiting: Array<() => void> = [];

async function slot(): Promise<() => void> {
  if (running >= MAX_PARALLEL) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  return () => {
    running -= 1;
    waiting.shift()?.();
  };
}

/** The width and height a BMP's header declares, read the way decode-bmp reads them (unsigned). */
export async function bmpHeaderSize(path: string): Promise<{ width: number; height: number }> {
  const header = Buffer.alloc(26);
  const handle = await open(path, 'r');
  try {
    const { bytesRead } = await handle.read(header, 0, 26, 0);
    if (bytesRead < 26) throw new Error('BMP header is truncated');
  } finally {
    await handle.close();
  }
  return { width: header.readUInt32LE(18), height: header.readUInt32LE(22) };
}

/**
 * Decodes a BMP in a worker thread, never on the main thread (DESIGN §4.7), with a memory and a
 * time limit, and writes it to `output` as a PNG (a working copy for libvips, which cannot read
 * BMP; never stored in place of the original). A BMP over BMP_MAX_PIXELS is refused from its
 * header, before any decoding.
 */
export async function convertBmpToPng(path: string, output: string): Promise<ConvertedBitmap> {
  const { width, height } = await bmpHeaderSize(path);
  if (width === 0 || height === 0 || width * height > BMP_MAX_PIXELS) {
    throw new Error(`BMP of ${width}×${height} pixels is over the limit of ${BMP_MAX_PIXELS}`);
  }
  const release = await slot();
  try {
    return await runWorker(path, output);
  } finally {
    release();
  }
}

type WorkerAnswer =
  | { ok: true; width: number; height: number; channels: 3 | 4 }
  | { ok: false; message: string };

function runWorker(path: string, output: string): Promise<ConvertedBitmap> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./decode-bmp.worker.mjs', import.meta.url), {
      workerData: { path, output, maxPixels: BMP_MAX_PIXELS },
      resourceLimits: WORKER_LIMITS,
      // The worker needs none of the parent's flags (loaders, inspector), and no stdin.
      execArgv: [],
      stdin: false,
    });
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      void worker.terminate();
    };
    const timer = setTimeout(
      () => finish(() => reject(new Error(`BMP decoding took longer than ${BMP_DECODE_TIMEOUT_MS} ms`))),
      BMP_DECODE_TIMEOUT_MS,
    );
    worker.once('message', (answer: WorkerAnswer) =>
      finish(() => {
        if (!answer.ok) reject(new Error(answer.message));
        else resolve({ width: answer.width, height: answer.height, channels: answer.channels });
      }),
    );
    worker.once('error', (error) => finish(() => reject(error)));
    worker.once('exit', (code) =>
      finish(() => reject(new Error(`BMP decoder stopped (exit code ${code}) without an answer`))),
    );
  });
}
