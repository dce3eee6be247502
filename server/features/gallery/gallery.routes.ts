import { galleryPageResponse, galleryQuery, gallerySummaryResponse } from '../../../common/api.ts';
import type { AppContext } from '../../http/context.ts';
import type { FastifyZod } from '../../http/fastify.ts';
import { getPublicTotals } from './gallery.repository.ts';
import { listGallery } from './gallery.service.ts';

export async function galleryRoutes(app: FastifyZod, ctx: AppContext) {
  app.get(
    '/api/gallery/summary',
    { config: { permission: 'gallery:browse' }, schema: { response: { 200: gallerySummaryResponse } } },
    async () => getPublicTotals(ctx.db),
  );

  app.get(
    '/api/gallery',
    {
      config: { permission: 'gallery:browse' },
      schema: { querystring: galleryQuery, response: { 200: galleryPageResponse } },
    },
    async (request) => listGallery(ctx.db, request.query),
  );
}
