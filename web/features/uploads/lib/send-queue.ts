import type { UploadCallbacks } from '../api/upload-file.ts';
import { fileKey } from './check-files.ts';

/**
 * One file's row in a queue of files to send (the submission form's and the staff upload screen's):
 * `ready`: chosen, not sent yet; then per send `waiting`, `uploading` (the bytes), `processing` (the
 * server makes the submission or the item), `done` or `failed`.
 */
export type SendState = 'ready' | 'waiting' | 'uploading' | 'processing' | 'done' | 'failed';

export type QueuedFile = {
  key: string;
  file: File;
  state: SendState;
  /** 0–100 for this file's row. */
  progress: number;
  /** The connection dropped and the upload is trying again on its own. */
  reconnecting: boolean;
  /** The reason shown on a failed row. */
  error?: string;
  /**
   * Bytes that arrived but whose submission or item could not be made for a passing reason
   * (network, busy server): a retry only repeats that step instead of sending the bytes again.
   */
  uploadId?: string;
};

/** A new row for a chosen file, not sent yet. */
export function queuedFile(file: File): QueuedFile {
  return { key: fileKey(file), file, state: 'ready', progress: 0, reconnecting: false };
}

/**
 * Share of a row's bar for its bytes; the rest is the server's work. Deliberate (issue 30): the
 * spec's milestones (10, 30, 50, 60, 80, 90, 100) are the steps of one request; here the bar
 * follows the bytes as they go and then stands at 95 % while the server processes the file, so it
 * never shows work as done before it is.
 */
export const BYTES_SHARE = 90;
export const PROCESSING_PROGRESS = 95;

/** What happened to a file, for the screen reader's announcement. */
export type SendStep<T> =
  | { kind: 'uploading' | 'reconnecting' | 'processing' }
  | { kind: 'done'; made: Partial<T> }
  | { kind: 'failed'; error: unknown };

/** How one queue sends a file: the same two steps everywhere, the second its own. */
export type SendPlan<T extends QueuedFile> = {
  /** The resumable upload of the bytes (`uploadFile`; a stand-in in tests): resolves to the upload's id. */
  upload: (file: File, callbacks: UploadCallbacks) => Promise<string>;
  /** The sender's size limit, named when the server refuses a file as too large. */
  maxBytes?: number;
  /** Makes the submission or item from the bytes that arrived; what it answers is set on the row. */
  finish: (item: T, uploadId: string, signal: AbortSignal) => Promise<Partial<T>>;
  /** Whether the bytes that arrived can be reused on a retry after this error of `finish`. */
  keepsBytes: (error: unknown) => boolean;
  /** The reason shown on the failed row. */
  errorText: (error: unknown) => string;
  /** Sets fields of one row (the queue's state). */
  update: (key: string, patch: Partial<T>) => void;
  onStep?: (item: T, step: SendStep<T>) => void;
};

export const isAbort = (error: unknown): boolean =>
  error instanceof DOMException && error.name === 'AbortError';

/** The server said 404 to a reused upload id: it no longer holds those bytes (expired, or spent). */
const isGone = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'status' in error && error.status === 404;

async function sendBytes<T extends QueuedFile>(item: T, plan: SendPlan<T>, signal: AbortSignal) {
  plan.update(item.key, { state: 'uploading', progress: 0, uploadId: undefined } as Partial<T>);
  plan.onStep?.(item, { kind: 'uploading' });
  let reconnecting = false;
  return plan.upload(item.file, {
    signal,
    ...(plan.maxBytes === undefined ? {} : { maxBytes: plan.maxBytes }),
    onProgress(sent, total) {
      reconnecting = false;
      const progress = total > 0 ? Math.round((sent / total) * BYTES_SHARE) : 0;
      plan.update(item.key, { progress, reconnecting: false } as Partial<T>);
    },
    onReconnecting() {
      if (reconnecting) return;
      reconnecting = true;
      plan.update(item.key, { reconnecting: true } as Partial<T>);
      plan.onStep?.(item, { kind: 'reconnecting' });
    },
  });
}

async function finish<T extends QueuedFile>(
  item: T,
  uploadId: string,
  plan: SendPlan<T>,
  signal: AbortSignal,
) {
  plan.update(item.key, {
    state: 'processing',
    progress: PROCESSING_PROGRESS,
    reconnecting: false,
    uploadId,
  } as Partial<T>);
  plan.onStep?.(item, { kind: 'processing' });
  const made = await plan.finish(item, uploadId, signal);
  plan.update(item.key, {
    ...made,
    state: 'done',
    progress: 100,
    uploadId: undefined,
    error: undefined,
  } as Partial<T>);
  plan.onStep?.(item, { kind: 'done', made });
}

/**
 * One file: its bytes (unless they arrived in an earlier try), then its submission or item.
 * Answers null when it arrived, else the error (an abort is thrown: the whole queue stops).
 */
export async function sendFile<T extends QueuedFile>(
  item: T,
  plan: SendPlan<T>,
  signal: AbortSignal,
): Promise<{ error: unknown } | null> {
  let uploadId = item.uploadId;
  try {
    if (uploadId) {
      try {
        await finish(item, uploadId, plan, signal);
        return null;
      } catch (error) {
        // The server no longer holds those bytes: send them again.
        if (!isGone(error)) throw error;
        uploadId = undefined;
      }
    }
    uploadId = await sendBytes(item, plan, signal);
    await finish(item, uploadId, plan, signal);
    return null;
  } catch (error) {
    if (isAbort(error)) throw error;
    plan.update(item.key, {
      state: 'failed',
      progress: 0,
      reconnecting: false,
      error: plan.errorText(error),
      uploadId: uploadId && plan.keepsBytes(error) ? uploadId : undefined,
    } as Partial<T>);
    plan.onStep?.(item, { kind: 'failed', error });
    return { error };
  }
}

/**
 * The files one at a time, as weak connections prefer; one failed file never stops the others.
 * Answers the errors of those that failed, or null when the queue was stopped (`signal`).
 */
export async function sendFiles<T extends QueuedFile>(
  targets: readonly T[],
  plan: SendPlan<T>,
  signal: AbortSignal,
): Promise<unknown[] | null> {
  const failures: unknown[] = [];
  try {
    for (const item of targets) {
      const failure = await sendFile(item, plan, signal);
      if (failure) failures.push(failure.error);
    }
  } catch (error) {
    if (isAbort(error)) return null;
    throw error;
  }
  return failures;
}
