import { z } from 'zod';
import { KNOWLEDGE_FIELDS, KNOWLEDGE_MODES, KNOWLEDGE_TEXT_MAX } from '../knowledge-form.ts';
import { listQuery, listResponse } from '../list.ts';
import { optionalText } from './shared.ts';

/** "Do you know more about this photo?" (issue 29 §1): a visitor tells, staff review. */

const NOTHING_TOLD = 'Skriva í minsta lagi eitt um myndina.';

/** What a visitor sends (POST /api/knowledge). `website` is a honeypot: people leave it empty. */
export const createKnowledgeBody = z
  .object({
    mediaId: z.uuid(),
    who: optionalText(KNOWLEDGE_TEXT_MAX),
    place: optionalText(KNOWLEDGE_TEXT_MAX),
    time: optionalText(KNOWLEDGE_TEXT_MAX),
    other: optionalText(KNOWLEDGE_TEXT_MAX),
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
  .refine((body) => body.who || body.place || body.time || body.other, {
    message: NOTHING_TOLD,
    path: ['other'],
  });
export type CreateKnowledgeBody = z.input<typeof createKnowledgeBody>;

export const KNOWLEDGE_STATUS_VALUES = ['pending', 'accepted', 'rejected'] as const;
export type KnowledgeStatus = (typeof KNOWLEDGE_STATUS_VALUES)[number];

/** What the sender sees of it (their dashboard), and the answer to sending it. */
export const knowledgeSummary = z.object({
  id: z.uuid(),
  mediaId: z.uuid(),
  mediaTitle: z.string(),
  status: z.enum(KNOWLEDGE_STATUS_VALUES),
  createdAt: z.string(),
});
export type KnowledgeSummary = z.infer<typeof knowledgeSummary>;
export const createKnowledgeResponse = z.object({ contribution: z.object({ id: z.uuid() }) });

/**
 * The review screen's list: newest first, by status ('all' or absent: every one); `q` matches what
 * was told, the teller's name or address, or the item's title.
 */
export const knowledgeListQuery = listQuery(['newest'], {
  status: z.enum(['all', ...KNOWLEDGE_STATUS_VALUES]).optional(),
});
export const staffKnowledge = z.object({
  id: z.uuid(),
  media: z.object({ id: z.uuid(), displayId: z.string(), title: z.string() }),
  who: z.string().nullable(),
  place: z.string().nullable(),
  time: z.string().nullable(),
  other: z.string().nullable(),
  contributorName: z.string().nullable(),
  contributorEmail: z.string().nullable(),
  signedIn: z.boolean(),
  status: z.enum(KNOWLEDGE_STATUS_VALUES),
  acceptedField: z.enum(KNOWLEDGE_FIELDS).nullable(),
  acceptedText: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  repliedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffKnowledge = z.infer<typeof staffKnowledge>;
export const knowledgeListResponse = listResponse(staffKnowledge);
export const knowledgeStatsResponse = z.object({
  pending: z.number().int().nonnegative(),
  accepted: z.number().int().nonnegative(),
  rejected: z.number().int().nonnegative(),
});
export type KnowledgeStats = z.infer<typeof knowledgeStatsResponse>;

/** Staff accept it into a field of the item, adding to it or replacing it, with the text as edited. */
export const acceptKnowledgeBody = z.object({
  field: z.enum(KNOWLEDGE_FIELDS),
  mode: z.enum(KNOWLEDGE_MODES),
  text: z.string().trim().min(1).max(10_000),
});
export const replyKnowledgeBody = z.object({
  text: z.string().trim().min(1).max(5_000),
});
export const knowledgeReviewResponse = z.object({ contribution: staffKnowledge });

/** The live stream (GET /api/admin/knowledge/events): one JSON per `data:` line. */
export type KnowledgeEvent = { type: 'changed'; id: string; status: KnowledgeStatus };

/** A credit on an item: who told what staff accepted, and the year they accepted it. */
export const knowledgeCredit = z.object({ name: z.string().nullable(), year: z.number().int() });
export type KnowledgeCredit = z.infer<typeof knowledgeCredit>;
