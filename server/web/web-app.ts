import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createAnswerCache } from '../http/answer-cache.ts';
import { bootDataPaths, renderPage } from './boot-data.ts';

/**
 * The built React app: hashed assets cached for a year and sent pre-compressed; every other page
 * gets index.html carrying its first data (see boot-data.ts), so it draws without waiting for
 * the API, with the first picture preloaded.
 */
export async function registerWebApp(app: FastifyInstance, webDir: string) {
  const indexPath = join(webDir, 'index.html');
  const built = existsSync(indexPath);
  const template = built ? readFileSync(indexPath, 'utf8') : '';
  const anonymousPages = createAnswerCache<CachedPage>();
  if (built) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each file (vite.config.ts).
      preCompressed: true,
      setHeaders(res, path) {
        res.header(
          'cache-control',
          path.includes('/assets/')
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=0, must-revalidate',
        );
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (
      path.startsWith('/api/') ||
      path.startsWith('/files/') ||
      path.startsWith('/assets/') ||
      request.method !== 'GET'
    ) {
      return reply.status(404).send({ code: 'NOT_FOUND', message: 'Not found' });
    }
    if (!built) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built yet: run `npm run build` (npm start does this for you).');
    }
    const url = new URL(request.url, 'http://archive.invalid');
    // It carries the visitor's own account: never shared by caches.
    reply.header('cache-control', 'private, no-cache').header('vary', 'accept-encoding, cookie');
    reply.type('text/html; charset=utf-8');
    const anonymous = !String(request.headers.cookie ?? '').includes('session_token');
    const render = async (): Promise<CachedPage> => {
      const answers = await fetchOwnAnswers(app, request, bootDataPaths(url));
      const html = renderPage(template, url, answers);
      return { html, etag: `"${createHash('sha1').update(html).digest('base64url')}"` };
    };
    // Anonymous visitors all get the same page (server/http/answer-cache.ts).
    const page = anonymous
      ? await anonymousPages.get(`${url.pathname}${url.search}`, render)
      : await render();
    reply.header('etag', page.etag);
    if (request.headers['if-none-match'] === page.etag) return reply.status(304).send();
    return sendCompressed(request, reply, page);
  });
}

/** A page as sent, with its compressed forms made once (kept for anonymous visitors). */
interface CachedPage {
  html: string;
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
}

/**
 * Asks our own API, as this visitor, for each path; keeps the answers that succeeded. A failure
 * only leaves that answer out (the page then asks for it itself): the page is always sent.
 */
async function fetchOwnAnswers(app: FastifyInstance, request: FastifyRequest, paths: string[]) {
  const answers = await Promise.all(
    paths.map(async (path) => {
      const res = await app
        .inject({
          method: 'GET',
          url: path,
          remoteAddress: request.ip,
          headers: {
            accept: 'application/json',
            ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}),
            ...(request.headers['user-agent'] ? { 'user-agent': request.headers['user-agent'] } : {}),
          },
        })
        .catch((error: unknown) => {
          request.log.warn({ err: error, path }, 'could not embed an answer in the page');
          return null;
        });
      return res?.statusCode === 200 ? ([path, res.json()] as const) : null;
    }),
  );
  return Object.fromEntries(answers.filter((a) => a !== null));
}

/** Brotli or gzip as the browser accepts, at levels quick enough for every page view (once per cached page). */
function sendCompressed(request: FastifyRequest, reply: FastifyReply, page: CachedPage) {
  const accepted = String(request.headers['accept-encoding'] ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || Number(q.split('=')[1]) > 0)
    .map(([name]) => name?.trim().toLowerCase());
  if (accepted.includes('br')) {
    reply.header('content-encoding', 'br');
    page.br ??= brotliCompressSync(page.html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
    return reply.send(page.br);
  }
  if (accepted.includes('gzip')) {
    reply.header('content-encoding', 'gzip');
    page.gzip ??= gzipSync(page.html, { level: 6 });
    return reply.send(page.gzip);
  }
  return reply.send(page.html);
}
