import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { ERRORS, Upload } from '@tus/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3rver } from '#server/test/s3rver.ts';
import { S3_UPLOAD_PREFIX, S3UploadStore } from './s3-upload-store.ts';

const BUCKET = 'uploads-test';
let s3: Awaited<ReturnType<typeof startS3rver>>;
let store: S3UploadStore;
let other: S3UploadStore;
beforeAll(async () => {
  s3 = await startS3rver([BUCKET]);
  const settings = { bucket: BUCKET, endpoint: s3.endpoint, ...s3.credentials };
  store = new S3UploadStore(settings, mkdtempSync(join(tmpdir(), 'upload-store-')));
  // Another instance: a store of its own on the same bucket.
  other = new S3UploadStore(settings, mkdtempSync(join(tmpdir(), 'upload-store-')));
});
afterAll(() => s3.close());

const keysOf = async (id: string) => {
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: s3.credentials,
  });
  const page = await client.send(
    new ListObjectsV2Command({ Bucket: BUCKET, Prefix: `${S3_UPLOAD_PREFIX}${id}/` }),
  );
  return (page.Contents ?? []).map((o) => o.Key);
};

describe('resumable uploads in S3', () => {
  it('keep the bytes that arrived before a connection dropped, and another instance continues from there', async () => {
    const bytes = randomBytes(300_000);
    const id = randomBytes(16).toString('hex');
    await store.create(new Upload({ id, size: bytes.length, offset: 0, metadata: { filename: 'a.bin' } }));
    expect((await other.getUpload(id)).offset).toBe(0);

    // The first 100,000 bytes arrive, then the connection breaks.
    const dropped = new Readable({ read() {} });
    dropped.push(bytes.subarray(0, 100_000));
    setTimeout(() => dropped.destroy(new Error('connection reset')), 20);
    expect(await store.write(dropped, id, 0)).toBe(100_000);

    const resumed = await other.getUpload(id);
    expect(resumed.offset).toBe(100_000);
    expect(resumed.metadata?.filename).toBe('a.bin');
    expect(await other.write(Readable.from([bytes.subarray(100_000)]), id, 100_000)).toBe(bytes.length);
    expect((await store.getUpload(id)).offset).toBe(bytes.length);

    const read = createHash('sha256');
    for await (const chunk of await store.read(id)) read.update(chunk as Buffer);
    expect(read.digest('hex')).toBe(createHash('sha256').update(bytes).digest('hex'));

    await other.remove(id);
    expect(await keysOf(id)).toEqual([]);
    await expect(store.getUpload(id)).rejects.toBe(ERRORS.FILE_NOT_FOUND);
  });

  it('answer an unknown upload as not found', async () => {
    await expect(store.getUpload('0'.repeat(32))).rejects.toBe(ERRORS.FILE_NOT_FOUND);
    await expect(store.remove('0'.repeat(32))).rejects.toBe(ERRORS.FILE_NOT_FOUND);
  });
});
