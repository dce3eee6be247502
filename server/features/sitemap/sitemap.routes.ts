import { Readable } from 'node:stream';
import { z } from 'zod';
import { defineFeature } from '#server/http/feature.ts';
import { createSitemaps } from './sitemap.service.ts';

/** robots.txt and the sitemaps (issue 26 §7): public, about public items only. */
export const sitemapFeature = defineFeature({
  name: 'sitemap',
  prefix: '',
  public(routes, ctx) {
    const sitemaps = createSitemaps(ctx);
    const xml = 'application/xml; charset=utf-8';
    routes.get('/robots.txt', { config: { permission: 'media:read' } }, async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(sitemaps.robots()),
    );
    routes.get('/sitemap.xml', { config: { permission: 'media:read' } }, async (_request, reply) =>
      reply
        .type(xml)
        .header('cache-control', 'public, max-age=3600')
        .send(await sitemaps.index()),
    );
    routes.get('/sitemaps/pages.xml', { config: { permission: 'media:read' } }, async (_request, reply) =>
      reply
        .type(xml)
        .header('cache-control', 'public, max-age=3600')
        .send(await sitemaps.pages()),
    );
    routes.get(
      '/sitemaps/items/:file',
      {
        config: { permission: 'media:read' },
        schema: {
          params: z.object({ file: z.string().regex(/^[0-9a-f-]{36}\.xml$/, 'not a sitemap page') }),
        },
      },
      async (request, reply) =>
        reply
          .type(xml)
          .header('cache-control', 'public, max-age=3600')
          .send(Readable.from(sitemaps.items(request.params.file.slice(0, 36)))),
    );
  },
});
