import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { TOO_MANY_FILES_MESSAGE } from '#common/file-types.ts';
import { findNul, NUL_MESSAGE } from '#common/text.ts';
import { IngestError } from '../media/ingest/ingest-error.ts';
import { type ReceivedFile, receiveToTempFile } from '../media/ingest/receive-file.ts';
import { AppError, badRequest } from '../errors.ts';

/**
 * Reads a multipart request of text fields followed by exactly one file, and hands the file on as
 * a stream (never buffered). The fields are validated before the file's bytes are read.
 */
export async function readSingleFileUpload<S extends z.ZodType, T>(
  request: FastifyRequest,
  maxBytes: number,
  schema: S,
  handle: (file: { stream: Readable; fileName: string }, fields: z.infer<S>) => Promise<T>,
): Promise<T> {
  if (!request.isMultipart()) throw badRequest('Send the file as multipart/form-data.', 'NOT_MULTIPART');
  const raw: Record<string, string> = {};
  // One byte over the limit lets the ingest meter see, and name, an oversized file.
  const parts = request.parts({
    limits: { files: 1, fields: 40, fieldSize: 65_536, fileSize: maxBytes + 1 },
  });
  for await (const part of fileParts(parts, raw)) {
    const nul = findNul(raw);
    if (nul !== undefined) {
      part.file.resume();
      throw badRequest(`${nul}: ${NUL_MESSAGE}`, 'VALIDATION_ERROR');
    }
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      part.file.resume();
      const issue = parsed.error.issues[0]!;
      throw badRequest(`${issue.path.join('.')}: ${issue.message}`, 'VALIDATION_ERROR');
    }
    try {
      return await handle({ stream: part.file, fileName: part.filename ?? 'file' }, parsed.data);
    } finally {
      // Drain what the handler did not read, so the reply is not cut off by a half-read request.
      part.file.resume();
    }
  }
  throw new IngestError('no_file', 'Please select at least one file to upload', 400);
}

/** A file of a form, spooled to a temporary file; `refusal` when it was not taken. */
export type FormFile =
  | { fileName: string; received: ReceivedFile; refusal?: undefined }
  | { fileName: string; received?: undefined; refusal: IngestError };

export interface ReadForm {
  fields: Record<string, string>;
  /** In the order sent. */
  files: FormFile[];
  /** Removes the temporary files (call it whatever happens next). */
  discard(): Promise<void>;
}

/** Room for the text fields and the multipart framing besides the files. */
const FORM_TEXT_BYTES = 1_048_576;

/**
 * Reads a form as a browser sends it: text fields and files in the order of the page, so the
 * files may come before the fields that say what they are. Each file is streamed into a temporary
 * file under `maxBytes` (memory stays flat); a file over it, or past `maxFiles`, is refused by name
 * and the rest of the form is still read, so the fields are never lost to one bad file. A body
 * larger than the form can hold is refused before a byte is read.
 */
export async function readFormWithFiles(
  request: FastifyRequest,
  { maxFiles, maxBytes, tmpDir }: { maxFiles: number; maxBytes: number; tmpDir: string },
): Promise<ReadForm> {
  if (!request.isMultipart()) throw badRequest('Send the form as multipart/form-data.', 'NOT_MULTIPART');
  const declared = Number(request.headers['content-length']);
  if (declared > maxFiles * maxBytes + FORM_TEXT_BYTES) {
    throw new AppError(
      413,
      'FORM_TOO_LARGE',
      `The files together are larger than the form takes: at most ${maxFiles} files of ${maxBytes} bytes each.`,
    );
  }
  const fields: Record<string, string> = {};
  const files: FormFile[] = [];
  const discard = async () => {
    await Promise.all(files.map((file) => file.received && rm(file.received.path, { force: true })));
  };
  // Files over the size limit are cut there by the parser (and named too large), not thrown: the
  // parts after them are still read.
  const options = {
    limits: { files: maxFiles * 4, fields: 40, fieldSize: 65_536, fileSize: maxBytes },
    // (read by the plugin's parts() as by its file(), though its types list it for file() only)
    throwFileSizeLimit: false,
  };
  const parts = request.parts(options);
  try {
    for await (const part of fileParts(parts, fields)) {
      const fileName = part.filename ?? '';
      // A file input left empty sends a part with no name and no bytes.
      if (fileName === '') {
        part.file.resume();
        continue;
      }
      if (files.length >= maxFiles) {
        part.file.resume();
        files.push({ fileName, refusal: new IngestError('too_many_files', TOO_MANY_FILES_MESSAGE, 400) });
        continue;
      }
      try {
        files.push({ fileName, received: await receiveToTempFile(part.file, tmpDir, maxBytes) });
      } catch (error) {
        if (!(error instanceof IngestError)) throw error;
        part.file.resume();
        files.push({ fileName, refusal: error });
      }
    }
  } catch (error) {
    await discard();
    throw error;
  }
  return { fields, files, discard };
}

/**
 * The files of a form as they arrive, its text fields gathered into `fields` meanwhile (a file's
 * fields are those sent before it).
 */
async function* fileParts(parts: AsyncIterableIterator<Multipart>, fields: Record<string, string>) {
  for (;;) {
    let next: IteratorResult<Multipart>;
    try {
      next = await parts.next();
    } catch (error) {
      throw malformed(error);
    }
    if (next.done) return;
    if (next.value.type === 'field') fields[next.value.fieldname] = String(next.value.value);
    else yield next.value;
  }
}

/**
 * What the form parser could not read. Its own limit and format errors carry a 4xx status; a body
 * it cannot parse at all (no boundary in the Content-Type, say) throws a plain Error, which is the
 * sender's fault too and must not answer 500.
 */
function malformed(error: unknown): unknown {
  const status = (error as { statusCode?: number }).statusCode;
  if (error instanceof AppError || (typeof status === 'number' && status < 500)) return error;
  return badRequest(
    'The upload could not be read: the form data is malformed. Please send the file again.',
    'BAD_MULTIPART',
  );
}
