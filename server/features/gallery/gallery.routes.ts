import { z } from 'zod';
import {
  categoriesResponse,
  featuredResponse,
  galleryPageResponse,
  galleryQuery,
  gallerySummaryResponse,
  viewResponse,
} from '../../../common/api.ts';
import { notFound } from '../../http/errors.ts';
import type { AppContext } from '../../http/context.ts';
import type { FastifyZod } from '../../http/fastify.ts';
import { getPublicTotals, listPublicCategories, recordView } from './gallery.repository.ts';
import { listFeatured, listGallery } from './gallery.service.ts';

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

  app.get(
    '/api/gallery/featured',
    { config: { permission: 'gallery:browse' }, schema: { response: { 200: featuredResponse } } },
    async () => listFeatured(ctx.db),
  );

  app.get(
    '/api/categories',
    { config: { permission: 'gallery:browse' }, schema: { response: { 200: categoriesResponse } } },
    async () => ({ categories: await listPublicCategories(ctx.db) }),
  );

  // Opening a media page counts a view (public-site.md §4): the count and a usage-log row.
  app.post(
    '/api/media/:id/view',
    {
      config: { permission: 'counter:increment' },
      schema: { params: z.object({ id: z.uuid() }), response: { 200: viewResponse } },
    },
    async (request) => {
      const count = await recordView(
        ctx.db,
        request.params.id,
        request.headers['user-agent']?.slice(0, 500) ?? null,
      );
      if (count === null) throw notFound('Media not found or not public');
      return { viewCount: count };
    },
  );
}
