import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertValidKey,
  BlobNotFoundError,
  type BlobStore,
  InvalidBlobKeyError,
  newBlobKey,
} from './blob-store.ts';
import { startS3rver } from '../test/s3rver.ts';
import { createBlobStore } from './create-blob-store.ts';
import { LocalBlobStore } from './local-blob-store.ts';
import { S3BlobStore } from './s3-blob-store.ts';

const MiB = 1024 * 1024;
const BUCKET = 'archive-test';

interface Harness {
  store: BlobStore;
  /** Set for the local store, so tests can look at the disk directly. */
  localRoot?: string;
  /** A directory the store must never write into other than through its root (local only). */
  outside?: string;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}

async function sha256Of(stream: NodeJS.ReadableStream): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk);
  return hash.digest('hex');
}

/** Random data in uneven chunks, hashed as it is produced. */
function generatedStream(totalBytes: number): { stream: Readable; digest: () => string } {
  const hash = createHash('sha256');
  async function* chunks() {
    let remaining = totalBytes;
    while (remaining > 0) {
      const chunk = randomBytes(Math.min(remaining, 1 * MiB + 4099));
      hash.update(chunk);
      remaining -= chunk.length;
      yield chunk;
    }
  }
  return { stream: Readable.from(chunks()), digest: () => hash.digest('hex') };
}

/** Yields `beforeFailure` bytes, then errors, like an upload whose client disconnects. */
function failingStream(beforeFailure: number): Readable {
  async function* chunks() {
    let remaining = beforeFailure;
    while (remaining > 0) {
      const chunk = randomBytes(Math.min(remaining, 2 * MiB));
      remaining -= chunk.length;
      yield chunk;
    }
    throw new Error('source failed half-way');
  }
  return Readable.from(chunks());
}

const INVALID_KEYS = [
  '../x',
  '/etc/passwd',
  'media/../../x',
  'media/a\\b',
  'media/a\u0000b',
  'other/x',
  'MEDIA/X',
];

/** The behaviour every BlobStore must share; call inside a describe that provides the harness. */
function blobStoreContract(harness: () => Harness) {
  describe('contract', () => {
    let h: Harness;
    beforeAll(() => {
      h = harness();
    });

    it('round-trips a Buffer', async () => {
      const key = newBlobKey('media', '.bin');
      const data = randomBytes(1000);
      await h.store.put(key, data, { contentType: 'application/octet-stream' });
      const { body, size } = await h.store.get(key);
      expect(size).toBe(1000);
      expect((await readAll(body)).equals(data)).toBe(true);
    });

    it('stores a finished file from disk (putFile) with identical bytes', async () => {
      const key = newBlobKey('media', 'bin');
      const data = randomBytes(300_000);
      const dir = mkdtempSync(join(tmpdir(), 'putfile-'));
      const path = join(dir, 'spooled');
      writeFileSync(path, data);
      await h.store.putFile(key, path, { contentType: 'application/octet-stream' });
      const { body, size } = await h.store.get(key);
      expect(size).toBe(data.length);
      expect((await readAll(body)).equals(data)).toBe(true);
    });

    it('round-trips a ~20 MB stream with an identical SHA-256 (multipart on S3)', async () => {
      const key = newBlobKey('uploads', 'mp4');
      const total = 20 * MiB + 12_345;
      const source = generatedStream(total);
      await h.store.put(key, source.stream, { contentType: 'video/mp4' });
      const { body, size } = await h.store.get(key);
      expect(size).toBe(total);
      expect(await sha256Of(body)).toBe(source.digest());
    });

    it('replaces the content when a key is written again', async () => {
      const key = newBlobKey('media');
      await h.store.put(key, Buffer.from('first version'), { contentType: 'text/plain' });
      await h.store.put(key, Buffer.from('second'), { contentType: 'text/plain' });
      expect((await readAll((await h.store.get(key)).body)).toString()).toBe('second');
      expect((await h.store.stat(key))?.size).toBe(6);
    });

    it('returns exactly bytes start..end for a range, with the whole size', async () => {
      const key = newBlobKey('media', 'jpg');
      const data = randomBytes(1000);
      await h.store.put(key, data, { contentType: 'image/jpeg' });

      const middle = await h.store.get(key, { start: 100, end: 199 });
      expect(middle.size).toBe(1000);
      expect((await readAll(middle.body)).equals(data.subarray(100, 200))).toBe(true);

      const single = await h.store.get(key, { start: 1, end: 1 });
      expect((await readAll(single.body)).equals(data.subarray(1, 2))).toBe(true);

      // s3rver 3.7.1 reads `bytes=0-0` as `bytes=0-` (it tests `end || Infinity`) and sends the
      // whole object; real S3 does not, so only the local store is held to this here.
      if (h.store.kind === 'local') {
        const first = await h.store.get(key, { start: 0, end: 0 });
        expect((await readAll(first.body)).equals(data.subarray(0, 1))).toBe(true);
      }

      // HTTP clamps an end past the last byte.
      const tail = await h.store.get(key, { start: 990, end: 5000 });
      expect((await readAll(tail.body)).equals(data.subarray(990))).toBe(true);
    });

    it('refuses malformed and unsatisfiable ranges with RangeError', async () => {
      const key = newBlobKey('media');
      await h.store.put(key, randomBytes(10), { contentType: 'application/octet-stream' });
      await expect(h.store.get(key, { start: 5, end: 4 })).rejects.toBeInstanceOf(RangeError);
      await expect(h.store.get(key, { start: -1, end: 4 })).rejects.toBeInstanceOf(RangeError);
      await expect(h.store.get(key, { start: 10, end: 20 })).rejects.toBeInstanceOf(RangeError);
    });

    it('stats size (and content type where the store keeps one), null when missing', async () => {
      const key = newBlobKey('documents', 'pdf');
      await h.store.put(key, randomBytes(4321), { contentType: 'application/pdf' });
      expect(await h.store.stat(key)).toEqual({
        size: 4321,
        contentType: h.store.kind === 's3' ? 'application/pdf' : null,
      });
      expect(await h.store.stat(newBlobKey('documents', 'pdf'))).toBeNull();
    });

    it('rejects get of a missing key with BlobNotFoundError', async () => {
      await expect(h.store.get(newBlobKey('media'))).rejects.toBeInstanceOf(BlobNotFoundError);
      await expect(h.store.get(newBlobKey('media'), { start: 0, end: 9 })).rejects.toBeInstanceOf(
        BlobNotFoundError,
      );
    });

    it('deletes idempotently', async () => {
      const key = newBlobKey('submissions', 'png');
      await h.store.put(key, randomBytes(10), { contentType: 'image/png' });
      await h.store.delete(key);
      expect(await h.store.stat(key)).toBeNull();
      await expect(h.store.get(key)).rejects.toBeInstanceOf(BlobNotFoundError);
      await expect(h.store.delete(key)).resolves.toBeUndefined();
      await expect(h.store.delete(newBlobKey('submissions'))).resolves.toBeUndefined();
    });

    it('leaves nothing under the key when the source stream fails half-way', async () => {
      const key = newBlobKey('uploads', 'mov');
      // 12 MiB: on S3 one 8 MiB part is already uploaded when the source fails.
      await expect(
        h.store.put(key, failingStream(12 * MiB), { contentType: 'video/quicktime' }),
      ).rejects.toThrow('source failed half-way');
      expect(await h.store.stat(key)).toBeNull();
      await expect(h.store.get(key)).rejects.toBeInstanceOf(BlobNotFoundError);
      if (h.localRoot) {
        const directory = dirname(join(h.localRoot, key));
        expect(readdirSync(directory).filter((name) => name.includes('.tmp-'))).toEqual([]);
      }
    });

    it('keeps the previous content when a replacing put fails', async () => {
      const key = newBlobKey('media', 'tif');
      const original = randomBytes(2000);
      await h.store.put(key, original, { contentType: 'image/tiff' });
      await expect(h.store.put(key, failingStream(3 * MiB), { contentType: 'image/tiff' })).rejects.toThrow();
      expect((await readAll((await h.store.get(key)).body)).equals(original)).toBe(true);
      if (h.localRoot) {
        const directory = dirname(join(h.localRoot, key));
        expect(readdirSync(directory).filter((name) => name.includes('.tmp-'))).toEqual([]);
      }
    });

    it.each(INVALID_KEYS)('refuses the key %j before touching storage', async (key) => {
      let bodyRead = false;
      const body = new Readable({
        read() {
          bodyRead = true;
          this.push(null);
        },
      });
      const before = h.outside ? readdirSync(h.outside) : [];
      await expect(h.store.put(key, body, { contentType: 'text/plain' })).rejects.toBeInstanceOf(
        InvalidBlobKeyError,
      );
      await expect(h.store.put(key, Buffer.from('x'), { contentType: 'text/plain' })).rejects.toBeInstanceOf(
        InvalidBlobKeyError,
      );
      await expect(h.store.get(key)).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(h.store.stat(key)).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(h.store.delete(key)).rejects.toBeInstanceOf(InvalidBlobKeyError);
      expect(bodyRead).toBe(false);
      if (h.outside) expect(readdirSync(h.outside)).toEqual(before);
    });

    it('passes check()', async () => {
      await expect(h.store.check()).resolves.toBeUndefined();
    });

    it('lists every stored key with its size and time, and nothing that is no key', async () => {
      const keys = [
        newBlobKey('media', 'jpg'),
        newBlobKey('documents', 'pdf'),
        `derivatives/${randomUUID()}/thumb.webp`,
      ];
      for (const [i, key] of keys.entries()) {
        await h.store.put(key, Buffer.alloc(10 + i), { contentType: 'application/octet-stream' });
      }
      await h.store.check();
      if (h.localRoot) {
        // A put's temporary file and a stray file are not keys: never listed (so never "orphans").
        writeFileSync(join(h.localRoot, ...keys[0]!.split('/')).concat('.tmp-0123456789abcdef'), 'x');
        writeFileSync(join(h.localRoot, 'README'), 'x');
      }
      const listed = new Map<string, { size: number; lastModified: Date }>();
      for await (const { key, ...rest } of h.store.list()) listed.set(key, rest);
      for (const [i, key] of keys.entries()) {
        expect(listed.get(key)?.size).toBe(10 + i);
        expect(Math.abs(listed.get(key)!.lastModified.getTime() - Date.now())).toBeLessThan(60_000);
      }
      for (const key of listed.keys()) expect(() => assertValidKey(key)).not.toThrow();
      for (const key of keys) await h.store.delete(key);
    });
  });
}

describe('LocalBlobStore', () => {
  // Root nested one level down, so a write escaping the root would show up in `outside`.
  const parent = mkdtempSync(join(tmpdir(), 'blob-store-local-'));
  const root = join(parent, 'files');
  afterAll(() => rmSync(parent, { recursive: true, force: true }));

  blobStoreContract(() => ({ store: new LocalBlobStore(root), localRoot: root, outside: parent }));

  it('check() rejects when the root cannot be written', async () => {
    // A file where the root directory should be: mkdir fails even for the superuser.
    writeFileSync(join(parent, 'not-a-directory'), 'x');
    await expect(new LocalBlobStore(join(parent, 'not-a-directory')).check()).rejects.toThrow();
  });

  it('treats a directory in place of a key as missing', async () => {
    const store = new LocalBlobStore(root);
    mkdirSync(join(root, 'media', '1999', '12'), { recursive: true });
    expect(await store.stat('media/1999/12')).toBeNull();
    await expect(store.get('media/1999/12')).rejects.toBeInstanceOf(BlobNotFoundError);
  });
});

describe('S3BlobStore (s3rver)', () => {
  let server: Awaited<ReturnType<typeof startS3rver>> | undefined;
  let endpoint = '';
  const storeFor = (bucket: string) =>
    new S3BlobStore({ bucket, endpoint, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' });

  beforeAll(async () => {
    server = await startS3rver([BUCKET]);
    endpoint = server.endpoint;
  });
  afterAll(async () => {
    await server?.close();
  });

  blobStoreContract(() => ({ store: storeFor(BUCKET) }));

  it('check() rejects for a bucket that does not exist', async () => {
    await expect(storeFor('no-such-bucket').check()).rejects.toMatchObject({ name: 'NotFound' });
  });
});

describe('newBlobKey / assertValidKey', () => {
  it('makes keys that pass assertValidKey, under prefix/yyyy/mm in UTC', () => {
    const key = newBlobKey('derivatives', '.webp', new Date('2024-03-31T23:30:00-05:00'));
    expect(key).toMatch(/^derivatives\/2024\/04\/[0-9a-f-]{36}\.webp$/);
    for (const prefix of ['media', 'submissions', 'documents', 'derivatives', 'uploads'] as const) {
      expect(() => assertValidKey(newBlobKey(prefix))).not.toThrow();
      expect(() => assertValidKey(newBlobKey(prefix, 'jpeg'))).not.toThrow();
    }
  });

  it('is unique over 1000 calls', () => {
    const keys = new Set(Array.from({ length: 1000 }, () => newBlobKey('media', 'jpg')));
    expect(keys.size).toBe(1000);
  });

  it('sanitises extensions', () => {
    expect(newBlobKey('media', '.JPG')).toMatch(/\.jpg$/);
    expect(newBlobKey('media', 'Tiff')).toMatch(/\.tiff$/);
    for (const dropped of ['.j/p..g', 'a b', '', '.', '..jpg', 'abcdefghijk', 'jp\u0000g', '.tar.gz']) {
      const key = newBlobKey('media', dropped);
      expect(key).toMatch(/^media\/\d{4}\/\d{2}\/[0-9a-f-]{36}$/);
      expect(() => assertValidKey(key)).not.toThrow();
    }
  });

  it('accepts derivative keys and refuses everything newBlobKey could not make', () => {
    expect(() => assertValidKey(`derivatives/${randomUUID()}/display.webp`)).not.toThrow();
    for (const key of [
      ...INVALID_KEYS,
      '',
      'media',
      'media/',
      'media//x',
      'media/x/',
      'media/./x',
      'media/.hidden',
      'media/x/..',
      'media/a b',
      'media/ä',
      `media/${'a'.repeat(200)}`,
      'media/x.jpg.tmp-0123abcd',
    ]) {
      expect(() => assertValidKey(key), key).toThrow(InvalidBlobKeyError);
    }
  });
});

describe('createBlobStore', () => {
  it('picks S3 when configured, else local disk under dataDir/files', () => {
    expect(createBlobStore({ dataDir: tmpdir() }).kind).toBe('local');
    expect(
      createBlobStore({ dataDir: tmpdir(), s3: { bucket: BUCKET, endpoint: 'http://127.0.0.1:1' } }).kind,
    ).toBe('s3');
  });
});
