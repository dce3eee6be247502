import {
  NEAR_DUPLICATE_CANDIDATES,
  NEAR_DUPLICATE_THRESHOLD,
  NEAR_DUPLICATES_SHOWN,
  type NearDuplicate,
} from '#common/near-duplicates.ts';
import type { Db } from '#server/db/database.ts';
import { mediaFileUrl } from '#server/features/media/media.public.ts';
import { type Dhash, FEATURELESS, hammingDistance, type ImageHashes } from './dhash.ts';
import { findNearDuplicates } from './near-duplicates.repository.ts';

/** The stored columns as hashes, or null when the file has none (not an image, or not yet hashed). */
export function storedHashes(row: {
  dhash: string | null;
  dhash_turns: string[] | null;
}): ImageHashes | null {
  if (!row.dhash || row.dhash_turns?.length !== 3) return null;
  const [a, b, c] = row.dhash_turns;
  return { upright: row.dhash, turns: [a!, b!, c!] };
}

/** Items that look like the picture with these hashes, nearest first, as staff are shown them. */
export async function nearDuplicatesOf(
  db: Db,
  hashes: ImageHashes | null,
  excludeId: string | null = null,
): Promise<NearDuplicate[]> {
  if (!hashes || hashes.upright === FEATURELESS) return [];
  const rows = await findNearDuplicates(db, hashes, {
    threshold: NEAR_DUPLICATE_THRESHOLD,
    cap: NEAR_DUPLICATE_CANDIDATES,
    excludeId,
    limit: NEAR_DUPLICATES_SHOWN,
  });
  return rows.map((row) => ({
    id: row.id,
    displayId: row.display_id,
    title: row.title,
    distance: row.distance,
    thumbnailUrl: row.thumb_key
      ? mediaFileUrl(row.id, 'thumb', row.thumb_key.split('/').pop()!, row.file_salt)
      : null,
  }));
}

/** Whether a stored hash is within the threshold of any turn of these hashes (a choice's re-check). */
export function isNearDuplicate(stored: Dhash | null, hashes: ImageHashes | null): boolean {
  if (!stored || !hashes || stored === FEATURELESS) return false;
  return [hashes.upright, ...hashes.turns].some(
    (h) => hammingDistance(stored, h) <= NEAR_DUPLICATE_THRESHOLD,
  );
}
