import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Language } from '#common/enums.ts';
import { languageFromCookies } from '#common/language-cookie.ts';
import { matchRoute, ROUTES } from '#common/paths.ts';
import type { Db } from '#server/db/database.ts';
import { sharedAnswer } from '#server/db/data-versions.ts';
import { listDerivativeSizes } from '#server/media/derivatives/derivatives.repository.ts';
import { getSlideshow } from '../features/slideshows/slideshows.public.ts';
import { createAnswerCache } from '../http/answer-cache.ts';
import type { AppContext } from '../http/context.ts';
import { type KeptBody, keptBody, sendKept } from '../http/kept-body.ts';
import { chargeUncached } from '../http/search-budget.ts';
import { toActor } from '../auth/actor.ts';
import { getUser } from '../features/users/users.public.ts';
import { loadSession } from '../http/session.ts';
import { type AnswerBoot, type BootAnswer, createBootAnswers, type Visitor } from './boot-answers.ts';
import { answersJson, bootDataPaths, type RenderedApp, refusedAnswer, renderPage } from './boot-data.ts';
import { describePage, itemIsPublic, itemPageOf, type PreviewImage, previewImageOf } from './page-head.ts';
import { type RenderPool, RenderPoolBusy, startRenderPool } from './render-pool.ts';

/**
 * The built React app: hashed assets cached for a year and sent pre-compressed; every other page
 * gets index.html carrying its first data (see boot-data.ts), so it draws without waiting for
 * the API, with the first picture preloaded, and its own head (title, description, canonical,
 * Open Graph card: page-head.ts) and status: an item's page the visitor may not see is a 404.
 */
/** The variants an item's preview picture is one of (page-head.ts, pictureOfItem). */
const PREVIEW_VARIANTS: PreviewImage['variant'][] = ['display', 'medium', 'poster'];

/** Paths under the build folder that the server's own routes answer. */
export const SERVER_OWNED_FILES = ['robots.txt', 'sitemap.xml', 'sitemaps/**', 'oai', 'oai/**', 'iiif/**'];

export async function registerWebApp(app: FastifyInstance, ctx: AppContext) {
  const { webDir, publicUrl } = ctx.config;
  const indexPath = join(webDir, 'index.html');
  const built = existsSync(indexPath);
  const template = built ? readFileSync(indexPath, 'utf8') : '';
  const anonymousPages = createAnswerCache<KeptBody>();
  const answerBoot = createBootAnswers(app, ctx);
  const drawnPages = createRecentlyMade<RenderedApp>((drawn) => drawn.html.length * 2);
  const sentPages = createRecentlyMade<KeptBody>((page) => page.body.length * 3);
  const lastPages = new Map<string, PageInputs>();
  // The public pages are drawn here too (web/entry-server.tsx, the browser's own components), on
  // threads of their own (render-pool.ts), started with the app and stopped with it.
  const renderer = built ? await startRenderPool(ctx.config.renderThreads, app.log) : null;
  if (renderer) app.addHook('onClose', () => renderer.close());
  if (built) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      // The server answers these itself (features/sitemap, oai, iiif): a file of the same name in
      // the build (an older build's robots.txt, one an operator put there) is not served, and
      // would otherwise stop the server at start with a duplicated route.
      globIgnore: SERVER_OWNED_FILES,
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
      (request.method !== 'GET' && request.method !== 'HEAD')
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
    // Anonymous unless the cookie names a live session: a made-up one (its signature fails, no
    // query) or a signed-out one gets the kept page like any visitor, never a page of its own.
    const anonymous = (await request.user()) === null;
    const lang = languageFromCookies(request.headers.cookie);
    const key = `${lang} ${url.pathname}${url.search}`;
    // A page asked with a query string that is not kept costs a drawing: bounded per address.
    if (anonymousPages.enabled && url.search && !(anonymous && anonymousPages.fresh(key))) {
      chargeUncached(request);
    }
    const render = () => draw(request, url, { cookie: request.headers.cookie });
    // Anonymous visitors all get the same page for a path and language (http/answer-cache.ts).
    const page = anonymous ? await anonymousPages.get(key, render) : await render();
    return sendKept(request, reply, page);
  });

  /**
   * The page at `url` for this visitor, drawn afresh. `cookie` is the account it is drawn for
   * (a form that just signed the visitor in draws with the new session); `formAnswers`, the
   * answer to a form sent to the page, embedded among its first answers so it shows it.
   */
  const draw = async (
    request: FastifyRequest,
    url: URL,
    { cookie, formAnswers }: { cookie?: string; formAnswers?: Record<string, unknown> },
  ): Promise<KeptBody> => {
    const anonymous = !String(cookie ?? '').includes('session_token');
    const lang = languageFromCookies(cookie);
    // The request's own session, read once per request; another cookie's (a form that just signed
    // the visitor in) read here.
    const user =
      cookie === request.headers.cookie
        ? await request.user()
        : (await loadSession(ctx, cookie, getUser)).user;
    const paths = bootDataPaths(url, lang);
    // An item's page: the sizes of its picture's files asked beside its answers (so with the same
    // read of the content's version), the same for every visitor and kept until the content changes.
    const itemPage = itemPageOf(url);
    const itemId =
      itemPage?.kind === 'media' && itemPage.api ? itemPage.api.slice('/api/media/'.length) : null;
    const pictureSizes = (ownerId: string) =>
      sharedAnswer(
        ctx.db,
        `picture sizes ${ownerId}`,
        () => listDerivativeSizes(ctx.db, 'media', [ownerId], PREVIEW_VARIANTS),
        'items',
      );
    const itemSizes = itemId ? pictureSizes(itemId) : null;
    // Read below only when the visitor is given the item; a failure then is the page's own.
    itemSizes?.catch(() => {});
    const { answers, texts, statuses } = await ownAnswers(
      request,
      paths,
      { user, actor: toActor(user) },
      answerBoot,
    );
    // Only a picture of an item this visitor was just given: its size from its derivative row.
    const picture = previewImageOf(url, answers);
    // (A slideshow's picture is its first slide's: known only now.)
    const facts = picture
      ? (await (picture.ownerId === itemId && itemSizes ? itemSizes : pictureSizes(picture.ownerId))).find(
          (row) => row.variant === picture.variant,
        )
      : undefined;
    const preview = picture
      ? {
          ...picture,
          width: facts?.width ?? null,
          height: facts?.height ?? null,
          mimeType: facts?.mime_type ?? null,
        }
      : null;
    const isPublic = anonymous || (itemIsPublic(url, answers) ?? (await slideshowIsPublic(ctx.db, url)));
    // The same address and language given the same answers as the page sent last for them (the
    // answers every visitor shares are the same texts while nothing changed) is the same page:
    // sent again without describing, hashing or writing it anew.
    const pageKey = `${lang} ${url.pathname}${url.search}`;
    const madeOf: PageInputs = {
      texts: Object.values(texts),
      statuses: paths.map((path) => statuses[path]).join(),
      facts,
      isPublic,
      sent: '',
    };
    const last = formAnswers ? undefined : lastPages.get(pageKey);
    const again = last && sameInputs(last, madeOf) ? sentPages.peek(last.sent) : undefined;
    if (again) return again;
    const head = describePage({ url, lang, publicUrl, answers, statuses, preview, isPublic });
    const refused = refusedAnswer(url, statuses);
    if (refused) texts[refused[0]] = String(refused[1]);
    for (const [key, value] of Object.entries(formAnswers ?? {})) texts[key] = JSON.stringify(value);
    // The answers' bytes as the API writes them, in the page and to the drawing thread alike.
    const embedded = answersJson(texts);
    // What the page is made of: the same address, language and answers make the same page.
    const made = createHash('sha1')
      .update(`${url.pathname}${url.search}\n${lang}\n`)
      .update(embedded)
      .digest('base64');
    const drawable = renderer !== null && serverRendered(url.pathname);
    const drawn =
      renderer && drawable
        ? await drawApp(renderer, drawnPages, request, made, {
            url: `${url.pathname}${url.search}`,
            answers: embedded,
            lang,
          })
        : null;
    // The page as sent (its bytes, ETag and compressed forms) is kept with its drawing: a visitor
    // given the same answers as the last one costs no writing, hashing or compressing.
    const sent = `${made} ${drawn?.renderedAt ?? 'undrawn'} ${JSON.stringify(head)}`;
    // A page that could not be drawn now (every drawing thread busy) is drawn for the next visitor.
    if (!formAnswers && (drawn || !drawable)) rememberPage(lastPages, pageKey, { ...madeOf, sent });
    return sentPages.get(sent, async () => {
      const html = renderPage(template, url, answers, head, drawn, embedded);
      // The same page drawn at another moment is the same page.
      const sameAs = html.replace(/ data-rendered-at="\d+"/, '');
      return keptBody(html, 'text/html; charset=utf-8', head.status, sameAs);
    });
  };

  // A form's answer is one visitor's alone, never kept (server/web/auth-forms.ts, POST /submit).
  app.decorate('sendFormPage', async (request: FastifyRequest, reply: FastifyReply, page: FormPage) => {
    // Without a built app (the API alone, some tests) the form's outcome is told as JSON.
    if (!built) return reply.status(page.status ?? 200).send(page.answers);
    const url = new URL(request.url, 'http://archive.invalid');
    const drawn = await draw(request, url, { cookie: page.cookie, formAnswers: page.answers });
    reply.header('cache-control', 'no-store').header('vary', 'accept-encoding, cookie');
    return sendKept(request, reply, { ...drawn, status: page.status ?? drawn.status });
  });
}

/** A page drawn as the answer to a form sent to it (FastifyInstance.sendFormPage). */
export interface FormPage {
  /** The form's outcome, under the key the page reads it by (common/form-reply.ts, common/submit-form.ts). */
  answers: Record<string, unknown>;
  /** The cookies to draw it with, when the form changed the account (else the request's). */
  cookie: string | undefined;
  status?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Draws the requested page again with a form's answer in it, for this visitor only. */
    sendFormPage(request: FastifyRequest, reply: FastifyReply, page: FormPage): Promise<FastifyReply>;
  }
}

/** The public pages (public-site.md §2); the back-office and the old sign-in address are drawn by the browser. */
const SERVER_RENDERED = Object.entries(ROUTES)
  .filter(([name]) => name !== 'legacyContributorLogin')
  .map(([, pattern]) => pattern);

function serverRendered(pathname: string): boolean {
  return SERVER_RENDERED.some((pattern) => matchRoute(pattern, pathname) !== null);
}

/**
 * Pages drawn lately (and the pages sent with them), by what they were made from. A drawing is a
 * function of the address, the language and the embedded answers (and of the year it was drawn
 * in, the footer's: so kept at most RECENT_MAX_AGE_MS), and costs 10–200 ms of a drawing thread:
 * the same answers drawn again (every guest between two writes, a signed-in visitor reloading,
 * with the page cache off) get the same HTML without the thread. The answers themselves are made
 * for every request (those every visitor shares, kept until the content changes:
 * server/db/data-versions.ts).
 */
const RECENT_MAX_AGE_MS = 60_000;
const RECENT_MAX_BYTES = 8 * 1024 * 1024;

type RecentlyMade<T> = ReturnType<typeof createRecentlyMade<T>>;

/** Things made lately by key, the oldest dropped past RECENT_MAX_BYTES (by `sizeOf`); one being made is shared. */
function createRecentlyMade<T>(sizeOf: (value: T) => number) {
  const kept = new Map<string, { value: T; size: number; madeAt: number }>();
  const making = new Map<string, Promise<T | null>>();
  let bytes = 0;
  const remember = (key: string, value: T) => {
    const size = sizeOf(value);
    if (size > RECENT_MAX_BYTES / 4) return;
    const old = kept.get(key);
    if (old) {
      kept.delete(key);
      bytes -= old.size;
    }
    kept.set(key, { value, size, madeAt: Date.now() });
    bytes += size;
    for (const [oldKey, entry] of kept) {
      if (bytes <= RECENT_MAX_BYTES) break;
      kept.delete(oldKey);
      bytes -= entry.size;
    }
  };
  return {
    /** What is kept under `key`, if it is still fresh. */
    peek(key: string): T | undefined {
      const known = kept.get(key);
      return known && Date.now() - known.madeAt < RECENT_MAX_AGE_MS ? known.value : undefined;
    },
    get<R extends T | null>(key: string, make: () => Promise<R>): Promise<R> {
      const known = kept.get(key);
      if (known && Date.now() - known.madeAt < RECENT_MAX_AGE_MS) return Promise.resolve(known.value as R);
      const pending = making.get(key);
      if (pending) return pending as Promise<R>;
      const made = make().then((value) => {
        if (value !== null) remember(key, value as T);
        return value;
      });
      making.set(key, made);
      void made.finally(() => making.delete(key));
      return made;
    },
  };
}

/**
 * What a page was made from: its answers' texts, in order (kept answers are the very same strings
 * while the content is unchanged, so comparing them is cheap), their statuses, its picture's size
 * row and whether it is public; and the key it was sent under (sentPages).
 */
interface PageInputs {
  texts: string[];
  statuses: string;
  facts: unknown;
  isPublic: boolean;
  sent: string;
}

/** Pages remembered at most by what they were made from (the pages themselves are in sentPages). */
const LAST_PAGES_MAX = 200;

function rememberPage(pages: Map<string, PageInputs>, key: string, inputs: PageInputs) {
  pages.delete(key);
  if (pages.size >= LAST_PAGES_MAX) {
    const oldest = pages.keys().next().value;
    if (oldest !== undefined) pages.delete(oldest);
  }
  pages.set(key, inputs);
}

function sameInputs(a: PageInputs, b: PageInputs): boolean {
  return (
    a.statuses === b.statuses &&
    a.facts === b.facts &&
    a.isPublic === b.isPublic &&
    a.texts.length === b.texts.length &&
    a.texts.every((text, i) => text === b.texts[i])
  );
}

/** The page as the browser will first draw it; null (the browser draws it alone) if that fails. */
function drawApp(
  renderer: RenderPool,
  drawn: RecentlyMade<RenderedApp>,
  request: FastifyRequest,
  key: string,
  input: { url: string; answers: string; lang: Language },
): Promise<RenderedApp | null> {
  return drawn.get(key, async () => {
    const renderedAt = Date.now();
    try {
      return { html: await renderer.draw({ ...input, renderedAt }), renderedAt };
    } catch (error) {
      // A crowd: expected, and the page is whole without it (the browser draws it).
      if (error instanceof RenderPoolBusy) {
        request.log.debug({ url: input.url }, 'page sent undrawn: every drawing thread is busy');
        return null;
      }
      // A drawing that failed, a thread that died, or the time limit passed.
      request.log.error({ err: error, url: input.url }, 'could not draw the page on the server');
      return null;
    }
  });
}

/**
 * Whether a signed-in visitor's slideshow page shows a public slideshow (its answer does not say;
 * staff are shown the others too). True on every other page: their items say it themselves.
 */
async function slideshowIsPublic(db: Db, url: URL): Promise<boolean> {
  const page = itemPageOf(url);
  if (page?.kind !== 'slideshow' || !page.api) return true;
  return (await getSlideshow(db, page.api.slice('/api/slideshows/'.length)))?.is_public ?? false;
}

/**
 * The answers to `paths` for this visitor, as the API would give them (boot-answers.ts): the values
 * of those that succeeded (the page's head reads them), their JSON texts, and every answer's
 * status. A failure only leaves that answer out (the page then asks for it itself): the page is
 * always sent.
 */
async function ownAnswers(request: FastifyRequest, paths: string[], visitor: Visitor, answer: AnswerBoot) {
  const answers: Record<string, unknown> = {};
  const texts: Record<string, string> = {};
  const statuses: Record<string, number> = {};
  await Promise.all(
    paths.map(async (path) => {
      const got = await answer(path, visitor).catch((error: unknown) => {
        request.log.error({ err: error, path }, 'could not embed an answer in the page');
        return { status: 500 } as BootAnswer;
      });
      statuses[path] = got.status;
      if (got.status === 200 && got.json !== undefined) {
        answers[path] = got.value;
        texts[path] = got.json;
      }
    }),
  );
  // In the order asked, whatever order they were answered in.
  const ordered: Record<string, string> = {};
  for (const path of paths) if (path in texts) ordered[path] = texts[path] as string;
  return { answers, texts: ordered, statuses };
}
