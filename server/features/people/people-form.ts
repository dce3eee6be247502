import type { FastifyRequest } from 'fastify';
import { createSuggestionBody } from '#common/api/people.ts';
import { PERSON_FORM_FIELDS, type PersonFormResult } from '#common/people.ts';
import type { AppContext } from '#server/http/context.ts';
import { takeScriptlessForm } from '#server/http/scriptless-form.ts';
import { createSuggestion } from './people.service.ts';

/**
 * The media page's "Suggest a name" for a box sent without script (common/people.ts), beside "Do
 * you know more" on the same address (told apart by its mark, knowledge.routes.ts):
 * the same rules as the script's JSON (NUL, the schema's lengths, the bots' field, the allowance),
 * answered with what the page shows next and its status: the thanks, or the refusal beside what
 * was typed, so nothing typed is lost.
 */
export function takePersonForm(
  ctx: AppContext,
  request: FastifyRequest<{ Params: { id: string } }>,
): Promise<{ status: number; result: PersonFormResult }> {
  return takeScriptlessForm(
    request.body,
    PERSON_FORM_FIELDS,
    createSuggestionBody,
    (fields) => ({ ...fields, boxId: fields.boxId || undefined, mediaId: request.params.id }),
    async (input) => createSuggestion(ctx, await request.actor(), { ...input, ip: request.ip }),
  );
}
