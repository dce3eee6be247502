import { StrictMode } from 'react';
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { Me } from '#common/api/account.ts';
import type { RenderInput } from '#common/render-input.ts';
import { AppErrorBoundary } from './app/error-screen.tsx';
import { createQueryClient, Providers } from './app/providers.tsx';
import { AppRoutes } from './app/router.tsx';
import { ME_QUERY_KEY } from './features/auth/api/get-me.ts';
import { bootDataOf } from './lib/boot-data.ts';

const LEADING_PRELOADS = /^(?:<link rel="preload"[^>]*\/>)+/;

/**
 * The page's HTML as the browser's first render will draw it (web/main.tsx hydrates it): the same
 * components, router in its static mode, and a query client of this request's own, given the
 * answers the page embeds. React's streaming renderer is read to its end (every lazy page and
 * suspended part resolved), so the page is whole HTML with no script needed to read it.
 */
export async function renderApp({ url, answers, lang, renderedAt }: RenderInput): Promise<string> {
  const client = createQueryClient();
  const bootData = bootDataOf(typeof answers === 'string' ? JSON.parse(answers) : answers);
  const me = bootData.take<{ user: Me | null }>('/api/me');
  if (me) client.setQueryData(ME_QUERY_KEY, me.user);
  const html = await new Promise<string>((resolve, reject) => {
    let failure: unknown = null;
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        // A part that failed would be drawn by the browser alone: better the whole page (the
        // caller then sends the empty shell, as before server rendering).
        if (failure) reject(failure);
        else resolve(Buffer.concat(chunks).toString('utf8'));
        done();
      },
    });
    const { pipe } = renderToPipeableStream(
      <StrictMode>
        <Providers client={client} bootData={bootData} lang={lang} renderedAt={renderedAt}>
          <StaticRouter location={url}>
            <AppErrorBoundary>
              <AppRoutes />
            </AppErrorBoundary>
          </StaticRouter>
        </Providers>
      </StrictMode>,
      {
        // Read only once everything is in: the page is whole, in order, with no script of React's
        // to move parts into place (the CSP allows none, and without JavaScript none would run).
        onAllReady: () => pipe(sink),
        // Never a part moved into place later by script, however large it is.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onShellError: reject,
        onError(error) {
          failure ??= error;
        },
      },
    );
  });
  client.clear();
  // React writes a preload of every eager picture ahead of the page; the server writes the one
  // that matters, the first screen's largest, in the head (server/web/boot-data.ts).
  return html.replace(LEADING_PRELOADS, '');
}
