import { z } from 'zod';
import {
  createdSlideshowResponse,
  createSlideshowBody,
  latestSlideshowResponse,
  slideshowResponse,
} from '../../../common/api.ts';
import type { AppContext } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import type { FastifyZod } from '../../http/fastify.ts';
import { listDerivativesOf } from '../../media/derivatives/derivatives.repository.ts';
import { presentMedia } from '../media/media.presenter.ts';
import { getLatestPublicSlideshow, getPublicSlideshow, listPublicSlides } from './slideshows.repository.ts';
import { createSlideshow } from './slideshows.service.ts';

export async function slideshowsRoutes(app: FastifyZod, ctx: AppContext) {
  // The header's slideshow button: the newest public slideshow.
  app.get(
    '/api/slideshows/latest',
    { config: { permission: 'gallery:browse' }, schema: { response: { 200: latestSlideshowResponse } } },
    async () => ({ slideshow: (await getLatestPublicSlideshow(ctx.db)) ?? null }),
  );

  app.get(
    '/api/slideshows/:id',
    {
      config: { permission: 'gallery:browse' },
      schema: { params: z.object({ id: z.uuid() }), response: { 200: slideshowResponse } },
    },
    async (request) => {
      const show = await getPublicSlideshow(ctx.db, request.params.id);
      if (!show) throw notFound('Slideshow not found or not public');
      const slides = await listPublicSlides(ctx.db, show.id);
      const derivatives = await listDerivativesOf(
        ctx.db,
        'media',
        slides.map((s) => s.id),
      );
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

  app.post(
    '/api/slideshows',
    {
      config: { permission: 'slideshow:manage' },
      schema: { body: createSlideshowBody, response: { 201: createdSlideshowResponse } },
    },
    async (request, reply) =>
      reply.status(201).send({ slideshow: await createSlideshow(ctx, await request.actor(), request.body) }),
  );
}
