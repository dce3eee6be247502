import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import {
  assertValidKey,
  isValidKey,
  assertValidRange,
  BlobNotFoundError,
  type BlobListing,
  type BlobRange,
  type BlobStat,
  type BlobStore,
} from './blob-store.ts';

export interface S3BlobStoreOptions {
  bucket: string;
  /** Any S3-compatible service (MinIO, R2, s3rver…); absent means AWS itself. */
  endpoint?: string;
  region?: string;
  /** Both or neither; with neither, the SDK's default chain (env, profile, instance role) applies. */
  accessKeyId?: string;
  secretAccessKey?: string;
}

/**
 * The AWS SDK is loaded when the first S3 store is made: a server on local files never holds its
 * modules (~10 MB of resident memory; issue 13 part 4). Its CommonJS build, loaded synchronously,
 * so making a store stays synchronous.
 */
const require = createRequire(import.meta.url);
let sdk: { s3: typeof import('@aws-sdk/client-s3'); storage: typeof import('@aws-sdk/lib-storage') };
export function aws() {
  sdk ??= { s3: require('@aws-sdk/client-s3'), storage: require('@aws-sdk/lib-storage') };
  return sdk;
}

const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 2;
// A health probe must answer quickly even when the endpoint silently drops packets.
const CHECK_TIMEOUT_MS = 5_000;

/** How the S3 client reaches the service of `options` (the file store's and the resumable uploads'). */
export function s3ClientConfig(options: S3BlobStoreOptions): S3ClientConfig {
  const { accessKeyId, secretAccessKey } = options;
  return {
    region: options.region ?? 'us-east-1',
    // Most self-hosted S3 services have no wildcard DNS for virtual-hosted bucket names.
    ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
    ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey } } : {}),
  };
}

/** Blobs as objects in one bucket, under the key itself. */
export class S3BlobStore implements BlobStore {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(options: S3BlobStoreOptions) {
    this.bucket = options.bucket;
    this.client = new (aws().s3.S3Client)(s3ClientConfig(options));
  }

  async put(
    key: string,
    body: NodeJS.ReadableStream | Buffer,
    options: { contentType: string },
  ): Promise<void> {
    assertValidKey(key);
    // lib-storage only recognises real Readables (and web streams), not every NodeJS.ReadableStream.
    const source = Buffer.isBuffer(body) || body instanceof Readable ? body : Readable.from(body);
    const upload = new (aws().storage.Upload)({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: source, ContentType: options.contentType },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      // An unfinished multipart upload is invisible under the key but is billed until aborted.
      leavePartsOnError: false,
    });
    // When the source fails, lib-storage's own AbortMultipartUpload runs next and, if that fails
    // too, its error replaces the source's; callers need the real cause (e.g. client went away).
    let sourceError: unknown;
    if (source instanceof Readable) {
      source.once('error', (error) => {
        sourceError = error;
      });
    }
    try {
      await upload.done();
    } catch (error) {
      // done() already sends AbortMultipartUpload itself; this also stops any part still queued.
      await upload.abort().catch(() => {});
      if (source instanceof Readable) source.destroy();
      throw sourceError ?? error;
    }
  }

  async putFile(key: string, path: string, options: { contentType: string }): Promise<void> {
    await this.put(key, createReadStream(path), options);
  }

  async get(key: string, range?: BlobRange): Promise<{ body: NodeJS.ReadableStream; size: number }> {
    assertValidKey(key);
    if (range) assertValidRange(range);
    try {
      const response = await this.client.send(
        new (aws().s3.GetObjectCommand)({
          Bucket: this.bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      const body = response.Body;
      if (!(body instanceof Readable)) {
        throw new Error(`S3 returned no readable body for "${key}"`);
      }
      const size = range ? totalFromContentRange(response.ContentRange) : response.ContentLength;
      if (size === undefined) {
        body.destroy();
        throw new Error(`S3 returned no size for "${key}"`);
      }
      return { body, size };
    } catch (error) {
      if (isNotFound(error)) throw new BlobNotFoundError(key);
      if (error instanceof aws().s3.S3ServiceException && error.name === 'InvalidRange') {
        throw new RangeError(`Range ${range?.start}-${range?.end} is not satisfiable for "${key}"`);
      }
      throw error;
    }
  }

  async stat(key: string): Promise<BlobStat | null> {
    assertValidKey(key);
    try {
      const response = await this.client.send(
        new (aws().s3.HeadObjectCommand)({ Bucket: this.bucket, Key: key }),
      );
      return { size: response.ContentLength ?? 0, contentType: response.ContentType ?? null };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    // S3 answers 204 for a missing key too, so this is idempotent without special-casing.
    await this.client.send(new (aws().s3.DeleteObjectCommand)({ Bucket: this.bucket, Key: key }));
  }

  async *list(): AsyncIterable<BlobListing> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new (aws().s3.ListObjectsV2Command)({ Bucket: this.bucket, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        // Objects another tool put in the bucket under other names are not ours to report.
        if (!object.Key || !isValidKey(object.Key)) continue;
        yield { key: object.Key, size: object.Size ?? 0, lastModified: object.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async check(): Promise<void> {
    // HeadBucket proves reachability, credentials and the bucket's existence without writing an
    // object (and paying for one) on every health probe.
    await this.client.send(new (aws().s3.HeadBucketCommand)({ Bucket: this.bucket }), {
      abortSignal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
    });
  }
}

function isNotFound(error: unknown): boolean {
  // HEAD responses have no body, so the SDK can only name them 'NotFound' from the 404 status.
  // Not any 404: a GET's NoSuchBucket is a configuration fault and must not read as a missing blob.
  return (
    error instanceof aws().s3.S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound')
  );
}

/** `bytes 0-99/1234` → 1234; '*' (unknown total) and malformed headers → undefined. */
function totalFromContentRange(header: string | undefined): number | undefined {
  const match = header ? /\/(\d+)$/.exec(header) : null;
  return match?.[1] === undefined ? undefined : Number(match[1]);
}
