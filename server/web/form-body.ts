import type { FastifyInstance } from 'fastify';

/** A page's form holds a few short fields (an e-mail, a name, two passwords of at most 128). */
export const FORM_BODY_LIMIT = 16 * 1024;

/**
 * Reads `application/x-www-form-urlencoded`, the body of a form the browser sends itself, into
 * a plain object of strings (a repeated name keeps its last value). Added only inside the plugin
 * of the pages' form routes: the JSON API never takes a body that another site's form could send
 * without the browser asking first.
 */
export function addFormBodyParser(app: FastifyInstance) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
}

/** The text of field `name` of a parsed form body ('' when absent or not text). */
export function formField(body: unknown, name: string): string {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value : '';
}
