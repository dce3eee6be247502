import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { findNul, NUL_MESSAGE } from '#common/text.ts';
import { IngestError } from '../media/ingest/ingest-error.ts';
import { AppError, badRequest } from './errors.ts';

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
  for (;;) {
    let next: Awaited<ReturnType<typeof parts.next>>;
    try {
      next = await parts.next();
    } catch (error) {
      throw malformed(error);
    }
    if (next.done) break;
    const part = next.value;
    if (part.type === 'field') {
      raw[part.fieldname] = String(part.value);
      continue;
    }
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
