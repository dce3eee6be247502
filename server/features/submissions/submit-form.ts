import type { FastifyRequest } from 'fastify';
import { INGEST_LIMITS, TOO_MANY_FILES_MESSAGE } from '#common/file-types.ts';
import { SUBMIT_FORM_FIELDS, type SubmitFormResult } from '#common/submit-form.ts';
import type { AppContext } from '#server/http/context.ts';
import { AppError } from '#server/errors.ts';
import { type ReadForm, readFormWithFiles } from '#server/http/multipart.ts';
import { consumeRateLimit } from '#server/http/rate-limit.ts';
import { rateLimitKey, uploadStartRate } from './submission-rules.ts';
import { createSubmissionsFromForm, FormFieldsError } from './submissions.service.ts';

/**
 * Takes /submit's form as the browser posts it without script and says what the page shows next,
 * with the status to send it with: the confirmation, or what went wrong (the whole form, or files
 * by name) with what the visitor typed, so nothing typed is lost.
 */
export async function takeSubmitForm(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<{ status: number; result: SubmitFormResult }> {
  const actor = await request.actor();
  let form: ReadForm | undefined;
  try {
    // A sender past the allowance is refused before a byte of the files is read.
    await consumeRateLimit(ctx.db, `uploads:${rateLimitKey(actor, request.ip)}`, uploadStartRate(actor));
    const { maxFiles, maxBytes } = INGEST_LIMITS.submission;
    form = await readFormWithFiles(request, { maxFiles, maxBytes, tmpDir: ctx.tmpDir });
    const { created, refused } = await createSubmissionsFromForm(ctx, actor, {
      ip: request.ip,
      fields: form.fields,
      files: form.files,
    });
    if (refused.length === 0) return { status: 200, result: { outcome: 'sent', count: created.length } };
    return {
      status: created.length > 0 ? 200 : refused[0]!.error.statusCode,
      result: {
        ...refusal(form.fields, null),
        files: refused.map(({ name, error }) => ({ name, message: error.message })),
        sent: created.length,
        total: created.length + refused.length,
      },
    };
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (typeof status !== 'number' || status >= 500) throw error;
    return { status, result: refusal(form?.fields ?? {}, error as Error & { code?: string }) };
  } finally {
    await form?.discard();
  }
}

function refusal(
  fields: Record<string, string>,
  error: (Error & { code?: string }) | null,
): Extract<SubmitFormResult, { outcome: 'refused' }> {
  // The bots' field is not given back: a person never filled it.
  const values = Object.fromEntries(
    SUBMIT_FORM_FIELDS.filter((name) => name !== 'website' && fields[name] !== undefined).map((name) => [
      name,
      fields[name]!,
    ]),
  );
  return {
    outcome: 'refused',
    error: error && !(error instanceof FormFieldsError) ? describe(error) : null,
    issues: error instanceof FormFieldsError ? error.issues : [],
    files: [],
    sent: 0,
    total: 0,
    values,
  };
}

function describe(error: Error & { code?: string }) {
  // The parser's own count limit, past four times the allowance, in the allowance's words.
  if (error.code === 'FST_FILES_LIMIT') return { code: 'too_many_files', message: TOO_MANY_FILES_MESSAGE };
  return {
    code: error instanceof AppError ? error.code : (error.code ?? 'BAD_REQUEST'),
    message: error.message,
  };
}
