import type { BlobStore } from './blob-store.ts';

/** Files of at most this many bytes are kept: thumbnails (a gallery page brings twelve), not pictures. */
export const KEPT_FILE_MAX_BYTES = 64 * 1024;
/** What the kept files may take together, by default (`FILE_MEMORY_MB`). */
export const DEFAULT_KEPT_FILES_BYTES = 8 * 1024 ** 2;

/**
 * The bytes of small stored files kept in memory, least recently used let go first, so that a
 * thumbnail asked for again is sent from memory: on the local store, one file's answer is a
 * stat, an open, an fstat, two reads and a close, each a turn through libuv's thread pool and a
 * stream; on S3 it is a request. A key names one content for good (keys are made once, from a
 * random UUID or random bytes, and never written again: storage/blob-store.ts, the derivatives'
 * keys), so a kept file never goes stale; a deleted one is no longer named by any row the server
 * serves files from, is not asked for again, and is let go as the least recently used.
 *
 * Who may have a file is not decided here: the files feature decides it on every request, before
 * it asks for the bytes.
 */
export function createKeptSmallFiles(
  blobs: Pick<BlobStore, 'get'>,
  { maxBytes = DEFAULT_KEPT_FILES_BYTES, maxFileBytes = KEPT_FILE_MAX_BYTES } = {},
) {
  // A Map iterates in insertion order: re-inserting on a hit keeps the least recently used first.
  const kept = new Map<string, Buffer>();
  const reading = new Map<string, Promise<Buffer | undefined>>();
  let bytes = 0;

  const keep = (key: string, body: Buffer) => {
    if (body.length > maxFileBytes || body.length > maxBytes || kept.has(key)) return;
    kept.set(key, body);
    bytes += body.length;
    for (const [oldKey, old] of kept) {
      if (bytes <= maxBytes) break;
      kept.delete(oldKey);
      bytes -= old.length;
    }
  };

  async function readWhole(key: string, size: number): Promise<Buffer | undefined> {
    const { body } = await blobs.get(key);
    const chunks: Buffer[] = [];
    let length = 0;
    for await (const chunk of body) {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      length += buffer.length;
      // Grown since its stat: not a small file after all; read no further.
      if (length > maxFileBytes) {
        (body as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
        return undefined;
      }
      chunks.push(buffer);
    }
    const whole = Buffer.concat(chunks, length);
    if (whole.length === size) keep(key, whole);
    return whole;
  }

  return {
    /** The kept bytes of `key`, or undefined (not kept). */
    peek(key: string): Buffer | undefined {
      const body = kept.get(key);
      if (body === undefined) return undefined;
      kept.delete(key);
      kept.set(key, body);
      return body;
    },
    /**
     * The whole file of `key`, known to be `size` bytes, read and kept when it is small enough;
     * undefined when it is not small (the caller streams it). Concurrent asks share one read.
     */
    read(key: string, size: number): Promise<Buffer | undefined> {
      if (maxBytes <= 0 || size > maxFileBytes) return Promise.resolve(undefined);
      const hit = this.peek(key);
      if (hit) return Promise.resolve(hit);
      let pending = reading.get(key);
      if (!pending) {
        pending = readWhole(key, size).finally(() => reading.delete(key));
        reading.set(key, pending);
      }
      return pending;
    },
    /** How many bytes are kept now, and how many files. */
    get bytes() {
      return bytes;
    },
    get size() {
      return kept.size;
    },
  };
}

export type KeptSmallFiles = ReturnType<typeof createKeptSmallFiles>;
