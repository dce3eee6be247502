import { z } from 'zod';
import { latestSlideshowResponse, slideshowResponse } from '../../../common/api.ts';
import type { AppContext } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import type { FastifyZod } from '../../http/fastify.ts';
import { presentMedia } from '../media/media.presenter.ts';

export async function slideshowsRoutes(app: FastifyZod, ctx: AppContext) {
  // The header's slideshow button: the newest public slideshow.
  app.get(
    '/api/slideshows/latest',
    { config: { permission: 'gallery:browse' }, schema: { response: { 200: latestSlideshowResponse } } },
    async () => ({
      slideshow:
        (await ctx.db
          .selectFrom('slideshows')
          .select(['id', 'title'])
          .where('is_public', '=', true)
          .orderBy('created_at', 'desc')
          .limit(1)
          .executeTakeFirst()) ?? null,
    }),
  );

  // A public slideshow with its slides in order; slides of items that are not public are left out.
  app.get(
    '/api/slideshows/:id',
    {
      config: { permission: 'gallery:browse' },
      schema: { params: z.object({ id: z.uuid() }), response: { 200: slideshowResponse } },
    },
    async (request) => {
      const show = await ctx.db
        .selectFrom('slideshows')
        .selectAll()
        .where('id', '=', request.params.id)
        .where('is_public', '=', true)
        .executeTakeFirst();
      if (!show) throw notFound('Slideshow not found or not public');
      const slides = await ctx.db
        .selectFrom('slideshow_items')
        .innerJoin('media_items', 'media_items.id', 'slideshow_items.media_item_id')
        .selectAll('media_items')
        .select(['slideshow_items.order_index', 'slideshow_items.duration', 'slideshow_items.caption'])
        .where('slideshow_items.slideshow_id', '=', show.id)
        .where('media_items.is_public', '=', true)
        .orderBy('slideshow_items.order_index')
        .execute();
      const ids = slides.map((s) => s.id);
      const derivatives =
        ids.length === 0
          ? []
          : await ctx.db
              .selectFrom('derivatives')
              .select(['owner_id', 'variant', 'file_key'])
              .where('owner_type', '=', 'media')
              .where('owner_id', 'in', ids)
              .execute();
      return {
        slideshow: {
          id: show.id,
          displayId: show.display_id,
          title: show.title,
          description: show.description,
          slides: slides.map((s) => ({
            mediaId: s.id,
            orderIndex: s.order_index,
            duration: s.duration,
            caption: s.caption,
            media: presentMedia(
              s,
              derivatives.filter((d) => d.owner_id === s.id),
              { canSeeOriginal: false },
            ),
          })),
        },
      };
    },
  );
}
