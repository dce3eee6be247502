import { rightsUri } from './rights.ts';
import { originalDateField } from '../dates/original-date-field.ts';
import { z } from 'zod';
import { MEDIA_TYPES } from '../enums.ts';
import { listQuery, listResponse } from '../list.ts';
import { NEAR_DUPLICATE_CHOICES, nearDuplicate } from '../near-duplicates.ts';
import { keywordsField, optionalText } from './shared.ts';

/** Submissions: sending one (public-site.md), and the staff review (admin-back-office.md §2, §3, §4). */

/**
 * After a file's bytes arrived through the resumable upload endpoint (tus, /api/uploads), this
 * turns that upload into one submission. `website` is a honeypot: people leave it empty.
 */
export const createSubmissionBody = z.object({
  uploadId: z.string().regex(/^[a-f0-9]{32}$/, 'uploadId: not an upload of ours'),
  title: z.string().trim().min(1, 'Heiti er kravt').max(300),
  description: optionalText(10_000),
  submitterName: optionalText(200),
  submitterEmail: z
    .string()
    .trim()
    .max(320)
    .transform((v) => (v === '' ? null : v))
    .pipe(z.email().nullable())
    .nullable()
    .optional(),
  submitterMessage: optionalText(5_000),
  photographer: optionalText(300),
  location: optionalText(300),
  source: optionalText(500),
  originalDate: originalDateField,
  keywords: keywordsField.optional(),
  website: z.string().max(500).optional(),
});
export type CreateSubmissionBody = z.input<typeof createSubmissionBody>;

/** The general fields of /submit sent as a form without script (common/submit-form.ts). */
export const submissionFormFields = createSubmissionBody.omit({ uploadId: true, keywords: true });

export const SUBMISSION_STATUS_VALUES = ['pending', 'approved', 'rejected'] as const;

export const submissionSummary = z.object({
  id: z.uuid(),
  displayId: z.string(),
  title: z.string(),
  status: z.enum(SUBMISSION_STATUS_VALUES),
  mediaType: z.enum(['image', 'video', 'audio', 'document']),
  fileName: z.string(),
  createdAt: z.string(),
  reviewNotes: z.string().nullable(),
  /** The public item made from it, once approved. */
  mediaId: z.uuid().nullable(),
});
export type SubmissionSummary = z.infer<typeof submissionSummary>;
export const createSubmissionResponse = z.object({ submission: submissionSummary });

export const reviewSubmissionBody = z.object({
  status: z.enum(SUBMISSION_STATUS_VALUES),
  reviewNotes: optionalText(5_000),
  /** On approval: the item's rights statement (else the site's default). */
  rights: rightsUri.optional(),
});

export const SUBMISSION_STATUS_FILTERS = ['all', ...SUBMISSION_STATUS_VALUES] as const;
/** Newest first; `q` matches title, submitter name or e-mail; `status` 'all' or absent = every one. */
export const submissionListQuery = listQuery(['newest'], {
  status: z.enum(SUBMISSION_STATUS_FILTERS).optional(),
});
export const staffSubmission = z.object({
  id: z.uuid(),
  displayId: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  photographer: z.string().nullable(),
  location: z.string().nullable(),
  source: z.string().nullable(),
  originalDate: z.string().nullable(),
  /** The original date understood, as EDTF (common/dates); null when none or not understood. */
  originalDateEdtf: z.string().nullable(),
  keywords: z.array(z.string()),
  fileName: z.string(),
  fileSize: z.number(),
  mimeType: z.string(),
  mediaType: z.enum(MEDIA_TYPES),
  processingStatus: z.enum(['pending', 'ready', 'failed']),
  /** Null until the thumbnail job has made one (documents and audio have none). */
  thumbnailUrl: z.string().nullable(),
  submitterName: z.string().nullable(),
  submitterEmail: z.string().nullable(),
  submitterMessage: z.string().nullable(),
  submittedBy: z.uuid().nullable(),
  status: z.enum(SUBMISSION_STATUS_VALUES),
  reviewer: z.object({ id: z.uuid(), fullName: z.string().nullable(), email: z.string() }).nullable(),
  reviewedAt: z.string().nullable(),
  reviewNotes: z.string().nullable(),
  createdAt: z.string(),
  /** The public item made from it (managed under media from then on). */
  approvedMedia: z.object({ id: z.uuid(), viewCount: z.number() }).nullable(),
  /** Same bytes as an existing item / an earlier pending submission, when it was sent. */
  duplicateOfMediaId: z.uuid().nullable(),
  duplicateOfSubmissionId: z.uuid().nullable(),
});
export type StaffSubmission = z.infer<typeof staffSubmission>;
export const submissionListResponse = listResponse(staffSubmission);
export const staffSubmissionDetail = staffSubmission.extend({
  originalUrl: z.string(),
  displayUrl: z.string().nullable(),
  /** Items whose picture looks like this one (issue 29: perceptual hash), nearest first. */
  nearDuplicates: z.array(nearDuplicate),
});
/**
 * Approves a submission that looks like an item: keep both (a new item), replace the item's file
 * by the submission's, or a new item linked as another version of it. The server checks again that
 * the two are near-duplicates.
 */
export const nearDuplicateChoiceBody = z.object({
  mediaId: z.uuid(),
  choice: z.enum(NEAR_DUPLICATE_CHOICES),
  reviewNotes: optionalText(5_000),
  rights: rightsUri.optional(),
});
export type StaffSubmissionDetail = z.infer<typeof staffSubmissionDetail>;
export const submissionDetailResponse = z.object({ submission: staffSubmissionDetail });
export const submissionStatsResponse = z.object({
  total: z.number().int().nonnegative(),
  pending: z.number().int().nonnegative(),
  approved: z.number().int().nonnegative(),
  rejected: z.number().int().nonnegative(),
  /** Sent in the last 7 days. */
  thisWeek: z.number().int().nonnegative(),
  /** approved / total in percent, rounded (0 when there are none). */
  approvalRate: z.number().int().nonnegative(),
});
export type SubmissionStats = z.infer<typeof submissionStatsResponse>;
export const BULK_REVIEW_MAX = 100;
export const bulkReviewBody = z.object({
  ids: z.array(z.uuid()).min(1).max(BULK_REVIEW_MAX),
  status: z.enum(['approved', 'rejected']),
  reviewNotes: optionalText(5_000),
});
export const bulkReviewResponse = z.object({
  results: z.array(
    z.object({ id: z.uuid(), ok: z.boolean(), code: z.string().nullable(), message: z.string().nullable() }),
  ),
});
export type BulkReviewResponse = z.infer<typeof bulkReviewResponse>;
/** What the live stream (GET /api/admin/submissions/events) sends, one JSON per `data:` line. */
export type SubmissionEvent =
  | { type: 'changed'; id: string; status: (typeof SUBMISSION_STATUS_VALUES)[number] }
  | { type: 'deleted'; id: string };
