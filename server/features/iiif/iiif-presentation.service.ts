import { SITE_SETTING_DEFAULTS } from '#common/site-defaults.ts';
import type { AppContext } from '#server/http/context.ts';
import { notFound } from '#server/errors.ts';
import { mediaFileUrl } from '../media/media.public.ts';
import { listPublicNamedBoxes } from '../people/people.public.ts';
import * as repo from './iiif.repository.ts';
import {
  type CollectionEntry,
  collection,
  itemManifest,
  type ManifestItem,
  presentationUrl,
  slideshowManifest,
  TOP_COLLECTION_LABEL,
} from './presentation.ts';

/** Manifests listed in one collection document; a longer category continues in a nested one. */
export const COLLECTION_PAGE = 1000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const hidden = () => notFound('No public item, slideshow or category has this identifier');
const checkedId = (id: string) => {
  if (!UUID.test(id)) throw hidden();
  return id.toLowerCase();
};

type Ctx = Pick<AppContext, 'db' | 'config'>;

async function siteTitle(ctx: Ctx) {
  return (await repo.getSiteTitle(ctx.db))?.trim() || SITE_SETTING_DEFAULTS.site_title!;
}

/** Rows to what the manifest builder takes, for several items at once (two queries). */
async function manifestItems(ctx: Ctx, ids: string[]): Promise<Map<string, ManifestItem>> {
  const [rows, derivatives] = await Promise.all([
    repo.listPublicManifestItems(ctx.db, ids),
    repo.listManifestDerivatives(ctx.db, ids),
  ]);
  const items = new Map<string, ManifestItem>();
  for (const row of rows) {
    const mine = derivatives.filter((d) => d.owner_id === row.id);
    const thumb = mine.find((d) => d.variant === 'thumb');
    const download = mine.find((d) => d.variant === 'download');
    const playable = mine.find((d) => d.variant === 'playable');
    const version = (key: string) => key.split('/').pop()!;
    items.set(row.id, {
      id: row.id,
      displayId: row.display_id,
      title: row.title,
      description: row.description,
      mediaType: row.media_type,
      mimeType: row.mime_type,
      photographer: row.photographer,
      originalDate: row.original_date,
      navDate: row.nav_day ? `${row.nav_day}T00:00:00Z` : null,
      navPlace:
        row.latitude !== null && row.longitude !== null
          ? {
              latitude: row.latitude,
              longitude: row.longitude,
              nameFo: row.place_name_fo,
              nameEn: row.place_name_en,
            }
          : null,
      location: row.location,
      keywords: row.keywords,
      source: row.source,
      historicalContext: row.historical_context,
      copyrightHolder: row.copyright_holder,
      attributionText: row.attribution_text,
      categoryName: row.category_name,
      durationSeconds: row.duration_seconds,
      // An image is shown as its full-size download is (upright, watermarked), before it is made not at all.
      width: row.media_type === 'image' ? (download?.width ?? null) : row.width,
      height: row.media_type === 'image' ? (download?.height ?? null) : row.height,
      files: {
        thumb: thumb ? mediaFileUrl(row.id, 'thumb', version(thumb.file_key), row.file_salt) : null,
        thumbSize: thumb?.width && thumb.height ? { width: thumb.width, height: thumb.height } : null,
        // Image originals stay with staff (DESIGN §4.4); sound, video and documents are public.
        original:
          row.media_type === 'image'
            ? null
            : mediaFileUrl(row.id, 'original', row.sha256.slice(0, 16), row.file_salt),
        // A sound or video browsers do not play is shown as its playable copy once it is made.
        playable: playable
          ? {
              url: mediaFileUrl(row.id, 'playable', version(playable.file_key), row.file_salt),
              format: playable.mime_type,
            }
          : null,
      },
      rights: row.rights,
    });
  }
  return items;
}

export async function getItemManifest(ctx: Ctx, id: string) {
  const item = (await manifestItems(ctx, [checkedId(id)])).get(id.toLowerCase());
  if (!item) throw hidden();
  item.people = (await listPublicNamedBoxes(ctx.db, [item.id])).get(item.id) ?? [];
  return itemManifest(ctx.config.publicUrl, item, await siteTitle(ctx));
}

export async function getSlideshowManifest(ctx: Ctx, id: string) {
  const show = await repo.getPublicSlideshow(ctx.db, checkedId(id));
  if (!show) throw hidden();
  const refs = await repo.listPublicSlideRefs(ctx.db, show.id);
  const items = await manifestItems(ctx, [...new Set(refs.map((r) => r.media_item_id))]);
  const slides = refs.flatMap((ref) => {
    const item = items.get(ref.media_item_id);
    return item ? [{ item, durationSeconds: ref.duration, caption: ref.caption }] : [];
  });
  return slideshowManifest(ctx.config.publicUrl, show, slides, await siteTitle(ctx));
}

/** Every public category as a collection, and every public slideshow. */
export async function getTopCollection(ctx: Ctx) {
  const base = ctx.config.publicUrl;
  const [categories, slideshows] = await Promise.all([
    repo.listPublicCategoryRefs(ctx.db),
    repo.listPublicSlideshows(ctx.db),
  ]);
  const entries: CollectionEntry[] = [
    ...categories.map((c) => ({
      id: presentationUrl.collection(base, c.id),
      type: 'Collection' as const,
      label: c.name,
    })),
    ...slideshows.map((s) => ({
      id: presentationUrl.slideshow(base, s.id),
      type: 'Manifest' as const,
      label: s.title,
    })),
  ];
  return collection(base, presentationUrl.collection(base, 'top'), TOP_COLLECTION_LABEL, entries, {
    siteTitle: await siteTitle(ctx),
  });
}

/** `after` of the next page: the last item's created_at and id, as the URL carries them. */
const cursorOf = (row: { created_key: string; id: string }) =>
  Buffer.from(`${row.created_key}|${row.id}`).toString('base64url');

function parseCursor(cursor: string | undefined) {
  if (cursor === undefined) return null;
  const [createdAt, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  // A timestamp as PostgreSQL writes it ('2026-11-25 18:20:01.123456+00'); anything else is no cursor of ours.
  if (!createdAt || !/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})?[+-]\d\d(:\d\d)?$/.test(createdAt))
    throw hidden();
  if (!id || !UUID.test(id)) throw hidden();
  return { createdAt, id };
}

/**
 * A public category's items as a collection of manifests, COLLECTION_PAGE at a time: a longer
 * category ends with a nested collection holding the next ones (Presentation 3 has no paging).
 */
export async function getCategoryCollection(ctx: Ctx, id: string, cursor?: string) {
  const base = ctx.config.publicUrl;
  const category = await repo.getPublicCategory(ctx.db, checkedId(id));
  if (!category) throw hidden();
  const rows = await repo.listPublicItemsInCategory(
    ctx.db,
    category.id,
    COLLECTION_PAGE + 1,
    parseCursor(cursor),
  );
  const page = rows.slice(0, COLLECTION_PAGE);
  const entries: CollectionEntry[] = page.map((row) => ({
    id: presentationUrl.item(base, row.id),
    type: 'Manifest',
    label: row.title,
  }));
  const self = `${presentationUrl.collection(base, category.id)}${cursor ? `?after=${cursor}` : ''}`;
  const last = page.at(-1);
  if (rows.length > COLLECTION_PAGE && last) {
    entries.push({
      id: `${presentationUrl.collection(base, category.id)}?after=${cursorOf(last)}`,
      type: 'Collection',
      label: `${category.name} (…)`,
    });
  }
  return collection(base, self, category.name, entries, {
    summary: category.description,
    siteTitle: await siteTitle(ctx),
  });
}
