import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { INGEST_LIMITS } from '#common/file-types.ts';
import { MESSAGE_CLEAR_MS } from '#common/limits.ts';
import {
  fileKey,
  type QueuePlan,
  queuedFile,
  UploadError,
  uploadFile,
  useSendQueue,
} from '#web/features/uploads/index.ts';
import { ApiRequestError } from '#web/lib/api-fetch.ts';
import { createMediaFromUpload } from '../api/create-media-from-upload.ts';
import { mediaKeys } from '../api/media-keys.ts';
import { readSuggestions } from './read-suggestions.ts';
import {
  applySuggestions,
  DEFAULT_SHARED,
  initialFields,
  type SharedFields,
  type UploadFields,
  type UploadItem,
  uploadBody,
} from './upload-item.ts';

/** How the last batch ended: every file, some, or none (a message by the counts). */
export type BatchResult = { completed: number; failed: number; total: number };

function messageOf(error: unknown): string {
  if (error instanceof ApiRequestError || error instanceof UploadError)
    return error.message || 'Upload failed';
  return 'Upload failed';
}

/**
 * Sending one file: the resumable upload, then the item made with its own form's values. Bytes
 * that arrived are reused on a retry when making the item failed for a passing reason (no answer,
 * busy server) or a field the person can put right; not when the server refused the file itself
 * (its bytes are dropped) or no longer holds them.
 */
const plan = (setAnnouncement: (text: string) => void): QueuePlan<UploadItem> => ({
  upload: uploadFile,
  maxBytes: INGEST_LIMITS.upload.maxBytes,
  async finish(item, uploadId, signal) {
    const { media, nearDuplicates } = await createMediaFromUpload(uploadBody(uploadId, item.fields), {
      signal,
    });
    return { mediaId: media.id, displayId: media.displayId, nearDuplicates };
  },
  keepsBytes: (error) =>
    !(error instanceof UploadError) &&
    !(error instanceof ApiRequestError && [404, 413, 415].includes(error.status)),
  errorText: messageOf,
  onStep(item, step) {
    const name = item.file.name;
    if (step.kind === 'uploading') setAnnouncement(`${name}: uploading`);
    if (step.kind === 'failed') setAnnouncement(`${name}: ${messageOf(step.error)}`);
    if (step.kind !== 'done') return;
    const alike = step.made.nearDuplicates ?? [];
    setAnnouncement(
      alike.length > 0
        ? `${name}: completed; it looks like ${alike.map((d) => d.displayId).join(', ')}`
        : `${name}: completed`,
    );
  },
});

/**
 * The staff upload screen's files (admin-back-office.md §2 Upload, §4 Upload progress): each file
 * is sent one at a time through the resumable endpoint (a dropped connection resumes), then made
 * into an item with its own form's values. One failed file never stops the others.
 */
export function useUploadQueue() {
  const queryClient = useQueryClient();
  const queue = useSendQueue<UploadItem>();
  const { items, setItems, update, check } = queue;
  const [shared, setShared] = useState<SharedFields>(DEFAULT_SHARED);
  const [result, setResult] = useState<BatchResult | null>(null);

  // On full success the files and their progress clear after 3 s; the summary stays, and so do
  // the files that look like a photo the archive held already, until staff have seen them.
  useEffect(() => {
    if (!result || result.failed > 0 || result.completed === 0) return;
    const timer = setTimeout(
      () => setItems((current) => current.filter((item) => (item.nearDuplicates?.length ?? 0) > 0)),
      MESSAGE_CLEAR_MS,
    );
    return () => clearTimeout(timer);
  }, [result, setItems]);

  const addFiles = useCallback(
    (files: readonly File[]) => {
      const accepted = check(
        files,
        items.filter((item) => item.state !== 'done').map((item) => item.file),
        'upload',
      );
      if (accepted.length === 0) return;
      setResult(null);
      setItems((current) => [
        // A finished batch's rows make way for the new one.
        ...current.filter((item) => item.state !== 'done'),
        ...accepted.map(
          (file): UploadItem => ({ ...queuedFile(file), fields: initialFields(file, shared), suggested: {} }),
        ),
      ]);
      // Suggestions from each image's own data, filled into fields still empty when they arrive.
      for (const file of accepted) {
        void readSuggestions(file).then((metadata) => {
          if (!metadata) return;
          setItems((current) =>
            current.map((item) => {
              if (item.key !== fileKey(file) || item.state !== 'ready') return item;
              const { fields, suggested } = applySuggestions(item.fields, metadata);
              return { ...item, fields, suggested };
            }),
          );
        });
      }
    },
    [items, shared, setItems, check],
  );

  const setFields = useCallback((key: string, fields: UploadFields) => update(key, { fields }), [update]);

  /** Values of the 'For all files' panel: kept for files added later, and set on every file not yet sent. */
  const applyToAll = useCallback(
    (values: Partial<SharedFields>) => {
      setShared((current) => ({ ...current, ...values }));
      setItems((current) =>
        current.map((item) =>
          item.state === 'done' ? item : { ...item, fields: { ...item.fields, ...values } },
        ),
      );
    },
    [setItems],
  );

  /** Uploads every file not yet completed (failed ones again), one at a time. */
  async function start() {
    if (queue.running) return;
    const targets = items.filter((item) => item.state !== 'done');
    if (targets.length === 0) return;
    setResult(null);
    const failures = await queue.run(targets, plan(queue.setAnnouncement));
    if (!failures) return;
    const completed = items.length - failures.length;
    if (completed > 0) void queryClient.invalidateQueries({ queryKey: mediaKeys.all });
    setResult({ completed, failed: failures.length, total: items.length });
  }

  const { stop } = queue;
  const clear = useCallback(() => {
    stop();
    setResult(null);
  }, [stop]);

  const totalBytes = items.reduce((sum, item) => sum + item.file.size, 0);
  const sentBytes = items.reduce((sum, item) => sum + (item.file.size * item.progress) / 100, 0);
  return {
    items,
    refused: queue.refused,
    shared,
    running: queue.running,
    result,
    announcement: queue.announcement,
    /** Progress over the whole batch, weighted by size. */
    overallProgress: totalBytes === 0 ? 0 : Math.round((sentBytes / totalBytes) * 100),
    current: items.find((item) => item.state === 'uploading' || item.state === 'processing'),
    counts: {
      selected: items.length,
      completed: items.filter((item) => item.state === 'done').length,
      failed: items.filter((item) => item.state === 'failed').length,
    },
    addFiles,
    removeFile: queue.removeFile,
    setFields,
    applyToAll,
    start,
    clear,
  };
}
