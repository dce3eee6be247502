import { useCallback, useEffect, useRef, useState } from 'react';
import { loadUploader } from '../api/upload-file.ts';
import { checkFiles, type RefusedFile } from './check-files.ts';
import { type QueuedFile, type SendPlan, sendFiles } from './send-queue.ts';

/** A queue's plan without its rows' setter, which the hook gives. */
export type QueuePlan<T extends QueuedFile> = Omit<SendPlan<T>, 'update'>;

/**
 * The state both file queues share (the submission form's, the staff upload screen's): the rows,
 * the files the picker refused, whether a send is running, the screen reader's last line, and the
 * send itself (`run`, through `sendFiles`). Leaving the page stops the transfer (the bytes sent
 * stay on the server for a later resume); closing the tab mid-send asks first.
 */
export function useSendQueue<T extends QueuedFile>() {
  const [items, setItems] = useState<T[]>([]);
  const [refused, setRefused] = useState<RefusedFile[]>([]);
  const [running, setRunning] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  useEffect(() => {
    if (!running) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [running]);

  const update = useCallback((key: string, patch: Partial<T>) => {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...patch } : item)));
  }, []);

  /**
   * The picker's checks of new files (type, size, and count with those `chosen` already): the
   * refused ones are listed, and for accepted ones the upload code is fetched now, while the form
   * is filled in, not when Send is pressed. Answers the accepted files.
   */
  const check = useCallback(
    (files: readonly File[], chosen: readonly File[], context?: 'submission' | 'upload') => {
      const { accepted, refused: newlyRefused } = checkFiles(files, chosen, context);
      setRefused(newlyRefused);
      if (accepted.length > 0) loadUploader().catch(() => undefined);
      return accepted;
    },
    [],
  );

  const removeFile = useCallback((key: string) => {
    setItems((current) => current.filter((item) => item.key !== key));
  }, []);

  /**
   * Sends `targets` (rows of `items`), first marking them waiting. Answers the errors of the files
   * that failed, or null when the send was stopped.
   */
  async function run(targets: readonly T[], plan: QueuePlan<T>): Promise<unknown[] | null> {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    const keys = new Set(targets.map((item) => item.key));
    setRunning(true);
    setItems((current) =>
      current.map((item) =>
        keys.has(item.key)
          ? { ...item, state: 'waiting', progress: 0, reconnecting: false, error: undefined }
          : item,
      ),
    );
    try {
      return await sendFiles(targets, { ...plan, update }, abort.signal);
    } finally {
      if (!abort.signal.aborted) setRunning(false);
    }
  }

  /** Stops any send and empties the queue. */
  const stop = useCallback(() => {
    controller.current?.abort();
    setItems([]);
    setRefused([]);
    setRunning(false);
  }, []);

  return {
    items,
    setItems,
    refused,
    setRefused,
    running,
    announcement,
    setAnnouncement,
    update,
    check,
    removeFile,
    run,
    stop,
  };
}
