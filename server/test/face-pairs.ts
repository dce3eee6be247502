/**
 * A labelled set for face suggestions (issue 29 §3), made from @vladmandic/face-api's six demo
 * photos (server/test/fixtures.ts): each face found on a photo against the same face on copies of
 * that photo as archives receive them again (re-encoded at JPEG quality 60, resized to 50 %,
 * cropped to the part around the face, converted to grey), and every face against every other face
 * (faces on one photo are different people; the photos are of different groups). Used by the face
 * tests and `npm run bench -- faces`.
 */
import sharp from 'sharp';
import { descriptorDistance, type FoundFace, findFacesInImage } from '#server/media/faces/face-engine.ts';
import { FACE_SAMPLES, type FaceSample, faceApiSample } from './fixtures.ts';

export const FACE_TRANSFORMS = ['quality 60', 'half size', 'crop around the face', 'grey'] as const;
export type FaceTransform = (typeof FACE_TRANSFORMS)[number];

export interface LabelledFace {
  photo: FaceSample;
  index: number;
  face: FoundFace;
}

export interface FacePair {
  label: string;
  distance: number;
}

type Region = { left: number; top: number; width: number; height: number };

/** A copy of the upright photo, and the part of the original it shows (to map boxes back). */
async function copyOf(
  upright: Buffer,
  size: { width: number; height: number },
  transform: FaceTransform,
  face: FoundFace,
): Promise<{ data: Buffer; region: Region }> {
  const whole = { left: 0, top: 0, ...size };
  switch (transform) {
    case 'quality 60':
      return { data: await sharp(upright).jpeg({ quality: 60 }).toBuffer(), region: whole };
    case 'half size':
      return {
        data: await sharp(upright)
          .resize(Math.round(size.width / 2))
          .jpeg({ quality: 90 })
          .toBuffer(),
        region: whole,
      };
    case 'grey':
      return { data: await sharp(upright).greyscale().jpeg({ quality: 90 }).toBuffer(), region: whole };
    case 'crop around the face': {
      // Three face-widths across, centred on the face, as a detail cut from a scan would be.
      const cx = (face.x + face.w / 2) * size.width;
      const cy = (face.y + face.h / 2) * size.height;
      const side = Math.round(Math.max(face.w * size.width, face.h * size.height) * 3);
      const left = Math.max(0, Math.round(cx - side / 2));
      const top = Math.max(0, Math.round(cy - side / 2));
      const region = {
        left,
        top,
        width: Math.min(side, size.width - left),
        height: Math.min(side, size.height - top),
      };
      return { data: await sharp(upright).extract(region).jpeg({ quality: 90 }).toBuffer(), region };
    }
  }
}

/** The found face (on a copy showing `region`) whose centre lies in the reference face's box. */
function sameFace(
  reference: FoundFace,
  found: FoundFace[],
  region: Region,
  size: { width: number; height: number },
) {
  return found.find((face) => {
    const cx = (region.left + (face.x + face.w / 2) * region.width) / size.width;
    const cy = (region.top + (face.y + face.h / 2) * region.height) / size.height;
    return (
      cx >= reference.x &&
      cx <= reference.x + reference.w &&
      cy >= reference.y &&
      cy <= reference.y + reference.h
    );
  });
}

export interface FaceSet {
  faces: LabelledFace[];
  /** The same face on a copy of its photo. */
  same: FacePair[];
  /** A face the detector did not find again on a copy. */
  missed: string[];
  /** Two different faces. */
  different: FacePair[];
  /** Time spent in detection, ms, and images looked at. */
  detectMs: number;
  images: number;
}

/** Runs the detector over the photos and their copies (a minute or two on one core). */
export async function buildFaceSet(photos: readonly FaceSample[] = FACE_SAMPLES): Promise<FaceSet> {
  const set: FaceSet = { faces: [], same: [], missed: [], different: [], detectMs: 0, images: 0 };
  const detect = async (data: Buffer) => {
    const started = performance.now();
    const scan = await findFacesInImage(() => sharp(data));
    set.detectMs += performance.now() - started;
    set.images += 1;
    return scan.faces;
  };
  for (const photo of photos) {
    const upright = await sharp(faceApiSample(photo)).rotate().jpeg({ quality: 95 }).toBuffer();
    const { width = 0, height = 0 } = await sharp(upright).metadata();
    const size = { width, height };
    const references = await detect(upright);
    for (const [index, face] of references.entries()) set.faces.push({ photo, index, face });
    const copies = new Map<string, FoundFace[]>();
    for (const transform of FACE_TRANSFORMS) {
      for (const [index, reference] of references.entries()) {
        const label = `photo ${photo} face ${index + 1} / ${transform}`;
        // The whole-photo copies are looked at once for all their faces; the crops once per face.
        const key = transform === 'crop around the face' ? `${transform} ${index}` : transform;
        const copy = await copyOf(upright, size, transform, reference);
        if (!copies.has(key)) copies.set(key, await detect(copy.data));
        const found = sameFace(reference, copies.get(key)!, copy.region, size);
        if (!found) set.missed.push(label);
        else set.same.push({ label, distance: descriptorDistance(reference.descriptor, found.descriptor) });
      }
    }
  }
  for (const [i, a] of set.faces.entries()) {
    for (const b of set.faces.slice(i + 1)) {
      set.different.push({
        label: `photo ${a.photo} face ${a.index + 1} / photo ${b.photo} face ${b.index + 1}`,
        distance: descriptorDistance(a.face.descriptor, b.face.descriptor),
      });
    }
  }
  return set;
}

/** Precision and recall of "same person" at a threshold (distance below it). */
export function scoreAt(set: FaceSet, threshold: number) {
  const tp = set.same.filter((p) => p.distance < threshold).length;
  const fp = set.different.filter((p) => p.distance < threshold).length;
  const positives = set.same.length + set.missed.length;
  const precision = tp + fp === 0 ? 1 : tp / (tp + fp);
  const recall = positives === 0 ? 0 : tp / positives;
  return { tp, fp, precision, recall };
}
