import { z } from 'zod';
import { listQuery, listResponse } from '../list.ts';
import {
  BOX_MIN_SIDE,
  PERSON_NAME_MAX,
  PERSON_NOTE_MAX,
  PERSON_YEARS_MAX,
  SUGGESTION_NOTE_MAX,
} from '../people.ts';
import { optionalText } from './shared.ts';

/** People on photos (issue 29 §2): the list staff keep, boxes on images, visitors' suggestions. */

const personName = z
  .string()
  .trim()
  .min(1, 'Skriva eitt navn.')
  .max(PERSON_NAME_MAX, `Navnið kann í mesta lagi vera ${PERSON_NAME_MAX} tekn.`);

const fraction = z.number().finite().min(0).max(1);

/** A box in fractions of the upright image, inside it and not too small to hold anyone. */
const boxShape = { x: fraction, y: fraction, w: fraction.min(BOX_MIN_SIDE), h: fraction.min(BOX_MIN_SIDE) };
const inside = (b: { x: number; y: number; w: number; h: number }) =>
  b.x + b.w <= 1.000001 && b.y + b.h <= 1.000001;
const OUTSIDE = { message: 'Kassin má vera innan fyri myndina.', path: ['w'] };
export const boxRect = z.object(boxShape).refine(inside, OUTSIDE);

export const personBody = z.object({
  name: personName,
  born: optionalText(PERSON_YEARS_MAX),
  died: optionalText(PERSON_YEARS_MAX),
  note: optionalText(PERSON_NOTE_MAX),
  isPrivate: z.boolean().optional(),
});
export const updatePersonBody = personBody.partial();
/** Merge: the person in the path is found to be `into`; their boxes and names move there. */
export const mergePersonBody = z.object({ into: z.uuid() });

export const staffPerson = z.object({
  id: z.uuid(),
  name: z.string(),
  born: z.string().nullable(),
  died: z.string().nullable(),
  note: z.string().nullable(),
  isPrivate: z.boolean(),
  /** Confirmed boxes naming them (on any item). */
  boxes: z.number().int().nonnegative(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StaffPerson = z.infer<typeof staffPerson>;
export const peopleListQuery = listQuery(['name'], {});
export const peopleListResponse = listResponse(staffPerson);
export const personResponse = z.object({ person: staffPerson });

/** Staff: a box with a person from the list, a new person, or no one yet. */
export const createBoxBody = z
  .object({ ...boxShape, personId: z.uuid().nullable().optional(), newPerson: personBody.optional() })
  .refine(inside, OUTSIDE);
export const updateBoxBody = z.object({
  x: fraction.optional(),
  y: fraction.optional(),
  w: fraction.min(BOX_MIN_SIDE).optional(),
  h: fraction.min(BOX_MIN_SIDE).optional(),
  personId: z.uuid().nullable().optional(),
  newPerson: personBody.optional(),
  /** A suggested box (the face job's) made the item's, or turned down. */
  status: z.enum(['confirmed', 'dismissed']).optional(),
});

export const BOX_SOURCES = ['staff', 'visitor', 'face'] as const;
export const BOX_STATUSES = ['confirmed', 'suggested', 'dismissed'] as const;

export const staffBox = z.object({
  id: z.uuid(),
  x: z.number(),
  y: z.number(),
  w: z.number(),
  h: z.number(),
  person: z.object({ id: z.uuid(), name: z.string(), isPrivate: z.boolean() }).nullable(),
  suggestedPerson: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  confidence: z.number().nullable(),
  source: z.enum(BOX_SOURCES),
  status: z.enum(BOX_STATUSES),
});
export type StaffBox = z.infer<typeof staffBox>;
export const staffBoxesResponse = z.object({ boxes: z.array(staffBox) });
export const staffBoxResponse = z.object({ box: staffBox });

/** A box as the public sees it: a private person's box is unnamed. */
export const publicBox = z.object({
  id: z.uuid(),
  x: z.number(),
  y: z.number(),
  w: z.number(),
  h: z.number(),
  person: z.object({ id: z.uuid(), name: z.string() }).nullable(),
});
export type PublicBox = z.infer<typeof publicBox>;
export const publicBoxesResponse = z.object({ boxes: z.array(publicBox) });

/** The person page (/people/{id}): the person and every public photo they are on. */
export const publicPersonResponse = z.object({
  person: z.object({
    id: z.uuid(),
    name: z.string(),
    born: z.string().nullable(),
    died: z.string().nullable(),
    note: z.string().nullable(),
  }),
  items: z.array(
    z.object({
      id: z.uuid(),
      displayId: z.string(),
      title: z.string(),
      thumb: z.string().nullable(),
      originalDate: z.string().nullable(),
    }),
  ),
});
export type PublicPerson = z.infer<typeof publicPersonResponse>;

/** What a visitor sends (POST /api/people/suggestions): a name for a box, or for a new box. */
export const createSuggestionBody = z
  .object({
    mediaId: z.uuid(),
    boxId: z.uuid().optional(),
    box: boxRect.optional(),
    name: personName,
    note: optionalText(SUGGESTION_NOTE_MAX),
    contributorName: optionalText(200),
    contributorEmail: z
      .string()
      .trim()
      .max(320)
      .transform((v) => (v === '' ? null : v))
      .pipe(z.email().nullable())
      .nullable()
      .optional(),
    website: z.string().max(500).optional(),
  })
  .refine((b) => (b.boxId ? !b.box : Boolean(b.box)), {
    message: 'Vel ein kassa á myndini, ella tekna ein nýggjan.',
    path: ['boxId'],
  });
export type CreateSuggestionBody = z.input<typeof createSuggestionBody>;
export const createSuggestionResponse = z.object({ suggestion: z.object({ id: z.uuid() }) });

export const SUGGESTION_STATUS_VALUES = ['pending', 'accepted', 'rejected'] as const;
export type SuggestionStatus = (typeof SUGGESTION_STATUS_VALUES)[number];

export const suggestionListQuery = listQuery(['newest'], {
  status: z.enum(['all', ...SUGGESTION_STATUS_VALUES]).optional(),
});
export const staffSuggestion = z.object({
  id: z.uuid(),
  media: z.object({ id: z.uuid(), displayId: z.string(), title: z.string(), thumb: z.string().nullable() }),
  /** The box named (its rectangle and who it names now), or the new box's rectangle. */
  box: z.object({
    id: z.uuid().nullable(),
    x: z.number(),
    y: z.number(),
    w: z.number(),
    h: z.number(),
    personName: z.string().nullable(),
  }),
  name: z.string(),
  note: z.string().nullable(),
  contributorName: z.string().nullable(),
  contributorEmail: z.string().nullable(),
  signedIn: z.boolean(),
  status: z.enum(SUGGESTION_STATUS_VALUES),
  person: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  reviewedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffSuggestion = z.infer<typeof staffSuggestion>;
export const suggestionListResponse = listResponse(staffSuggestion);

/** A name a signed-in contributor gave (their dashboard): the name as they wrote it, and the photo. */
export const nameSuggestionSummary = z.object({
  id: z.uuid(),
  mediaId: z.uuid(),
  mediaTitle: z.string(),
  name: z.string(),
  status: z.enum(SUGGESTION_STATUS_VALUES),
  createdAt: z.string(),
});
export type NameSuggestionSummary = z.infer<typeof nameSuggestionSummary>;
export const suggestionStatsResponse = z.object({
  pending: z.number().int().nonnegative(),
  accepted: z.number().int().nonnegative(),
  rejected: z.number().int().nonnegative(),
});
export type SuggestionStats = z.infer<typeof suggestionStatsResponse>;

/** Staff accept: the name is a person from the list, or a new one (as the visitor wrote it, or edited). */
export const acceptSuggestionBody = z
  .object({ personId: z.uuid().optional(), newPerson: personBody.optional() })
  .refine((b) => Boolean(b.personId) !== Boolean(b.newPerson), {
    message: 'Vel ein persón á listanum, ella stovna ein nýggjan.',
    path: ['personId'],
  });
export const suggestionReviewResponse = z.object({ suggestion: staffSuggestion });

/** The live stream (GET /api/admin/people/suggestions/events). */
export type SuggestionEvent = { type: 'changed'; id: string; status: SuggestionStatus };
