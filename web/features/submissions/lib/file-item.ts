import type { SubmissionSummary } from '#common/api/submissions.ts';
import type { QueuedFile, SendState } from '#web/features/uploads/index.ts';

/** The optional per-file details; an empty one falls back to the general form value. */
export type FileDetails = {
  title: string;
  description: string;
  photographer: string;
  location: string;
  originalDate: string;
  source: string;
  /** Comma-separated, sent as a list. */
  keywords: string;
};

export const EMPTY_DETAILS: FileDetails = {
  title: '',
  description: '',
  photographer: '',
  location: '',
  originalDate: '',
  source: '',
  keywords: '',
};

/**
 * One chosen file: a row of the send queue, `ready` (Klár at senda), then per send `waiting`
 * (Bíðar), `uploading` (Sendir: the bytes), `processing` (Viðgerð: the server turns the upload
 * into a submission), `done` (Liðugt) or `failed` (Miseydnaðist); with its own details.
 */
export type FileStatus = SendState;

export type FileItem = QueuedFile & {
  details: FileDetails;
  submission?: SubmissionSummary;
};
