import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Client } from '@aws-sdk/client-s3';
import { DataStore, ERRORS, Upload } from '@tus/server';
import type { Config } from '#server/config.ts';
import { aws, s3ClientConfig } from '#server/storage/s3-blob-store.ts';

/** Where resumable uploads live in the bucket: outside the file store's keys (blob-store.ts). */
export const S3_UPLOAD_PREFIX = 'resumable-uploads/';
/** Chunk names are their first byte's offset, zero-padded so that names sort as offsets do. */
const OFFSET_DIGITS = 15;
const PART_SIZE = 8 * 1024 * 1024;

/**
 * A tus store in an S3 bucket that any instance can continue: each upload is a JSON description
 * (`<prefix><id>/info`) and the bytes of each PATCH as one object named by its offset
 * (`<prefix><id>/<offset>`). The offset is the sum of the chunks (listed, never kept in memory),
 * and the finished file is the chunks read in order. It needs only the plainest S3 calls (put,
 * get, list, multi-delete), which every S3-compatible service has; tus' own S3 store needs
 * ListParts and AbortMultipartUpload, which s3rver (the tests' S3) lacks.
 *
 * A PATCH is spooled to `tmpDir` and stored once it ends; if the connection drops, the bytes that
 * arrived are stored all the same, so the client resumes after them.
 */
export class S3UploadStore extends DataStore {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(
    s3: NonNullable<Config['s3']>,
    private readonly tmpDir: string,
  ) {
    super();
    this.client = new (aws().s3.S3Client)(s3ClientConfig(s3));
    this.bucket = s3.bucket;
    this.extensions = ['creation', 'creation-with-upload', 'termination'];
  }

  private infoKey = (id: string) => `${S3_UPLOAD_PREFIX}${id}/info`;
  private chunkKey = (id: string, offset: number) =>
    `${S3_UPLOAD_PREFIX}${id}/${String(offset).padStart(OFFSET_DIGITS, '0')}`;

  override async create(upload: Upload): Promise<Upload> {
    upload.storage = { type: 's3', path: `${S3_UPLOAD_PREFIX}${upload.id}`, bucket: this.bucket };
    await this.putInfo(upload);
    return upload;
  }

  private async putInfo(upload: Upload) {
    const { id, size, metadata, creation_date } = upload;
    await this.client.send(
      new (aws().s3.PutObjectCommand)({
        Bucket: this.bucket,
        Key: this.infoKey(id),
        Body: JSON.stringify({ id, size, metadata, creation_date }),
        ContentType: 'application/json',
      }),
    );
  }

  private async info(id: string): Promise<Upload> {
    try {
      const answer = await this.client.send(
        new (aws().s3.GetObjectCommand)({ Bucket: this.bucket, Key: this.infoKey(id) }),
      );
      const stored = JSON.parse(await answer.Body!.transformToString()) as Omit<Upload, 'offset'>;
      return new Upload({ ...stored, offset: 0 });
    } catch (error) {
      if (
        error instanceof aws().s3.S3ServiceException &&
        (error.name === 'NoSuchKey' || error.name === 'NotFound')
      ) {
        throw ERRORS.FILE_NOT_FOUND;
      }
      throw error;
    }
  }

  /** The upload's objects (its description first, then its chunks in order), with sizes. */
  private async objects(id: string): Promise<{ key: string; size: number }[]> {
    const objects: { key: string; size: number }[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new (aws().s3.ListObjectsV2Command)({
          Bucket: this.bucket,
          Prefix: `${S3_UPLOAD_PREFIX}${id}/`,
          ContinuationToken: token,
        }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key) objects.push({ key: object.Key, size: object.Size ?? 0 });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return objects.sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : 0));
  }

  /** The chunks, in order, each starting where the one before ended. */
  private async chunks(id: string) {
    const chunks = (await this.objects(id)).filter((object) => object.key !== this.infoKey(id));
    let offset = 0;
    for (const chunk of chunks) {
      if (chunk.key !== this.chunkKey(id, offset)) throw new Error(`upload ${id}: chunks do not follow on`);
      offset += chunk.size;
    }
    return { chunks, offset };
  }

  override async getUpload(id: string): Promise<Upload> {
    const upload = await this.info(id);
    upload.offset = (await this.chunks(id)).offset;
    return upload;
  }

  override async write(source: Readable, id: string, offset: number): Promise<number> {
    await mkdir(this.tmpDir, { recursive: true });
    const spool = join(this.tmpDir, `resumable-${id}-${randomBytes(6).toString('hex')}`);
    try {
      let failure: unknown;
      await pipeline(source, createWriteStream(spool)).catch((error: unknown) => {
        failure = error;
      });
      const { size } = await stat(spool).catch(() => ({ size: 0 }));
      if (size > 0) {
        await new (aws().storage.Upload)({
          client: this.client,
          params: { Bucket: this.bucket, Key: this.chunkKey(id, offset), Body: createReadStream(spool) },
          partSize: PART_SIZE,
          queueSize: 2,
        }).done();
      }
      if (failure !== undefined && size === 0) throw ERRORS.FILE_WRITE_ERROR;
      return offset + size;
    } finally {
      await rm(spool, { force: true });
    }
  }

  /** The finished upload's bytes: its chunks one after the other. */
  async read(id: string): Promise<Readable> {
    const { chunks } = await this.chunks(id);
    const out = new PassThrough();
    void (async () => {
      for (const chunk of chunks) {
        const answer = await this.client.send(
          new (aws().s3.GetObjectCommand)({ Bucket: this.bucket, Key: chunk.key }),
        );
        await pipeline(answer.Body as Readable, out, { end: false });
      }
      out.end();
    })().catch((error: unknown) => out.destroy(error as Error));
    return out;
  }

  override async remove(id: string): Promise<void> {
    const objects = await this.objects(id);
    if (objects.length === 0) throw ERRORS.FILE_NOT_FOUND;
    for (let i = 0; i < objects.length; i += 1000) {
      await this.client.send(
        new (aws().s3.DeleteObjectsCommand)({
          Bucket: this.bucket,
          Delete: { Objects: objects.slice(i, i + 1000).map((object) => ({ Key: object.key })), Quiet: true },
        }),
      );
    }
  }

  override async declareUploadLength(id: string, length: number): Promise<void> {
    const upload = await this.info(id);
    upload.size = length;
    await this.putInfo(upload);
  }
}
