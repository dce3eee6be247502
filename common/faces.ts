/**
 * Face suggestions (issue 29 §3): the distance between two faces' 128-number descriptors
 * (face-api's, Euclidean) under which the job offers "this looks like {person}". Chosen from the
 * labelled set `npm run bench -- faces` measures (bench/faces.ts, server/test/face-pairs.ts:
 * @vladmandic/face-api's six demo photos, 22 faces; each against itself re-encoded at quality 60,
 * halved, cropped around the face and made grey, 84 pairs; and 231 pairs of different faces):
 * the same face was at most 0.384 apart, different faces at least 0.459, so 0.40 keeps every pair
 * of different faces out (precision 100 %) and finds 95.5 % of the copies (the rest were not
 * detected again, at any threshold). face-api's customary 0.6 let 20 pairs of different faces in
 * (precision 80.8 %): a wrong name offered is worse than none.
 */
export const FACE_MATCH_THRESHOLD = 0.4;
