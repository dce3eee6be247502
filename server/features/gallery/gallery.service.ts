import type { z } from 'zod';
import type { galleryQuery } from '../../../common/api.ts';
import { GALLERY_FEATURED_LIMIT } from '../../../common/limits.ts';
import type { Db } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';
import { listDerivativesOf } from '../../media/derivatives/derivatives.repository.ts';
import { presentMedia } from '../media/media.presenter.ts';
import { type GalleryCursor, listPublicMedia } from './gallery.repository.ts';

function decodeCursor(cursor: string | undefined): GalleryCursor | undefined {
  if (!cursor) return undefined;
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as GalleryCursor;
    if (typeof value.id !== 'string' || typeof value.created_at !== 'string') throw new Error('shape');
    return value;
  } catch {
    throw badRequest('This page link is no longer valid; start from the first page.', 'BAD_CURSOR');
  }
}

const encodeCursor = (cursor: GalleryCursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

/** A page of the public gallery with its next-page cursor. */
export async function listGallery(db: Db, query: z.output<typeof galleryQuery>) {
  const rows = await listPublicMedia(db, {
    search: query.q || undefined,
    categoryId: query.category,
    sort: query.sort,
    after: decodeCursor(query.cursor),
    limit: query.limit,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: await presentGalleryRows(db, page),
    nextCursor:
      rows.length > query.limit && last
        ? encodeCursor({
            created_at: last.created_at_key,
            id: last.id,
            title: last.title_key,
            view_count: last.view_count,
          })
        : null,
  };
}

/** The featured strip: at most 6 public featured items, newest first. */
export async function listFeatured(db: Db) {
  const rows = await listPublicMedia(db, {
    featuredOnly: true,
    sort: 'newest',
    limit: GALLERY_FEATURED_LIMIT,
  });
  return { items: await presentGalleryRows(db, rows.slice(0, GALLERY_FEATURED_LIMIT)) };
}

type GalleryRow = Awaited<ReturnType<typeof listPublicMedia>>[number];

/** Rows with their derivatives (one query for the page) and their public category. */
async function presentGalleryRows(db: Db, page: GalleryRow[]) {
  const derivatives = await listDerivativesOf(
    db,
    'media',
    page.map((r) => r.id),
  );
  return page.map((row) => ({
    ...presentMedia(
      row,
      derivatives.filter((d) => d.owner_id === row.id),
      { canSeeOriginal: false },
    ),
    category: row.category_ref_id
      ? {
          id: row.category_ref_id,
          name: row.category_name!,
          color: row.category_color!,
          icon: row.category_icon,
        }
      : null,
  }));
}
