import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { newBlobKey } from './blob-store.ts';
import { createKeptSmallFiles } from './kept-small-files.ts';
import { LocalBlobStore } from './local-blob-store.ts';

const root = mkdtempSync(join(tmpdir(), 'kept-files-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const store = new LocalBlobStore(root);

/** The real store, counting the reads that reach it. */
function counted() {
  let reads = 0;
  return {
    get reads() {
      return reads;
    },
    stat: (key: string) => store.stat(key),
    get: (...args: Parameters<LocalBlobStore['get']>) => {
      reads += 1;
      return store.get(...args);
    },
  };
}

async function stored(bytes: number) {
  const key = newBlobKey('derivatives', 'jpg');
  const body = randomBytes(bytes);
  await store.put(key, body, { contentType: 'image/jpeg' });
  return { key, body };
}

describe('small files kept in memory', () => {
  it('reads a small file once, then answers from memory; a larger one is never kept', async () => {
    const blobs = counted();
    const kept = createKeptSmallFiles(blobs, { maxBytes: 1024 ** 2, maxFileBytes: 64 * 1024 });
    const small = await stored(10_000);
    expect(kept.peek(small.key)).toBeUndefined();
    expect(await kept.read(small.key, 10_000)).toEqual(small.body);
    // Gone from the disk (as no stored key's content ever changes, only its rows decide): still answered.
    unlinkSync(join(root, small.key));
    expect(kept.peek(small.key)).toEqual(small.body);
    expect(await kept.read(small.key, 10_000)).toEqual(small.body);
    expect(blobs.reads).toBe(1);

    const large = await stored(64 * 1024 + 1);
    expect(await kept.read(large.key, 64 * 1024 + 1)).toBeUndefined();
    expect(blobs.reads).toBe(1);
    expect(kept.size).toBe(1);
    expect(kept.bytes).toBe(10_000);
  });

  it('holds no more than its bound, letting the least recently used go first', async () => {
    const kept = createKeptSmallFiles(counted(), { maxBytes: 100_000, maxFileBytes: 64 * 1024 });
    const [a, b, c] = [await stored(40_000), await stored(40_000), await stored(40_000)];
    await kept.read(a.key, 40_000);
    await kept.read(b.key, 40_000);
    kept.peek(a.key); // a is now the more recently used
    await kept.read(c.key, 40_000);
    expect(kept.bytes).toBe(80_000);
    expect(kept.peek(b.key)).toBeUndefined();
    expect(kept.peek(a.key)).toEqual(a.body);
    expect(kept.peek(c.key)).toEqual(c.body);
  });

  it('shares one read among those asking at once, and keeps nothing when off', async () => {
    const blobs = counted();
    const kept = createKeptSmallFiles(blobs, { maxBytes: 1024 ** 2 });
    const file = await stored(30_000);
    const answers = await Promise.all(Array.from({ length: 5 }, () => kept.read(file.key, 30_000)));
    for (const answer of answers) expect(answer).toEqual(file.body);
    expect(blobs.reads).toBe(1);

    const off = createKeptSmallFiles(blobs, { maxBytes: 0 });
    expect(await off.read(file.key, 30_000)).toBeUndefined();
    expect(off.size).toBe(0);
  });

  it('keeps nothing of a file whose size is not what its stat said', async () => {
    const kept = createKeptSmallFiles(counted(), { maxBytes: 1024 ** 2, maxFileBytes: 64 * 1024 });
    const file = await stored(1_000);
    // Grown past the bound between the stat and the read: not read to its end, and not kept.
    writeFileSync(join(root, file.key), randomBytes(200_000));
    expect(await kept.read(file.key, 1_000)).toBeUndefined();
    const other = await stored(1_000);
    writeFileSync(join(root, other.key), randomBytes(2_000));
    expect((await kept.read(other.key, 1_000))?.length).toBe(2_000);
    expect(kept.size).toBe(0);
  });
});
