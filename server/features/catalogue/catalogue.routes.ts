import { defineFeature } from '#server/http/feature.ts';
import { catalogueDownload } from './catalogue.service.ts';

const TYPES = { csv: 'text/csv; charset=utf-8', json: 'application/json; charset=utf-8' } as const;

/** The about page's downloads of the public catalogue: /api/catalogue/catalogue.csv and .json. */
export const catalogueFeature = defineFeature({
  name: 'catalogue',
  public(routes, ctx) {
    for (const format of ['csv', 'json'] as const) {
      routes.get(`/catalogue.${format}`, { config: { permission: 'media:read' } }, async (_request, reply) =>
        reply
          .type(TYPES[format])
          .header('content-disposition', `attachment; filename="catalogue.${format}"`)
          .header('cache-control', 'no-cache')
          .send(await catalogueDownload(ctx, format)),
      );
    }
  },
});
