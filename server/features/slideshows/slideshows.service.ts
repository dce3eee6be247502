import type { z } from 'zod';
import type { ActivityAction } from '#common/activity.ts';
import type {
  adminSlideshowListQuery,
  createdSlideshowResponse,
  createSlideshowBody,
  UpdateSlideshowBody,
} from '#common/api/slideshows.ts';
import { DEFAULT_SLIDE_DURATION_S } from '#common/limits.ts';
import { type Actor, can } from '#common/permissions.ts';
import { authorize } from '#server/http/authorize.ts';
import type { AppContext } from '#server/http/context.ts';
import { badRequest, notFound } from '#server/errors.ts';
import { listDerivativesOf } from '#server/media/derivatives/derivatives.repository.ts';
import { logActivity } from '../activity/activity.public.ts';
import { presentMedia } from '../media/media.public.ts';
import { presentSlideshowDetail, presentSlideshowSummary } from './slideshows.presenter.ts';
import * as repo from './slideshows.repository.ts';
import { sharedAnswer } from '#server/db/data-versions.ts';

type CreatedSlideshow = z.infer<typeof createdSlideshowResponse>['slideshow'];

/** A slideshow with its slides in the order given (admin-back-office.md §4: at least one item). */
export async function createSlideshow(
  ctx: AppContext,
  actor: Actor,
  body: z.infer<typeof createSlideshowBody>,
): Promise<CreatedSlideshow> {
  authorize(actor, 'slideshow:manage');
  const known = await repo.listExistingMediaIds(
    ctx.db,
    body.slides.map((s) => s.mediaId),
  );
  if (body.slides.some((s) => !known.has(s.mediaId))) {
    throw badRequest('A chosen media item no longer exists.', 'UNKNOWN_REFERENCE');
  }
  const row = await ctx.db.transaction().execute(async (trx) => {
    const created = await repo.createSlideshow(trx, {
      title: body.title,
      description: body.description ?? null,
      is_public: body.isPublic ?? false,
      is_featured: body.isFeatured ?? false,
      created_by: actor.id,
    });
    await repo.createSlides(
      trx,
      body.slides.map((slide, index) => ({
        slideshow_id: created.id,
        media_item_id: slide.mediaId,
        order_index: index,
        duration: slide.duration ?? DEFAULT_SLIDE_DURATION_S,
        caption: slide.caption ?? null,
      })),
    );
    await logActivity(trx, actor, 'slideshow.created', { id: created.id, name: created.title });
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

/** The header's slideshow button: the newest public slideshow. */
export async function getLatestSlideshow(ctx: AppContext, _actor: Actor, _input: Record<string, never>) {
  return sharedAnswer(ctx.db, 'latest slideshow', async () => ({
    slideshow: (await repo.getLatestPublicSlideshow(ctx.db)) ?? null,
  }));
}

/** A public slideshow with its public slides in order (public-site.md §5). */
export async function getSlideshow(ctx: AppContext, actor: Actor, { id }: { id: string }) {
  const show = await repo.getSlideshow(ctx.db, id);
  if (!show || !can(actor, 'slideshow:read', { kind: 'slideshow', isPublic: show.is_public })) {
    throw notFound('Slideshow not found or not public');
  }
  const slides = await repo.listPublicSlides(ctx.db, show.id);
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
}

/** Slides shown as covers on a slideshow's card. */
const COVERS_PER_CARD = 4;

/** Every slideshow for the slideshows screen, newest first, searched and paged. */
export async function listAdminSlideshows(
  ctx: AppContext,
  actor: Actor,
  query: z.output<typeof adminSlideshowListQuery>,
) {
  authorize(actor, 'slideshow:manage');
  const page = await repo.listAdminSlideshows(ctx.db, { q: query.q }, query.cursor, query.limit);
  const covers = await repo.listCoverItems(
    ctx.db,
    page.rows.map((r) => r.id),
    COVERS_PER_CARD,
  );
  const derivatives = await listDerivativesOf(ctx.db, 'media', [...new Set(covers.map((c) => c.id))]);
  return {
    items: page.rows.map((row) =>
      presentSlideshowSummary(
        row,
        covers.filter((c) => c.slideshow_id === row.id),
        derivatives,
      ),
    ),
    total: page.total,
    nextCursor: page.nextCursor,
  };
}

async function loadDetail(ctx: AppContext, id: string) {
  const show = await repo.getSlideshow(ctx.db, id);
  if (!show) throw notFound('Slideshow not found');
  const slides = await repo.listAllSlides(ctx.db, id);
  const derivatives = await listDerivativesOf(ctx.db, 'media', [...new Set(slides.map((s) => s.id))]);
  return presentSlideshowDetail(show, slides, derivatives);
}

/** A slideshow for its edit dialog: every slide in order, public item or not. */
export async function getAdminSlideshow(ctx: AppContext, actor: Actor, { id }: { id: string }) {
  authorize(actor, 'slideshow:manage');
  return { slideshow: await loadDetail(ctx, id) };
}

/**
 * Edits a slideshow in one transaction: its fields and toggles; the kept slides in their new
 * order with durations and captions (slides left out are removed); new items appended after the
 * current highest order_index (admin-back-office.md §7). A slideshow never ends up empty.
 */
export async function updateSlideshow(
  ctx: AppContext,
  actor: Actor,
  { id, ...body }: UpdateSlideshowBody & { id: string },
) {
  authorize(actor, 'slideshow:manage');
  const add = body.add ?? [];
  const known = await repo.listExistingMediaIds(
    ctx.db,
    add.map((s) => s.mediaId),
  );
  if (add.some((s) => !known.has(s.mediaId))) {
    throw badRequest('A chosen media item no longer exists.', 'UNKNOWN_REFERENCE');
  }
  const values = {
    ...(body.title !== undefined ? { title: body.title } : {}),
    ...(body.description !== undefined ? { description: body.description } : {}),
    ...(body.isPublic !== undefined ? { is_public: body.isPublic } : {}),
    ...(body.isFeatured !== undefined ? { is_featured: body.isFeatured } : {}),
  };
  const actions: ActivityAction[] = [];
  if (body.isPublic !== undefined)
    actions.push(body.isPublic ? 'slideshow.published' : 'slideshow.unpublished');
  if (body.isFeatured !== undefined)
    actions.push(body.isFeatured ? 'slideshow.featured' : 'slideshow.unfeatured');
  const edited =
    body.title !== undefined || body.description !== undefined || body.slides !== undefined || add.length > 0;
  if (edited || actions.length === 0) actions.push('slideshow.updated');

  await ctx.db.transaction().execute(async (trx) => {
    const show = await repo.getSlideshowForUpdate(trx, id);
    if (!show) throw notFound('Slideshow not found');
    authorize(actor, 'slideshow:manage', { kind: 'slideshow', isPublic: show.is_public });
    let remaining: number | null = null;
    if (body.slides) {
      const existing = new Set(await repo.listSlideIds(trx, id));
      const kept = body.slides.map((s) => s.id);
      if (new Set(kept).size !== kept.length || kept.some((slideId) => !existing.has(slideId))) {
        throw badRequest('A slide is not part of this slideshow.', 'UNKNOWN_REFERENCE');
      }
      const keptSet = new Set(kept);
      await repo.deleteSlides(
        trx,
        [...existing].filter((slideId) => !keptSet.has(slideId)),
      );
      for (const [index, slide] of body.slides.entries()) {
        await repo.updateSlide(trx, slide.id, {
          order_index: index,
          duration: slide.duration,
          caption: slide.caption ?? null,
        });
      }
      remaining = body.slides.length;
    }
    if (add.length > 0) {
      const start = (await repo.getMaxOrderIndex(trx, id)) + 1;
      await repo.createSlides(
        trx,
        add.map((slide, i) => ({
          slideshow_id: id,
          media_item_id: slide.mediaId,
          order_index: start + i,
          duration: slide.duration ?? DEFAULT_SLIDE_DURATION_S,
          caption: slide.caption ?? null,
        })),
      );
    }
    if (remaining === 0 && add.length === 0) {
      throw badRequest('Please select at least one media item for the slideshow', 'EMPTY_SLIDESHOW');
    }
    const updated = await repo.updateSlideshow(trx, id, values);
    for (const action of actions) await logActivity(trx, actor, action, { id, name: updated.title });
  });
  return { slideshow: await loadDetail(ctx, id), added: add.length };
}

/** Deletes a slideshow with its slides (the items themselves stay). */
export async function deleteSlideshow(ctx: AppContext, actor: Actor, { id }: { id: string }) {
  authorize(actor, 'slideshow:manage');
  await ctx.db.transaction().execute(async (trx) => {
    const show = await repo.getSlideshowForUpdate(trx, id);
    if (!show) throw notFound('Slideshow not found');
    await repo.deleteSlideshow(trx, id);
    await logActivity(trx, actor, 'slideshow.deleted', { id, name: show.title });
  });
}
