import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Translate } from '#web/app/i18n.tsx';
import { ApiRequestError } from '#web/lib/api-fetch.ts';
import { ERROR_TEXTS } from '#web/lib/error-text.ts';
import { CONTRIBUTOR_DASHBOARD_KEY } from '#web/features/contributor/index.ts';
import { createSubmission } from '../api/create-submission.ts';
import {
  checkFiles,
  fileKey,
  loadUploader,
  type RefusedFile,
  UploadError,
  uploadFile,
} from '#web/features/uploads/index.ts';
import { EMPTY_DETAILS, type FileDetails, type FileItem } from './file-item.ts';
import { reconnectingText, statusText } from './status-text.ts';
import { type GeneralValues, submissionBody } from './submission-values.ts';

/** The spec's 'form reset delay after success' (public-site.md §9). */
export const RESET_AFTER_SUCCESS_MS = 2_000;

/**
 * Share of a row's bar for the bytes; the rest is the server's work and the finish. Deliberate
 * (issue 30): bytes first, then 95 % while the server processes the file, instead of fixed
 * milestones, so the bar never runs ahead of what is done.
 */
const UPLOAD_SHARE = 90;
const PROCESSING_PERCENT = 95;

export type Outcome =
  | { kind: 'success'; count: number }
  | { kind: 'partial'; done: number; total: number }
  | { kind: 'general'; message: string | null };

type Failure = {
  message: string;
  /** Not about this file: the connection or the server (network down, busy, rate limit). */
  general: boolean;
  /** Whether the server's own words came with it. */
  fromServer: boolean;
};

/** The archive has no room now (issue 30 B4): said in the reader's language, not the server's. */
const NO_ROOM = ['UPLOAD_QUOTA', 'UPLOAD_AREA_FULL', 'SUBMISSIONS_FULL'] as const;

function describeFailure(error: unknown, t: Translate): Failure {
  const code = error instanceof ApiRequestError || error instanceof UploadError ? error.code : undefined;
  const noRoom = NO_ROOM.find((known) => known === code);
  if (noRoom) {
    const { key, label } = ERROR_TEXTS[noRoom];
    return { message: t(key, label), general: false, fromServer: true };
  }
  if (error instanceof ApiRequestError) {
    const general = error.status >= 500 || error.status === 429;
    return { message: error.message || 'Upload failed', general, fromServer: Boolean(error.message) };
  }
  if (error instanceof UploadError) {
    const general = error.status === 0 || error.status >= 500 || error.status === 429;
    return {
      message: error.message,
      general,
      fromServer: error.status !== 0 && error.message !== 'Upload failed',
    };
  }
  // fetch's TypeError: no answer at all.
  return { message: 'Upload failed', general: true, fromServer: false };
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * The chosen files and their sending (public-site.md §4 Submission form): one file at a time, as
 * weak connections prefer, each through the resumable upload and then POST /api/submissions.
 * `sentWithoutScript`: the files the server took from the form the browser sent itself.
 */
export function useSubmissionQueue(t: Translate, sentWithoutScript?: number) {
  const queryClient = useQueryClient();
  const [items, setItems] = useState<FileItem[]>([]);
  const [refused, setRefused] = useState<RefusedFile[]>([]);
  const [sending, setSending] = useState(false);
  // The form was sent by the browser itself and the server took every file: the confirmation.
  const [outcome, setOutcome] = useState<Outcome | null>(() =>
    sentWithoutScript === undefined ? null : { kind: 'success', count: sentWithoutScript },
  );
  const [announcement, setAnnouncement] = useState('');
  const controller = useRef<AbortController | null>(null);

  // Leaving the page stops the transfer; the bytes sent stay on the server for a later resume.
  useEffect(() => () => controller.current?.abort(), []);

  // Closing the tab mid-send asks first (the bytes sent so far would resume on a later try).
  useEffect(() => {
    if (!sending) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [sending]);

  // The success screen stays; the list and the progress behind it are cleared after 2 s.
  useEffect(() => {
    if (outcome?.kind !== 'success') return;
    const timer = setTimeout(() => setItems([]), RESET_AFTER_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [outcome]);

  const update = useCallback((key: string, patch: Partial<FileItem>) => {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...patch } : item)));
  }, []);

  const addFiles = useCallback(
    (files: readonly File[]) => {
      const { accepted, refused: newlyRefused } = checkFiles(
        files,
        items.map((item) => item.file),
      );
      setRefused(newlyRefused);
      setOutcome(null);
      if (accepted.length === 0) return;
      // Fetch the upload code now, while the form is filled in, not when Send is pressed.
      loadUploader().catch(() => undefined);
      setItems((current) => [
        ...current,
        ...accepted.map(
          (file): FileItem => ({
            key: fileKey(file),
            file,
            details: EMPTY_DETAILS,
            status: 'ready',
            percent: 0,
            reconnecting: false,
          }),
        ),
      ]);
    },
    [items],
  );

  const removeFile = useCallback((key: string) => {
    setItems((current) => current.filter((item) => item.key !== key));
  }, []);

  const setDetails = useCallback((key: string, details: FileDetails) => update(key, { details }), [update]);

  async function upload(item: FileItem, signal: AbortSignal): Promise<string> {
    const name = item.file.name;
    update(item.key, { status: 'uploading', percent: 0, uploadId: undefined });
    setAnnouncement(`${name}: ${statusText(t, 'uploading')}`);
    let reconnecting = false;
    return uploadFile(item.file, {
      signal,
      onProgress(sent, total) {
        reconnecting = false;
        const percent = total > 0 ? Math.round((sent / total) * UPLOAD_SHARE) : 0;
        update(item.key, { percent, reconnecting: false });
      },
      onReconnecting() {
        if (reconnecting) return;
        reconnecting = true;
        update(item.key, { reconnecting: true });
        setAnnouncement(`${name}: ${reconnectingText(t)}`);
      },
    });
  }

  async function submit(item: FileItem, uploadId: string, values: GeneralValues, signal: AbortSignal) {
    update(item.key, { status: 'processing', percent: PROCESSING_PERCENT, reconnecting: false, uploadId });
    setAnnouncement(`${item.file.name}: ${statusText(t, 'processing')}`);
    const submission = await createSubmission(submissionBody(uploadId, values, item.details), { signal });
    update(item.key, { status: 'done', percent: 100, submission, uploadId: undefined, error: undefined });
    setAnnouncement(`${item.file.name}: ${statusText(t, 'done')}`);
  }

  /** One file: its bytes (unless they arrived in an earlier try), then its submission. */
  async function sendOne(
    item: FileItem,
    values: GeneralValues,
    signal: AbortSignal,
  ): Promise<Failure | null> {
    let uploadId = item.uploadId;
    try {
      if (uploadId) {
        try {
          await submit(item, uploadId, values, signal);
          return null;
        } catch (error) {
          // The server no longer holds those bytes (expired, or spent by the failed try): send them again.
          if (!(error instanceof ApiRequestError && error.status === 404)) throw error;
          uploadId = undefined;
        }
      }
      uploadId = await upload(item, signal);
      await submit(item, uploadId, values, signal);
      return null;
    } catch (error) {
      if (isAbort(error)) throw error;
      const failure = describeFailure(error, t);
      update(item.key, {
        status: 'failed',
        percent: 0,
        reconnecting: false,
        error: failure.message,
        // Bytes that arrived are reused on a retry when the submission failed for a passing reason.
        uploadId: failure.general ? uploadId : undefined,
      });
      setAnnouncement(`${item.file.name}: ${statusText(t, 'failed')} — ${failure.message}`);
      return failure;
    }
  }

  /** Sends every file not yet sent, or with `onlyFailed` those whose sending failed. */
  async function send(values: GeneralValues, { onlyFailed = false } = {}) {
    if (sending) return;
    const targets = items.filter((item) => (onlyFailed ? item.status === 'failed' : item.status !== 'done'));
    if (targets.length === 0) {
      // The failed files were removed and every one left has arrived.
      if (items.length > 0 && items.every((item) => item.status === 'done')) {
        setOutcome({ kind: 'success', count: items.length });
      }
      return;
    }
    const targetKeys = new Set(targets.map((item) => item.key));
    const doneBefore = items.filter((item) => item.status === 'done').length;

    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setSending(true);
    setOutcome(null);
    setItems((current) =>
      current.map((item) =>
        targetKeys.has(item.key)
          ? { ...item, status: 'waiting', percent: 0, reconnecting: false, error: undefined }
          : item,
      ),
    );

    const failures: Failure[] = [];
    try {
      for (const item of targets) {
        const failure = await sendOne(item, values, abort.signal);
        if (failure) failures.push(failure);
      }
    } catch (error) {
      if (isAbort(error)) return;
      failures.push({ message: 'Upload failed', general: true, fromServer: false });
    } finally {
      if (!abort.signal.aborted) setSending(false);
    }

    const done = doneBefore + targets.length - failures.length;
    if (done > doneBefore) void queryClient.invalidateQueries({ queryKey: CONTRIBUTOR_DASHBOARD_KEY });
    if (failures.length === 0) {
      setOutcome({ kind: 'success', count: done });
    } else if (done === 0 && failures.every((failure) => failure.general)) {
      const withWords = failures.find((failure) => failure.fromServer);
      setOutcome({ kind: 'general', message: withWords?.message ?? null });
    } else {
      setOutcome({ kind: 'partial', done, total: items.length });
    }
  }

  const reset = useCallback(() => {
    controller.current?.abort();
    setItems([]);
    setRefused([]);
    setOutcome(null);
    setSending(false);
    setAnnouncement('');
  }, []);

  const doneCount = items.filter((item) => item.status === 'done').length;
  return {
    items,
    refused,
    sending,
    outcome,
    announcement,
    /** Completed files / total files, in percent (public-site.md §4). */
    overallPercent: items.length === 0 ? 0 : Math.round((doneCount / items.length) * 100),
    doneCount,
    addFiles,
    removeFile,
    setDetails,
    send,
    reset,
  };
}
