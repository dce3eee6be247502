import type { FastifyRequest } from 'fastify';
import { createKnowledgeBody } from '#common/api/knowledge.ts';
import { KNOWLEDGE_FORM_FIELDS, type KnowledgeFormResult } from '#common/knowledge-form.ts';
import type { AppContext } from '#server/http/context.ts';
import { takeScriptlessForm } from '#server/http/scriptless-form.ts';
import { createKnowledge } from './knowledge.service.ts';

/**
 * The media page's "Do you know more about this photo?" sent without script (common/knowledge-form.ts):
 * the same rules as the script's JSON (NUL, the schema's lengths, the bots' field, the allowance),
 * answered with what the page shows next and its status: the thanks, or the refusal beside what
 * was typed, so nothing typed is lost.
 */
export function takeKnowledgeForm(
  ctx: AppContext,
  request: FastifyRequest<{ Params: { id: string } }>,
): Promise<{ status: number; result: KnowledgeFormResult }> {
  return takeScriptlessForm(
    request.body,
    KNOWLEDGE_FORM_FIELDS,
    createKnowledgeBody,
    (fields) => ({ ...fields, mediaId: request.params.id }),
    async (input) => createKnowledge(ctx, await request.actor(), { ...input, ip: request.ip }),
  );
}
