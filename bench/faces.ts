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
 */
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

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function run(): Promise<void> {
  try {
    await timing();
    await accuracy();
  } finally {
    await closeFaceEngine();
  }
}

async function timing() {
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
