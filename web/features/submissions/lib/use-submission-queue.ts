import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { Translate } from '#web/app/i18n.tsx';
import { ApiRequestError } from '#web/lib/api-fetch.ts';
import { ERROR_TEXTS } from '#web/lib/error-text.ts';
import { getContributorDashboardQueryOptions } from '#web/features/contributor/index.ts';
import { createSubmission } from '../api/create-submission.ts';
import {
  type QueuePlan,
  queuedFile,
  UploadError,
  uploadFile,
  useSendQueue,
} from '#web/features/uploads/index.ts';
import { EMPTY_DETAILS, type FileDetails, type FileItem } from './file-item.ts';
import { reconnectingText, statusText } from './status-text.ts';
import { type GeneralValues, submissionBody } from './submission-values.ts';

/** The spec's 'form reset delay after success' (public-site.md §9). */
export const RESET_AFTER_SUCCESS_MS = 2_000;

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

/**
 * Sending one file: the resumable upload, then POST /api/submissions with the general values and
 * the file's own details. Bytes that arrived are reused on a retry when the submission failed for
 * a passing reason.
 */
function plan(
  t: Translate,
  values: GeneralValues,
  setAnnouncement: (text: string) => void,
): QueuePlan<FileItem> {
  return {
    upload: uploadFile,
    async finish(item, uploadId, signal) {
      const submission = await createSubmission(submissionBody(uploadId, values, item.details), { signal });
      return { submission };
    },
    keepsBytes: (error) => describeFailure(error, t).general,
    errorText: (error) => describeFailure(error, t).message,
    onStep(item, step) {
      const name = item.file.name;
      if (step.kind === 'reconnecting') setAnnouncement(`${name}: ${reconnectingText(t)}`);
      else if (step.kind === 'failed')
        setAnnouncement(`${name}: ${statusText(t, 'failed')} — ${describeFailure(step.error, t).message}`);
      else setAnnouncement(`${name}: ${statusText(t, step.kind)}`);
    },
  };
}

/**
 * The chosen files and their sending (public-site.md §4 Submission form): one file at a time, as
 * weak connections prefer, each through the resumable upload and then POST /api/submissions.
 * `sentWithoutScript`: the files the server took from the form the browser sent itself.
 */
export function useSubmissionQueue(t: Translate, sentWithoutScript?: number) {
  const queryClient = useQueryClient();
  const queue = useSendQueue<FileItem>();
  const { items, setItems, update, check } = queue;
  // The form was sent by the browser itself and the server took every file: the confirmation.
  const [outcome, setOutcome] = useState<Outcome | null>(() =>
    sentWithoutScript === undefined ? null : { kind: 'success', count: sentWithoutScript },
  );

  // The success screen stays; the list and the progress behind it are cleared after 2 s.
  useEffect(() => {
    if (outcome?.kind !== 'success') return;
    const timer = setTimeout(() => setItems([]), RESET_AFTER_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [outcome, setItems]);

  const addFiles = useCallback(
    (files: readonly File[]) => {
      const accepted = check(
        files,
        items.map((item) => item.file),
      );
      setOutcome(null);
      if (accepted.length === 0) return;
      setItems((current) => [
        ...current,
        ...accepted.map((file): FileItem => ({ ...queuedFile(file), details: EMPTY_DETAILS })),
      ]);
    },
    [items, setItems, check],
  );

  const setDetails = useCallback((key: string, details: FileDetails) => update(key, { details }), [update]);

  /** Sends every file not yet sent, or with `onlyFailed` those whose sending failed. */
  async function send(values: GeneralValues, { onlyFailed = false } = {}) {
    if (queue.running) return;
    const targets = items.filter((item) => (onlyFailed ? item.state === 'failed' : item.state !== 'done'));
    if (targets.length === 0) {
      // The failed files were removed and every one left has arrived.
      if (items.length > 0 && items.every((item) => item.state === 'done')) {
        setOutcome({ kind: 'success', count: items.length });
      }
      return;
    }
    const doneBefore = items.filter((item) => item.state === 'done').length;
    setOutcome(null);
    const errors = await queue.run(targets, plan(t, values, queue.setAnnouncement));
    if (!errors) return;

    const failures = errors.map((error) => describeFailure(error, t));
    const done = doneBefore + targets.length - failures.length;
    if (done > doneBefore)
      void queryClient.invalidateQueries({ queryKey: getContributorDashboardQueryOptions().queryKey });
    if (failures.length === 0) {
      setOutcome({ kind: 'success', count: done });
    } else if (done === 0 && failures.every((failure) => failure.general)) {
      const withWords = failures.find((failure) => failure.fromServer);
      setOutcome({ kind: 'general', message: withWords?.message ?? null });
    } else {
      setOutcome({ kind: 'partial', done, total: items.length });
    }
  }

  const { stop, setAnnouncement } = queue;
  const reset = useCallback(() => {
    stop();
    setOutcome(null);
    setAnnouncement('');
  }, [stop, setAnnouncement]);

  const doneCount = items.filter((item) => item.state === 'done').length;
  return {
    items,
    refused: queue.refused,
    sending: queue.running,
    outcome,
    announcement: queue.announcement,
    /** Completed files / total files, in percent (public-site.md §4). */
    overallPercent: items.length === 0 ? 0 : Math.round((doneCount / items.length) * 100),
    doneCount,
    addFiles,
    removeFile: queue.removeFile,
    setDetails,
    send,
    reset,
  };
}
