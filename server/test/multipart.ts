import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import { PassThrough, type Readable } from 'node:stream';

/**
 * A multipart/form-data body as a browser sends it: text fields, then one file streamed from disk
 * (so a 100 MB test file never sits in memory).
 */
export function multipartUpload(
  fields: Record<string, string>,
  file: { path: string; name?: string; contentType?: string },
): { payload: Readable; headers: Record<string, string> } {
  const boundary = `----archive${randomBytes(8).toString('hex')}`;
  const head = Object.entries(fields)
    .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join('');
  const name = (file.name ?? basename(file.path)).replace(/"/g, '%22').replace(/\r|\n/g, ' ');
  const fileHead = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`;
  const payload = new PassThrough();
  payload.write(head + fileHead);
  const source = createReadStream(file.path);
  source.on('error', (error) => payload.destroy(error));
  source.on('end', () => payload.end(`\r\n--${boundary}--\r\n`));
  source.pipe(payload, { end: false });
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** One part of a form: a text field, or a file (its bytes) under its name. */
export type FormPart =
  | { name: string; value: string }
  | { name: string; fileName: string; data: Buffer; contentType?: string };

/** A multipart/form-data body with its parts in the given order, as a browser sends a page's form. */
export function multipartForm(parts: FormPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----archive${randomBytes(8).toString('hex')}`;
  const chunks = parts.flatMap((part) => {
    if ('value' in part) {
      return [
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n`),
        Buffer.from(part.value),
        Buffer.from('\r\n'),
      ];
    }
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.fileName}"\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`;
    return [Buffer.from(head), part.data, Buffer.from('\r\n')];
  });
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
