import { z } from 'zod';

/**
 * Near-duplicates (issue 29 part 4): two images whose 64-bit dHashes (server/media/perceptual)
 * differ in at most this many bits, in any of four turns, are shown to staff as "the same photo?".
 * Chosen from `npm run bench -- duplicates` on pairs made from the camera fixtures (bench/README.md):
 * 7 is the smallest with the best F1 there (precision and recall 1.000 on 35 same-photo and 21
 * distinct pairs; the nearest distinct pair is 13 bits apart, a 5 % crop goes up to 7), and the most
 * the band index finds without a scan (migration 0036).
 */
export const NEAR_DUPLICATE_THRESHOLD = 7;
/** Candidates one lookup reads from the band index at most. */
export const NEAR_DUPLICATE_CANDIDATES = 2000;
/** Look-alikes shown at most. */
export const NEAR_DUPLICATES_SHOWN = 5;

/** An item that looks like the file in question, as staff are shown it. */
export const nearDuplicate = z.object({
  id: z.uuid(),
  displayId: z.string(),
  title: z.string(),
  /** Bits of the 64 that differ (0 = the same picture as far as the hash can tell). */
  distance: z.number().int().min(0).max(64),
  thumbnailUrl: z.string().nullable(),
});
export type NearDuplicate = z.infer<typeof nearDuplicate>;

/** What staff do with a submission that looks like an item (the review dialog's three choices). */
export const NEAR_DUPLICATE_CHOICES = ['keep_both', 'replace', 'version'] as const;
export type NearDuplicateChoice = (typeof NEAR_DUPLICATE_CHOICES)[number];
