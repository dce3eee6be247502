import { AppError } from '#server/errors.ts';
import { defineFeature } from '#server/http/feature.ts';
import { createCatalogueDownloads } from './catalogue.service.ts';

const TYPES = { csv: 'text/csv; charset=utf-8', json: 'application/json; charset=utf-8' } as const;

/** The about page's downloads of the public catalogue: /api/catalogue/catalogue.csv and .json. */
export const catalogueFeature = defineFeature({
  name: 'catalogue',
  public(routes, ctx) {
    const download = createCatalogueDownloads(ctx);
    for (const format of ['csv', 'json'] as const) {
      routes.get(
        `/catalogue.${format}`,
        { config: { permission: 'media:read' } },
        async (_request, reply) => {
          let stream: Awaited<ReturnType<typeof download>>;
          try {
            stream = await download(format);
          } catch (error) {
            if (error instanceof AppError && error.statusCode === 429) reply.header('retry-after', '60');
            throw error;
          }
          return reply
            .type(TYPES[format])
            .header('content-disposition', `attachment; filename="catalogue.${format}"`)
            .header('cache-control', 'no-cache')
            .send(stream);
        },
      );
    }
  },
});
