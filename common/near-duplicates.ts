/**
 * Near-duplicates (issue 29 part 4): two images whose 64-bit dHashes (server/media/perceptual)
 * differ in at most this many bits, in any of four turns, are shown to staff as "the same photo?".
 * Chosen from `npm run bench -- duplicates` on pairs made from the camera fixtures (bench/README.md):
 * 7 keeps every re-encoding, half size, grey copy and turn and all but one 5 % crop, with no
 * distinct pair (nearest 13 bits); it is also the most the band index finds without a scan.
 */
export const NEAR_DUPLICATE_THRESHOLD = 7;
/** Candidates one lookup reads from the band index at most. */
export const NEAR_DUPLICATE_CANDIDATES = 2000;
/** Look-alikes shown at most. */
export const NEAR_DUPLICATES_SHOWN = 5;
