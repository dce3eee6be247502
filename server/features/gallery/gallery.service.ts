import type { z } from 'zod';
import type { galleryQuery } from '#common/api/gallery.ts';
import { GALLERY_FEATURED_LIMIT } from '#common/limits.ts';
import type { Actor } from '#common/permissions.ts';
import type { AppContext } from '#server/http/context.ts';
import { presentGalleryCard } from './gallery.presenter.ts';
import { getPublicTotals, listPublicMedia } from './gallery.repository.ts';

/** The home banner's counts. */
export async function getGallerySummary(ctx: AppContext, _actor: Actor, _input: Record<string, never>) {
  return getPublicTotals(ctx.db);
}

/** A page of the public gallery with its next-page cursor. */
export async function listGallery(ctx: AppContext, _actor: Actor, query: z.output<typeof galleryQuery>) {
  const page = await listPublicMedia(ctx.db, {
    search: query.q || undefined,
    categoryId: query.category,
    sort: query.sort,
    cursor: query.cursor,
    limit: query.limit,
  });
  return { items: page.rows.map(presentGalleryCard), nextCursor: page.nextCursor };
}

/** The featured strip: at most 6 public featured items, newest first. */
export async function listFeatured(ctx: AppContext, _actor: Actor, _input: Record<string, never>) {
  const page = await listPublicMedia(ctx.db, {
    featuredOnly: true,
    sort: 'newest',
    limit: GALLERY_FEATURED_LIMIT,
  });
  return { items: page.rows.map(presentGalleryCard) };
}
