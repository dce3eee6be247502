import type { FastifyInstance } from 'fastify';
import { findNul, NUL_MESSAGE } from '#common/text.ts';
import { AppError } from '../errors.ts';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Checks every request gets before its route's own validation, installed once on the whole app.
 *
 * NUL in text: one global preValidation hook over the query string, the path parameters and the
 * parsed JSON body, rather than a zod helper on each text field of common/: a hook cannot be
 * forgotten by a new route or a new field (nor by routes whose schemas are not ours, such as the
 * auth library's), and it runs before any handler, so a refused submission never touches its upload.
 * Multipart form fields are read by their handler and checked in http/multipart.ts with the same rule.
 *
 * Cross-site writes: a request to /api (or a form posted to a page's address) that changes something is refused (403 CROSS_SITE) when its
 * Origin is not one of `trustedOrigins` (the public origin, the same list the auth library uses)
 * or the browser marks it Sec-Fetch-Site: cross-site. Browsers send both on such requests; other
 * clients (scripts, curl) send neither and are not browsers a site could misuse. The auth
 * library's routes (/api/auth) are guarded too (it checks the Origin itself, not Sec-Fetch-Site).
 */
export function installRequestGuards(app: FastifyInstance, trustedOrigins: readonly string[]) {
  app.addHook('onRequest', async (request) => {
    if (READS.has(request.method)) return;
    // The route that will answer, not the raw URL: the router decodes the path, so '/%61pi/…'
    // reaches '/api/…' too. A request no route answers changes nothing (404).
    const route = request.routeOptions.url;
    // A form posted to a page's own address (/submit) declares a permission as /api routes do.
    if (!route?.startsWith('/api/') && !request.routeOptions.config?.permission) return;
    const origin = request.headers.origin;
    if (
      (origin !== undefined && !trustedOrigins.includes(origin)) ||
      request.headers['sec-fetch-site'] === 'cross-site'
    ) {
      throw new AppError(403, 'CROSS_SITE', 'This request came from another site and was refused.');
    }
  });

  app.addHook('preValidation', async (request, reply) => {
    const path = findNul(request.query) ?? findNul(request.params) ?? findNul(request.body as unknown);
    if (path === undefined) return;
    return reply.status(400).send({
      code: 'VALIDATION_ERROR',
      message: path ? `${path}: ${NUL_MESSAGE}` : NUL_MESSAGE,
      issues: [{ path, message: NUL_MESSAGE }],
    });
  });
}
