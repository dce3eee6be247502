import type { FaceSuggestion } from '#common/api/faces.ts';
import { toNumber } from '#server/db/database.ts';
import type { FaceJobProgressRow, listItemSuggestions } from './faces.repository.ts';

type SuggestionRow = Awaited<ReturnType<typeof listItemSuggestions>>[number];

/** A suggested box as staff see it: its rectangle, the detector's score and its look-alike, if any. */
export function presentFaceSuggestion(row: SuggestionRow): FaceSuggestion {
  return {
    boxId: row.id,
    x: row.x,
    y: row.y,
    w: row.w,
    h: row.h,
    score: row.score,
    lookAlike:
      row.person_id && row.person_name && row.like_media_id && row.like_display_id
        ? {
            personId: row.person_id,
            name: row.person_name,
            mediaId: row.like_media_id,
            displayId: row.like_display_id,
            distance: row.look_alike_distance ?? 0,
          }
        : null,
  };
}

/** How far the face job has got, for the settings screen. */
export function presentFaceJobProgress(row: FaceJobProgressRow) {
  return {
    scanned: toNumber(row.scanned),
    images: toNumber(row.images),
    faces: toNumber(row.faces),
    suggestions: toNumber(row.suggestions),
  };
}
