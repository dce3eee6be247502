import { Worker } from 'node:worker_threads';
import type { Sharp } from 'sharp';
import { type OpenedImage, openImage } from '../ingest/open-image.ts';

/**
 * Face detection and description (issue 29 §3) with the models that ship inside
 * `@vladmandic/face-api` (no download, ever), run by one worker thread (face-worker.mjs).
 *
 * Bounds, so the job never delays a visitor or an upload (DESIGN §4.7, §4.8):
 * - the image is turned upright and scaled down by libvips to at most FACE_INPUT_PX on its longer
 *   side before anything reaches the model (JPEG shrink-on-load: a 24-megapixel photo is never
 *   decoded whole), with the archive's pixel cap on the file itself;
 * - one image at a time in the whole process (a queue in front of the one worker), one thread in
 *   the WebAssembly backend, and that thread reniced to 19 (the lowest priority);
 * - the worker's JavaScript heap is capped (WORKER_LIMITS); the model's tensors live in WebAssembly
 *   memory, bounded by the input's size;
 * - an image that takes longer than FACE_TIMEOUT_MS stops the worker;
 * - the worker (about 150 MB with its models) is let go after IDLE_MS without work.
 */

/** The longer side, in pixels, of the picture the model sees. */
export const FACE_INPUT_PX = 1024;
/** The detector's score below which a find is not a face (SSD MobileNet's own default is 0.5). */
export const FACE_MIN_CONFIDENCE = 0.5;
/** At most this many faces per image (a school class photo has about 30). */
export const FACE_MAX_PER_IMAGE = 60;
/** About 3 s here for 1024 px on a quiet core; niced on a busy machine it may wait for a CPU. */
export const FACE_TIMEOUT_MS = 120_000;
const IDLE_MS = 30_000;
const WORKER_LIMITS = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 };

/** A face as a rectangle in fractions (0..1) of the upright image, and its 128-number descriptor. */
export interface FoundFace {
  x: number;
  y: number;
  w: number;
  h: number;
  score: number;
  descriptor: number[];
}

export interface FaceScan {
  /** The size the model saw (the upright image scaled down to FACE_INPUT_PX at most). */
  width: number;
  height: number;
  faces: FoundFace[];
}

interface WorkerFace {
  x: number;
  y: number;
  w: number;
  h: number;
  score: number;
  descriptor: number[];
}
type WorkerAnswer =
  | { id: number; ok: true; faces: WorkerFace[]; niced: boolean }
  | { id: number; ok: false; message: string };

let worker: Worker | undefined;
let idleTimer: NodeJS.Timeout | undefined;
let nextId = 1;
const pending = new Map<
  number,
  { resolve: (answer: WorkerAnswer) => void; reject: (error: Error) => void }
>();
/** Whether the worker managed to lower its priority (false off Linux). */
let workerNiced: boolean | undefined;

function startWorker(): Worker {
  const started = new Worker(new URL('./face-worker.mjs', import.meta.url), {
    workerData: { minConfidence: FACE_MIN_CONFIDENCE, maxFaces: FACE_MAX_PER_IMAGE },
    resourceLimits: WORKER_LIMITS,
    execArgv: [],
    stdin: false,
    // TensorFlow.js greets on the console; what the worker prints is not the server's log.
    stdout: true,
    stderr: true,
  });
  started.stdout.resume();
  started.stderr.resume();
  started.on('message', (answer: WorkerAnswer) => {
    const waiting = pending.get(answer.id);
    pending.delete(answer.id);
    waiting?.resolve(answer);
  });
  const fail = (error: Error) => {
    if (worker === started) worker = undefined;
    for (const [id, waiting] of pending) {
      pending.delete(id);
      waiting.reject(error);
    }
  };
  started.on('error', fail);
  started.on('exit', (code) => fail(new Error(`the face worker stopped (exit code ${code})`)));
  started.unref();
  return started;
}

function ask(message: Record<string, unknown>, transfer: ArrayBuffer[] = []): Promise<WorkerAnswer> {
  clearTimeout(idleTimer);
  worker ??= startWorker();
  const current = worker;
  const id = nextId++;
  return new Promise<WorkerAnswer>((resolve, reject) => {
    const timer = setTimeout(() => {
      pending.delete(id);
      reject(new Error(`face detection took longer than ${FACE_TIMEOUT_MS} ms`));
      if (worker === current) worker = undefined;
      void current.terminate();
    }, FACE_TIMEOUT_MS);
    pending.set(id, {
      resolve: (answer) => {
        clearTimeout(timer);
        resolve(answer);
      },
      reject: (error) => {
        clearTimeout(timer);
        reject(error);
      },
    });
    current.postMessage({ ...message, id }, transfer);
  }).finally(() => {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => void closeFaceEngine(), IDLE_MS);
    idleTimer.unref();
  });
}

/** One image at a time in the whole process. */
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => {});
  return run;
}

/** Loads the models (tests and the bench call it to time loading apart from detection). */
export function loadFaceModels(): Promise<void> {
  return oneAtATime(async () => {
    const answer = await ask({ type: 'load' });
    if (!answer.ok) throw new Error(`the face models could not be loaded: ${answer.message}`);
    workerNiced = answer.niced;
  });
}

/** Whether the worker thread runs at the lowest priority (known once it has answered once). */
export const faceWorkerNiced = () => workerNiced;

/**
 * The image's pixels as the model sees them: upright, at most FACE_INPUT_PX on the longer side,
 * three 8-bit channels (grey and CMYK become sRGB, alpha is dropped). libvips does it off the main
 * thread, reading a JPEG at a fraction of its size.
 */
export async function facePixels(
  image: Pick<OpenedImage, 'pipeline'>,
): Promise<{ width: number; height: number; pixels: Buffer }> {
  const { data, info } = await image
    .pipeline()
    .rotate()
    .resize(FACE_INPUT_PX, FACE_INPUT_PX, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new Error(`expected 3 channels, got ${info.channels}`);
  return { width: info.width, height: info.height, pixels: data };
}

/** Finds the faces on decoded pixels (RGB, at most FACE_INPUT_PX a side). */
export function findFacesInPixels(input: {
  width: number;
  height: number;
  pixels: Buffer;
}): Promise<FaceScan> {
  const { width, height } = input;
  if (width > FACE_INPUT_PX || height > FACE_INPUT_PX || input.pixels.length !== width * height * 3) {
    throw new Error(`face input must be RGB of at most ${FACE_INPUT_PX} px a side`);
  }
  return oneAtATime(async () => {
    // A copy the worker owns: the caller's buffer may be a view on a shared pool.
    const pixels = new Uint8Array(input.pixels).buffer;
    const answer = await ask({ type: 'detect', width, height, pixels }, [pixels]);
    if (!answer.ok) throw new Error(`face detection failed: ${answer.message}`);
    workerNiced = answer.niced;
    return { width, height, faces: answer.faces.map((face) => toFractions(face, width, height)) };
  });
}

/** Finds the faces on a picture libvips reads (a buffer in tests and the bench). */
export async function findFacesInImage(pipeline: () => Sharp): Promise<FaceScan> {
  return findFacesInPixels(await facePixels({ pipeline }));
}

/** Finds the faces on an image file (any type the archive takes as an image). */
export async function findFaces(path: string, mimeType: string): Promise<FaceScan> {
  const image = await openImage(path, mimeType);
  try {
    return await findFacesInPixels(await facePixels(image));
  } finally {
    await image.close();
  }
}

const clamp = (value: number) => Math.min(1, Math.max(0, value));

/** A detector box in pixels to fractions of the picture, kept inside it. */
function toFractions(face: WorkerFace, width: number, height: number): FoundFace {
  const x = clamp(face.x / width);
  const y = clamp(face.y / height);
  const w = Math.min(1 - x, clamp(face.w / width));
  const h = Math.min(1 - y, clamp(face.h / height));
  return { x, y, w, h, score: face.score, descriptor: face.descriptor };
}

/** Stops the worker (the server at shutdown; also after IDLE_MS without work). */
export async function closeFaceEngine(): Promise<void> {
  clearTimeout(idleTimer);
  const current = worker;
  worker = undefined;
  await current?.terminate();
}

/** Euclidean distance between two descriptors (face-api's own measure: under ~0.6 is one person). */
export function descriptorDistance(a: readonly number[], b: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    const d = a[i]! - b[i]!;
    sum += d * d;
  }
  return Math.sqrt(sum);
}
