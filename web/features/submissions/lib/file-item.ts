import type { SubmissionSummary } from '#common/api/submissions.ts';

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
 * `ready`: chosen, not sent yet. Then per send: `waiting` (Bíðar), `uploading` (Sendir: the bytes),
 * `processing` (Viðgerð: the server turns the upload into a submission), `done` (Liðugt) or
 * `failed` (Miseydnaðist).
 */
export type FileStatus = 'ready' | 'waiting' | 'uploading' | 'processing' | 'done' | 'failed';

export type FileItem = {
  key: string;
  file: File;
  details: FileDetails;
  status: FileStatus;
  /** 0–100 for this file's row. */
  percent: number;
  /** The connection dropped and the upload is trying again on its own. */
  reconnecting: boolean;
  /** The reason shown on a failed row. */
  error?: string;
  /**
   * Bytes that arrived but whose submission could not be made for a passing reason (network, busy
   * server): a retry only repeats the submission instead of sending the bytes again.
   */
  uploadId?: string;
  submission?: SubmissionSummary;
};
