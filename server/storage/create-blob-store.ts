import { join } from 'node:path';
import type { BlobStore } from './blob-store.ts';
import { LocalBlobStore } from './local-blob-store.ts';
import { type S3BlobStoreOptions, S3BlobStore } from './s3-blob-store.ts';

export interface BlobStoreConfig {
  dataDir: string;
  /** Present when S3_BUCKET is set; then nothing is written under dataDir/files. */
  s3?: S3BlobStoreOptions;
}

export function createBlobStore(config: BlobStoreConfig): BlobStore {
  return config.s3 ? new S3BlobStore(config.s3) : new LocalBlobStore(join(config.dataDir, 'files'));
}
