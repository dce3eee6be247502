import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { Upload } from 'tus-js-client';

/** The anonymous uploader cookie each upload was made with (a browser keeps it by itself). */
const uploaderCookies = new Map<string, string>();

/** The cookie to claim an anonymous upload with (as the browser that made it would send it). */
export function uploaderCookie(uploadId: string): string | undefined {
  return uploaderCookies.get(uploadId);
}

/**
 * A cookie jar for tus-js-client in Node: keeps the cookie the server sets when the upload is
 * created and sends it with every later request, as a browser does.
 */
export function tusCookieJar(initial?: string) {
  let cookie = initial;
  return {
    cookie: () => cookie,
    onBeforeRequest(req: { setHeader(name: string, value: string): void }) {
      if (cookie) req.setHeader('Cookie', cookie);
    },
    onAfterResponse(_req: unknown, res: { getHeader(name: string): string | string[] | undefined }) {
      const set = res.getHeader('set-cookie') as string | string[] | undefined;
      const list = Array.isArray(set) ? set : set ? [set] : [];
      const pairs = list.map((c) => c.split(';')[0]!);
      if (pairs.length > 0) cookie = [cookie, ...pairs].filter(Boolean).join('; ');
    },
  };
}

/**
 * Sends a file's bytes to the resumable endpoint as the browser does, and returns the upload id.
 * The file is read asynchronously: the tests run the server in this process, and a synchronous
 * read of a large file would hold the very event loop the stall tests watch.
 */
export async function tusUpload(
  baseUrl: string,
  path: string,
  options: {
    name?: string;
    chunkSize?: number;
    headers?: Record<string, string>;
    retryDelays?: number[];
  } = {},
): Promise<string> {
  const data = await readFile(path);
  const jar = tusCookieJar();
  return new Promise((resolve, reject) => {
    const upload = new Upload(data, {
      endpoint: `${baseUrl}/api/uploads`,
      metadata: { filename: options.name ?? basename(path), filetype: 'application/octet-stream' },
      chunkSize: options.chunkSize ?? 5 * 1024 * 1024,
      retryDelays: options.retryDelays ?? [],
      headers: options.headers,
      onBeforeRequest: options.headers?.cookie ? undefined : jar.onBeforeRequest,
      onAfterResponse: jar.onAfterResponse,
      onError: reject,
      onSuccess: () => {
        const id = upload.url!.split('/').pop()!;
        const cookie = jar.cookie();
        if (cookie) uploaderCookies.set(id, cookie);
        resolve(id);
      },
    });
    upload.start();
  });
}
