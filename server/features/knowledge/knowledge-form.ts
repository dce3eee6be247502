import type { FastifyRequest } from 'fastify';
import { createKnowledgeBody } from '#common/api/knowledge.ts';
import { KNOWLEDGE_FORM_FIELDS, type KnowledgeFormResult } from '#common/knowledge-form.ts';
import { findNul, NUL_MESSAGE } from '#common/text.ts';
import type { AppContext } from '#server/http/context.ts';
import { AppError } from '#server/errors.ts';
import { createKnowledge } from './knowledge.service.ts';

/**
 * The media page's "Do you know more about this photo?" sent without script (common/knowledge-form.ts):
 * the same rules as the script's JSON (NUL, the schema's lengths, the bots' field, the allowance),
 * answered with what the page shows next and its status: the thanks, or the refusal beside what
 * was typed, so nothing typed is lost.
 */
export async function takeKnowledgeForm(
  ctx: AppContext,
  request: FastifyRequest<{ Params: { id: string } }>,
): Promise<{ status: number; result: KnowledgeFormResult }> {
  const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<
    string,
    unknown
  >;
  const fields = Object.fromEntries(
    KNOWLEDGE_FORM_FIELDS.flatMap((name) =>
      typeof body[name] === 'string' ? [[name, body[name] as string]] : [],
    ),
  );
  const nul = findNul(fields);
  if (nul !== undefined)
    return refused(400, fields, 'VALIDATION_ERROR', NUL_MESSAGE, [{ path: nul, message: NUL_MESSAGE }]);
  const parsed = createKnowledgeBody.safeParse({ ...fields, mediaId: request.params.id });
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => ({
      path: issue.path.join('.'),
      message: issue.message,
    }));
    return refused(400, fields, 'VALIDATION_ERROR', issues.map((i) => i.message).join('; '), issues);
  }
  try {
    await createKnowledge(ctx, await request.actor(), { ...parsed.data, ip: request.ip });
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
): { status: number; result: KnowledgeFormResult } {
  // The bots' field is not given back: a person never filled it.
  const { website: _bots, ...values } = fields;
  return { status, result: { outcome: 'refused', error: { code, message }, issues, values } };
}
