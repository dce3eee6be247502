import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { Upload } from 'tus-js-client';

/** Sends a file's bytes to the resumable endpoint as the browser does, and returns the upload id. */
export function tusUpload(
  baseUrl: string,
  path: string,
  options: {
    name?: string;
    chunkSize?: number;
    headers?: Record<string, string>;
    retryDelays?: number[];
  } = {},
): Promise<string> {
  const data = readFileSync(path);
  return new Promise((resolve, reject) => {
    const upload = new Upload(data, {
      endpoint: `${baseUrl}/api/uploads`,
      metadata: { filename: options.name ?? basename(path), filetype: 'application/octet-stream' },
      chunkSize: options.chunkSize ?? 5 * 1024 * 1024,
      retryDelays: options.retryDelays ?? [],
      headers: options.headers,
      onError: reject,
      onSuccess: () => resolve(upload.url!.split('/').pop()!),
    });
    upload.start();
  });
}
