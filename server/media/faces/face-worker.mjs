// Finds faces in decoded images, off the main thread (DESIGN §4.7), for face-engine.ts: the
// @vladmandic/face-api models (SSD MobileNet v1 detector, 68-point landmarks, the 128-number face
// descriptor) from the package's own model folder, on TensorFlow.js's WebAssembly backend with one
// thread, loaded once per worker. Plain JavaScript because a worker thread does not go through the
// TypeScript loader that runs the server and the tests. The thread lowers its own scheduling
// priority to the lowest (nice 19), so its CPU goes to visitors and uploads first.
//
// Messages in: { id, width, height, pixels } (RGB bytes, row by row, already at most the engine's
// size bound). Out: { id, ok: true, faces: [{ x, y, w, h, score, descriptor }] } in pixels, or
// { id, ok: false, message }.
import { readlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { setPriority } from 'node:os';
import { dirname, join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';

const require = createRequire(import.meta.url);

/** Linux: /proc/thread-self names this thread's own id; setpriority on it renices this thread only. */
function lowerOwnPriority() {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, 19);
    return true;
  } catch {
    return false; // not Linux: the one-at-a-time bound still holds
  }
}

const niced = lowerOwnPriority();

let ready;
async function load() {
  const tf = require('@tensorflow/tfjs');
  const wasm = require('@tensorflow/tfjs-backend-wasm');
  // One thread: the backend would otherwise start a pool of its own threads, one per core.
  tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
  wasm.setThreadsCount?.(1);
  await tf.setBackend('wasm');
  await tf.ready();
  const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js');
  const models = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
  await faceapi.nets.ssdMobilenetv1.loadFromDisk(models);
  await faceapi.nets.faceLandmark68Net.loadFromDisk(models);
  await faceapi.nets.faceRecognitionNet.loadFromDisk(models);
  const options = new faceapi.SsdMobilenetv1Options({
    minConfidence: workerData.minConfidence,
    maxResults: workerData.maxFaces,
  });
  return { tf, faceapi, options };
}

async function detect({ width, height, pixels }) {
  ready ??= load();
  const { tf, faceapi, options } = await ready;
  const input = tf.tensor3d(new Uint8Array(pixels), [height, width, 3], 'int32');
  try {
    const found = await faceapi.detectAllFaces(input, options).withFaceLandmarks().withFaceDescriptors();
    return found.map((face) => ({
      x: face.detection.box.x,
      y: face.detection.box.y,
      w: face.detection.box.width,
      h: face.detection.box.height,
      score: face.detection.score,
      descriptor: Array.from(face.descriptor),
    }));
  } finally {
    input.dispose();
  }
}

parentPort.on('message', async (message) => {
  if (message.type === 'load') {
    try {
      ready ??= load();
      await ready;
      parentPort.postMessage({ id: message.id, ok: true, niced, faces: [] });
    } catch (error) {
      parentPort.postMessage({ id: message.id, ok: false, message: String(error?.message ?? error) });
    }
    return;
  }
  try {
    const faces = await detect(message);
    parentPort.postMessage({ id: message.id, ok: true, niced, faces });
  } catch (error) {
    parentPort.postMessage({ id: message.id, ok: false, message: String(error?.message ?? error) });
  }
});
