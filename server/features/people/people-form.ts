import type { FastifyRequest } from 'fastify';
import { createSuggestionBody } from '#common/api/people.ts';
import { PERSON_FORM_FIELDS, type PersonFormResult } from '#common/people.ts';
import { findNul, NUL_MESSAGE } from '#common/text.ts';
import type { AppContext } from '#server/http/context.ts';
import { AppError } from '#server/errors.ts';
import { createSuggestion } from './people.service.ts';

/**
 * The media page's "Suggest a name" for a box sent without script (common/people.ts), beside "Do
 * you know more" on the same address (told apart by its mark, knowledge.routes.ts):
 * the same rules as the script's JSON (NUL, the schema's lengths, the bots' field, the allowance),
 * answered with what the page shows next and its status: the thanks, or the refusal beside what
 * was typed, so nothing typed is lost.
 */
export async function takePersonForm(
  ctx: AppContext,
  request: FastifyRequest<{ Params: { id: string } }>,
): Promise<{ status: number; result: PersonFormResult }> {
  const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<
    string,
    unknown
  >;
  const fields = Object.fromEntries(
    PERSON_FORM_FIELDS.flatMap((name) =>
      typeof body[name] === 'string' ? [[name, body[name] as string]] : [],
    ),
  );
  const nul = findNul(fields);
  if (nul !== undefined)
    return refused(400, fields, 'VALIDATION_ERROR', NUL_MESSAGE, [{ path: nul, message: NUL_MESSAGE }]);
  const parsed = createSuggestionBody.safeParse({
    ...fields,
    boxId: fields.boxId || undefined,
    mediaId: request.params.id,
  });
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => ({
      path: issue.path.join('.'),
      message: issue.message,
    }));
    return refused(400, fields, 'VALIDATION_ERROR', issues.map((i) => i.message).join('; '), issues);
  }
  try {
    await createSuggestion(ctx, await request.actor(), { ...parsed.data, ip: request.ip });
    return { status: 200, result: { outcome: 'sent' } };
  } catch (error) {
    if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
    return refused(error.statusCode, fields, error.code, error.message, []);
  }
}

function refused(
  status: number,
  fields: Record<string, string>,
  code: string,
  message: string,
  issues: { path: string; message: string }[],
): { status: number; result: PersonFormResult } {
  // The bots' field is not given back: a person never filled it.
  const { website: _bots, ...values } = fields;
  return { status, result: { outcome: 'refused', error: { code, message }, issues, values } };
}
