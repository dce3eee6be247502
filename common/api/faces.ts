import { z } from 'zod';

/** Face suggestions (issue 29 §3): the switch and progress (admins), an item's suggestions (editors). */

export const faceSettingsBody = z.object({ enabled: z.boolean() }).strict();

export const faceSettingsResponse = z.object({
  enabled: z.boolean(),
  /** Image items looked at, of all image items. */
  scanned: z.number().int(),
  images: z.number().int(),
  faces: z.number().int(),
  /** Unnamed boxes the job offers that staff have not decided yet. */
  suggestions: z.number().int(),
  /** Descriptor distance under which a face is offered as looking like a named person. */
  threshold: z.number(),
});
export type FaceSettingsResponse = z.infer<typeof faceSettingsResponse>;

export const faceSuggestion = z.object({
  /** The suggested box (person_boxes, source 'face'). */
  boxId: z.uuid(),
  /** Fractions (0..1) of the upright image. */
  x: z.number(),
  y: z.number(),
  w: z.number(),
  h: z.number(),
  /** The detector's score for the face. */
  score: z.number().nullable(),
  /** The nearest face in a named box, within the threshold: its person and the item that names them. */
  lookAlike: z
    .object({
      personId: z.uuid(),
      name: z.string(),
      mediaId: z.uuid(),
      displayId: z.string(),
      distance: z.number(),
    })
    .nullable(),
});
export type FaceSuggestion = z.infer<typeof faceSuggestion>;

export const faceSuggestionsResponse = z.object({
  enabled: z.boolean(),
  suggestions: z.array(faceSuggestion),
});
export type FaceSuggestionsResponse = z.infer<typeof faceSuggestionsResponse>;
