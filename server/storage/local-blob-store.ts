import { randomBytes, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { type FileHandle, mkdir, open, opendir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import {
  assertValidKey,
  isValidKey,
  assertValidRange,
  BlobNotFoundError,
  InvalidBlobKeyError,
  type BlobListing,
  type BlobRange,
  type BlobStat,
  type BlobStore,
} from './blob-store.ts';

/** Blobs as plain files under rootDir, at the path spelled by their key. */
export class LocalBlobStore implements BlobStore {
  readonly kind = 'local' as const;
  private readonly root: string;

  constructor(rootDir: string) {
    this.root = resolve(rootDir);
  }

  async put(
    key: string,
    body: NodeJS.ReadableStream | Buffer,
    _options: { contentType: string },
  ): Promise<void> {
    // Local disk keeps no content type: the database row that references the key records it.
    const target = this.pathOf(key);
    const directory = dirname(target);
    await mkdir(directory, { recursive: true });
    // Same directory as the target so the final rename is atomic (never crosses a filesystem).
    const temp = `${target}.tmp-${randomBytes(8).toString('hex')}`;
    let handle: FileHandle | undefined;
    try {
      handle = await open(temp, 'wx');
      if (Buffer.isBuffer(body)) {
        await writeAll(handle, body);
      } else {
        // Leaving this loop early (write error) destroys the source stream, so nothing leaks.
        for await (const chunk of body) {
          await writeAll(handle, typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
        }
      }
      // Data must be on disk before the rename makes it visible, or a crash could leave a
      // complete-looking name pointing at a truncated file.
      await handle.sync();
      await handle.close();
      handle = undefined;
      await rename(temp, target);
    } catch (error) {
      await handle?.close().catch(() => {});
      await rm(temp, { force: true }).catch(() => {});
      throw error;
    }
    await syncDirectory(directory);
  }

  async putFile(key: string, path: string, options: { contentType: string }): Promise<void> {
    const target = this.pathOf(key);
    const directory = dirname(target);
    await mkdir(directory, { recursive: true });
    const handle = await open(path, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      // Uploads are spooled on the same disk, so storing them is a rename: no second copy.
      await rename(path, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      await this.put(key, createReadStream(path), options);
      await rm(path, { force: true });
      return;
    }
    await syncDirectory(directory);
  }

  async get(key: string, range?: BlobRange): Promise<{ body: NodeJS.ReadableStream; size: number }> {
    const path = this.pathOf(key);
    if (range) assertValidRange(range);
    // Open first and fstat the handle, so a concurrent delete cannot slip between the size we
    // report and the bytes we stream.
    let handle: FileHandle;
    try {
      handle = await open(path, 'r');
    } catch (error) {
      throw notFoundOr(error, key);
    }
    try {
      const info = await handle.stat();
      if (!info.isFile()) throw new BlobNotFoundError(key);
      if (range && range.start >= info.size) {
        throw new RangeError(`Range start ${range.start} is past the end of a ${info.size}-byte blob`);
      }
      // The stream closes the handle when it ends, errors or is destroyed.
      const body = handle.createReadStream(
        range ? { start: range.start, end: Math.min(range.end, info.size - 1) } : {},
      );
      return { body, size: info.size };
    } catch (error) {
      await handle.close().catch(() => {});
      throw error;
    }
  }

  async stat(key: string): Promise<BlobStat | null> {
    const path = this.pathOf(key);
    try {
      const info = await stat(path);
      return info.isFile() ? { size: info.size, contentType: null } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const path = this.pathOf(key);
    try {
      await unlink(path);
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }

  async *list(): AsyncIterable<BlobListing> {
    yield* this.walk(this.root, [], isValidKey);
  }

  /** Temporary files of puts that never finished (the process died before its rename). */
  async *listLeftovers(): AsyncIterable<BlobListing> {
    yield* this.walk(this.root, [], isLeftoverName);
  }

  async deleteLeftover(name: string): Promise<void> {
    if (!isLeftoverName(name)) throw new InvalidBlobKeyError(name);
    try {
      await unlink(join(this.root, ...name.split('/')));
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }

  private async *walk(
    directory: string,
    segments: string[],
    wanted: (name: string) => boolean,
  ): AsyncGenerator<BlobListing> {
    let dir: Awaited<ReturnType<typeof opendir>>;
    try {
      dir = await opendir(directory);
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for await (const entry of dir) {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) {
        // .health and anything else that cannot start a key segment is not ours to list.
        if (/^[a-z0-9]/.test(entry.name)) yield* this.walk(path, [...segments, entry.name], wanted);
      } else if (entry.isFile()) {
        const key = [...segments, entry.name].join('/');
        if (!wanted(key)) continue;
        const info = await stat(path).catch(() => null);
        if (info) yield { key, size: info.size, lastModified: info.mtime };
      }
    }
  }

  async check(): Promise<void> {
    // .health can never collide with a key: every key starts with one of the fixed prefixes.
    const directory = join(this.root, '.health');
    await mkdir(directory, { recursive: true });
    const probe = join(directory, `probe-${randomUUID()}`);
    try {
      await writeFile(probe, 'ok', { flag: 'wx' });
    } finally {
      await rm(probe, { force: true });
    }
  }

  private pathOf(key: string): string {
    assertValidKey(key);
    return join(this.root, ...key.split('/'));
  }
}

/** `<key>.tmp-<16 hex>`: the name put() writes to before its rename. */
function isLeftoverName(name: string): boolean {
  const match = /^(.+)\.tmp-[0-9a-f]{16}$/.exec(name);
  return match !== null && isValidKey(match[1]!);
}

async function writeAll(handle: FileHandle, data: Uint8Array): Promise<void> {
  let offset = 0;
  while (offset < data.byteLength) {
    const { bytesWritten } = await handle.write(data, offset, data.byteLength - offset);
    offset += bytesWritten;
  }
}

/** Makes the rename itself durable; some platforms cannot open a directory, which we tolerate. */
async function syncDirectory(directory: string): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(directory, 'r');
    await handle.sync();
  } catch {
    // The file is already complete and renamed; only crash-durability of the name is at stake.
  } finally {
    await handle?.close().catch(() => {});
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  // ENOTDIR: a path component is a file, so the key cannot exist either.
  return code === 'ENOENT' || code === 'ENOTDIR';
}

function notFoundOr(error: unknown, key: string): unknown {
  return isMissing(error) || (error as NodeJS.ErrnoException | null)?.code === 'EISDIR'
    ? new BlobNotFoundError(key)
    : error;
}
