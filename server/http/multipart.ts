import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { IngestError } from '../media/ingest/ingest-error.ts';
import { badRequest } from './errors.ts';

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
  for await (const part of request.parts({
    limits: { files: 1, fields: 40, fieldSize: 65_536, fileSize: maxBytes + 1 },
  })) {
    if (part.type === 'field') {
      raw[part.fieldname] = String(part.value);
      continue;
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
