/**
 * Face suggestions (issue 29 §3): the distance between two faces' 128-number descriptors
 * (face-api's, Euclidean) under which the job offers "this looks like {person}". Chosen from the
 * labelled set `npm run bench -- faces` measures (bench/faces.ts): the same faces re-encoded,
 * resized and cropped against different faces, from @vladmandic/face-api's own sample photos.
 */
export const FACE_MATCH_THRESHOLD = 0.5;
