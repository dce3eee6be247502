import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

interface Entry {
  path: string;
  size: number;
  /** Requests reading it now: never removed under them. */
  readers: number;
}

/**
 * Files kept on local disk under one folder, bounded by their total size: the least recently used
 * go first when a new one would pass the bound. The index lives in memory (a Map, in order of last
 * use) and is read back from the folder at start, oldest first by modification time, so a restart
 * keeps what was made. Each key is made once at a time: a second request for a file being made
 * waits for the first.
 */
export class DiskCache {
  readonly #dir: string;
  readonly #maxBytes: number;
  readonly #entries = new Map<string, Entry>();
  readonly #making = new Map<string, Promise<Entry>>();
  #total = 0;
  #loaded: Promise<void> | undefined;

  constructor(dir: string, maxBytes: number) {
    this.#dir = dir;
    this.#maxBytes = maxBytes;
  }

  get totalBytes() {
    return this.#total;
  }

  /**
   * The kept file for `key`, made by `make(path)` (which writes the file at `path`) when absent.
   * `use` runs with the file's path (and its size) while it is held against eviction.
   */
  async use<T>(
    key: string,
    extension: string,
    make: (path: string) => Promise<void>,
    use: (path: string, made: boolean, size: number) => Promise<T>,
  ): Promise<T> {
    await this.#load();
    const name = `${createHash('sha256').update(key).digest('hex')}.${extension}`;
    let entry = this.#entries.get(name);
    let made = false;
    if (entry) {
      // Most recently used: to the end of the Map's order.
      this.#entries.delete(name);
      this.#entries.set(name, entry);
    } else {
      let making = this.#making.get(name);
      if (!making) {
        making = this.#make(name, make).finally(() => this.#making.delete(name));
        this.#making.set(name, making);
        made = true;
      }
      entry = await making;
    }
    entry.readers += 1;
    try {
      return await use(entry.path, made, entry.size);
    } finally {
      entry.readers -= 1;
      await this.#evict();
    }
  }

  async #make(name: string, make: (path: string) => Promise<void>): Promise<Entry> {
    const sub = join(this.#dir, name.slice(0, 2));
    await mkdir(sub, { recursive: true });
    const path = join(sub, name);
    const partial = join(this.#dir, `.partial-${randomBytes(6).toString('hex')}-${name}`);
    try {
      await make(partial);
      const { size } = await stat(partial);
      await rename(partial, path);
      const entry = { path, size, readers: 0 };
      this.#entries.set(name, entry);
      this.#total += size;
      return entry;
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  /** Removes the least recently used files not being read until the total is within the bound. */
  async #evict() {
    if (this.#total <= this.#maxBytes) return;
    const removed: string[] = [];
    for (const [name, entry] of this.#entries) {
      if (this.#total <= this.#maxBytes) break;
      if (entry.readers > 0) continue;
      this.#entries.delete(name);
      this.#total -= entry.size;
      removed.push(entry.path);
    }
    await Promise.all(removed.map((path) => rm(path, { force: true })));
  }

  #load() {
    this.#loaded ??= (async () => {
      await mkdir(this.#dir, { recursive: true });
      const found: { name: string; path: string; size: number; mtime: number }[] = [];
      for (const item of await readdir(this.#dir, { withFileTypes: true })) {
        const at = join(this.#dir, item.name);
        // Left by a process that stopped while making one.
        if (item.name.startsWith('.partial-')) {
          await rm(at, { force: true });
          continue;
        }
        if (!item.isDirectory()) continue;
        for (const name of await readdir(at)) {
          const path = join(at, name);
          const info = await stat(path).catch(() => null);
          if (info?.isFile()) found.push({ name, path, size: info.size, mtime: info.mtimeMs });
        }
      }
      found.sort((a, b) => a.mtime - b.mtime);
      for (const { name, path, size } of found) {
        this.#entries.set(name, { path, size, readers: 0 });
        this.#total += size;
      }
      await this.#evict();
    })();
    return this.#loaded;
  }
}
