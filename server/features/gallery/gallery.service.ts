import type { z } from 'zod';
import type { galleryQuery, Timeline, timelineQuery } from '#common/api/gallery.ts';
import { readPeriod } from '#common/timeline.ts';
import { GALLERY_FEATURED_LIMIT } from '#common/limits.ts';
import type { Actor } from '#common/permissions.ts';
import type { AppContext } from '#server/http/context.ts';
import { sharedAnswer } from '#server/db/data-versions.ts';
import { presentGalleryCard, presentGallerySummary, presentTimeline } from './gallery.presenter.ts';
import { countTimeline, getPublicTotals, listPublicMedia } from './gallery.repository.ts';

/** The home banner's counts. */
export async function getGallerySummary(ctx: AppContext, _actor: Actor, _input: Record<string, never>) {
  return sharedAnswer(ctx.db, 'gallery summary', async () =>
    presentGallerySummary(await getPublicTotals(ctx.db)),
  );
}

/**
 * A page of the public gallery with its next-page cursor: the same for every visitor who asks
 * with the same filters, kept until the content changes (server/db/data-versions.ts). A search's
 * pages in a pool of their own: the words are the visitor's, and a crowd of different searches
 * must not push out the home page's answers; the same search asked again (the next page and back,
 * a search page drawn, then its script asking, a link shared) costs no query.
 */
export async function listGallery(ctx: AppContext, _actor: Actor, query: z.output<typeof galleryQuery>) {
  return sharedAnswer(
    ctx.db,
    `gallery ${JSON.stringify(query)}`,
    () => makeGalleryPage(ctx, query),
    query.q ? 'searches' : 'home',
  );
}

async function makeGalleryPage(ctx: AppContext, query: z.output<typeof galleryQuery>) {
  const page = await listPublicMedia(ctx.db, {
    search: query.q || undefined,
    categoryId: query.category,
    mediaType: query.type,
    period: readPeriod(query.period) ?? undefined,
    placeId: query.place,
    sort: query.sort,
    cursor: query.cursor,
    limit: query.limit,
  });
  return { items: page.rows.map(presentGalleryCard), nextCursor: page.nextCursor };
}

/** The featured strip: at most 6 public featured items, newest first. */
export async function listFeatured(ctx: AppContext, _actor: Actor, _input: Record<string, never>) {
  return sharedAnswer(ctx.db, 'gallery featured', async () => {
    const page = await listPublicMedia(ctx.db, {
      featuredOnly: true,
      sort: 'newest',
      limit: GALLERY_FEATURED_LIMIT,
    });
    return { items: page.rows.map(presentGalleryCard) };
  });
}

/**
 * The home page's timeline: decades with public items, and the years of the chosen period's decade,
 * for the gallery's search, category and type. Without a search it reads the kept figures; with one
 * it counts the matches. The same for every visitor who asks the same (kept until the content
 * changes; a search's in its own pool, as listGallery).
 */
export async function getTimeline(
  ctx: AppContext,
  _actor: Actor,
  query: z.output<typeof timelineQuery>,
): Promise<Timeline> {
  const make = async (): Promise<Timeline> => {
    const rows = await countTimeline(ctx.db, {
      search: query.q || undefined,
      categoryId: query.category,
      mediaType: query.type,
      placeId: query.place,
    });
    return presentTimeline(rows, query.period);
  };
  return sharedAnswer(
    ctx.db,
    `gallery timeline ${JSON.stringify(query)}`,
    make,
    query.q ? 'searches' : 'home',
  );
}
