import type { DetailedError } from 'tus-js-client';
import { apiError } from '#common/api/shared.ts';
import { fileTooLargeMessage, INGEST_LIMITS } from '#common/file-types.ts';

const UPLOAD_ENDPOINT = '/api/uploads';
/** Small pieces, so a weak connection loses at most one of them when it drops. */
const CHUNK_SIZE = 5 * 1024 * 1024;
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10000, 20000, 30000];
const UPLOAD_ID = /([a-f0-9]{32})\/?$/;

/** A file's bytes could not be sent; `status` is the server's answer, 0 when none came. */
export class UploadError extends Error {
  override readonly name = 'UploadError';
  constructor(
    readonly status: number,
    message: string,
    /** The server's `code`, when it sent one. */
    readonly code?: string,
  ) {
    super(message);
  }
}

export type UploadCallbacks = {
  /** Bytes the server has confirmed so far. */
  onProgress: (bytesSent: number, bytesTotal: number) => void;
  /** The connection dropped; the upload waits and resumes where it stopped. */
  onReconnecting: () => void;
  signal: AbortSignal;
  /** The sender's size limit, named when the server refuses a file as too large. */
  maxBytes?: number;
};

function statusOf(error: Error | DetailedError): number {
  return 'originalResponse' in error ? (error.originalResponse?.getStatus() ?? 0) : 0;
}

/**
 * Worth trying again: no answer at all (the connection dropped), a busy or failing server, or
 * the tus 'locked'/'conflict' answers. Refusals (type, size, rate limit) are final. Unlike the
 * library's default this also retries while the browser says it is offline: on a weak
 * connection that is exactly when waiting helps.
 */
function isPassing(error: Error | DetailedError): boolean {
  const status = statusOf(error);
  return status === 0 || status >= 500 || status === 409 || status === 423;
}

/** The server's `{ code, message }` text, else the spec's size message for a 413, else 'Upload failed'. */
function toUploadError(error: Error | DetailedError, maxBytes: number): UploadError {
  const status = statusOf(error);
  const body = 'originalResponse' in error ? error.originalResponse?.getBody() : undefined;
  let message: string | undefined;
  let code: string | undefined;
  if (body) {
    try {
      const parsed = apiError.safeParse(JSON.parse(body));
      if (parsed.success) ({ message, code } = parsed.data);
    } catch {
      // Not JSON: the tus server's own plain-text answers are not meant for people.
    }
  }
  if (!message && status === 413) message = fileTooLargeMessage(maxBytes);
  return new UploadError(status, message ?? 'Upload failed', code);
}

/**
 * The upload library is fetched only on the pages that send files (submission, staff upload), so
 * other pages stay lighter on a weak connection; they ask for it as soon as a file is chosen, well
 * before sending.
 */
let library: Promise<typeof import('tus-js-client')> | null = null;
export function loadUploader(): Promise<typeof import('tus-js-client')> {
  library ??= import('tus-js-client').catch((error: unknown) => {
    library = null; // a failed fetch is tried again next time
    throw error;
  });
  return library;
}

function abortError(): DOMException {
  return new DOMException('The upload was stopped', 'AbortError');
}

/**
 * Sends one file's bytes through the resumable upload endpoint (tus 1.0) and resolves to the
 * upload id the submission refers to. A dropped connection is retried with growing pauses, and
 * when the browser is offline after those, the upload waits for the connection to return. An
 * unfinished upload of the same file (from an earlier visit, or before the page was closed)
 * continues where it stopped instead of starting over.
 */
export async function uploadFile(
  file: File,
  { onProgress, onReconnecting, signal, maxBytes = INGEST_LIMITS.submission.maxBytes }: UploadCallbacks,
): Promise<string> {
  const { Upload } = await loadUploader().catch(() => {
    throw new UploadError(0, 'Upload failed');
  });
  return new Promise<string>((resolve, reject) => {
    if (signal.aborted) {
      reject(abortError());
      return;
    }
    let stopWaiting: (() => void) | null = null;
    const finish = () => {
      stopWaiting?.();
      signal.removeEventListener('abort', onAbort);
    };

    const upload = new Upload(file, {
      // Same-origin: the browser sends the session or the uploader cookie (set by the server when
      // the upload is created) with every request, which the server requires to continue, resume
      // or claim the upload; `withCredentials` only matters for another origin, so it stays off.
      endpoint: UPLOAD_ENDPOINT,
      retryDelays: RETRY_DELAYS,
      chunkSize: CHUNK_SIZE,
      metadata: { filename: file.name, filetype: file.type },
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      onProgress,
      onShouldRetry(error) {
        const retry = isPassing(error);
        if (retry) onReconnecting();
        return retry;
      },
      onSuccess() {
        finish();
        const id = UPLOAD_ID.exec(upload.url ?? '')?.[1];
        if (id) resolve(id);
        else reject(new UploadError(0, 'Upload failed'));
      },
      onError(error) {
        if (isPassing(error) && navigator.onLine === false) {
          // Retries are used up while offline: carry on once the connection is back.
          onReconnecting();
          const resume = () => {
            stopWaiting = null;
            upload.start();
          };
          window.addEventListener('online', resume, { once: true });
          stopWaiting = () => window.removeEventListener('online', resume);
          return;
        }
        finish();
        reject(toUploadError(error, maxBytes));
      },
    });

    function onAbort() {
      finish();
      // Not terminated: the bytes already sent stay on the server, so a later try resumes.
      void upload.abort();
      reject(abortError());
    }
    signal.addEventListener('abort', onAbort, { once: true });

    upload
      .findPreviousUploads()
      .then((previous) => {
        const latest = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
        if (latest) upload.resumeFromPreviousUpload(latest);
      })
      .catch(() => {
        // No stored uploads to resume (e.g. storage blocked): start afresh.
      })
      .finally(() => {
        if (!signal.aborted) upload.start();
      });
  });
}
