import type { z } from 'zod';
import type { createdSlideshowResponse, createSlideshowBody } from '../../../common/api.ts';
import { DEFAULT_SLIDE_DURATION_S } from '../../../common/limits.ts';
import type { Actor } from '../../../common/permissions.ts';
import { authorize } from '../../http/authorize.ts';
import type { AppContext } from '../../http/context.ts';
import { badRequest } from '../../http/errors.ts';
import { createActivity } from '../activity/activity.repository.ts';
import { addSlides, createSlideshowRow, existingMediaIds } from './slideshows.repository.ts';

type CreatedSlideshow = z.infer<typeof createdSlideshowResponse>['slideshow'];

/** A slideshow with its slides in the order given (admin-back-office.md §4: at least one item). */
export async function createSlideshow(
  ctx: AppContext,
  actor: Actor,
  body: z.infer<typeof createSlideshowBody>,
): Promise<CreatedSlideshow> {
  authorize(actor, 'slideshow:manage');
  const known = await existingMediaIds(
    ctx.db,
    body.slides.map((s) => s.mediaId),
  );
  if (body.slides.some((s) => !known.has(s.mediaId))) {
    throw badRequest('A chosen media item no longer exists.', 'UNKNOWN_REFERENCE');
  }
  const row = await ctx.db.transaction().execute(async (trx) => {
    const created = await createSlideshowRow(trx, {
      title: body.title,
      description: body.description ?? null,
      is_public: body.isPublic ?? false,
      is_featured: body.isFeatured ?? false,
      created_by: actor.id,
    });
    await addSlides(
      trx,
      body.slides.map((slide, index) => ({
        slideshow_id: created.id,
        media_item_id: slide.mediaId,
        order_index: index,
        duration: slide.duration ?? DEFAULT_SLIDE_DURATION_S,
        caption: slide.caption ?? null,
      })),
    );
    await createActivity(trx, {
      userId: actor.id,
      action: 'slideshow_created',
      resourceType: 'slideshow',
      resourceId: created.id,
      resourceName: created.title,
    });
    return created;
  });
  return {
    id: row.id,
    displayId: row.display_id,
    title: row.title,
    isPublic: row.is_public,
    isFeatured: row.is_featured,
    slideCount: body.slides.length,
  };
}
