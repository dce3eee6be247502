import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GalleryItem } from '#common/api/gallery.ts';
import type { MediaItem } from '#common/api/media.ts';
import { toNumber } from '#server/db/database.ts';
import { buildUser, createTestApp, type TestApp } from '#server/test/harness.ts';
import { htmlNamedJpg, imageFixture } from '#server/test/fixtures.ts';
import { DEMO_CATEGORIES, DEMO_ITEMS } from './demo/catalogue.ts';
import {
  DEMO_ACCOUNT_EMAIL,
  expectedVariants,
  SeedRefusedError,
  type SeedSummary,
  seedDemo,
} from './demo/seed.ts';

/** Every stored file under the test app's file store (the local blob store's folder). */
function storedFiles(t: TestApp): string[] {
  const root = join(t.dataDir, 'files');
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (name.startsWith('.')) return [];
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  try {
    return walk(root);
  } catch {
    return [];
  }
}

async function count(t: TestApp, table: 'media_items' | 'categories' | 'documents' | 'slideshows' | 'users') {
  const row = await t.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return toNumber(row.n);
}

describe('demo seed on a fresh archive', () => {
  let t: TestApp;
  let summary: SeedSummary;
  beforeAll(async () => {
    t = await createTestApp();
    summary = await seedDemo(t.ctx, t.jobs);
  }, 600_000);
  afterAll(() => t?.close());

  it('adds the catalogue: five public categories and about forty public items of all four types', async () => {
    expect(summary.categories).toBe(5);
    expect(summary.media).toEqual({ image: 28, video: 2, audio: 6, document: 3 });
    const categories = (await t.app.inject('/api/categories')).json().categories as { name: string }[];
    expect(categories.map((c) => c.name).sort()).toEqual(
      Object.values(DEMO_CATEGORIES)
        .map((c) => c.name)
        .sort(),
    );
    const page = (await t.app.inject('/api/gallery?limit=48')).json();
    const items = page.items as GalleryItem[];
    expect(items).toHaveLength(DEMO_ITEMS.length);
    // Newest first is the catalogue's own order.
    expect(items.map((i) => i.title)).toEqual(DEMO_ITEMS.map((i) => i.title));
    const statuses = new Set<string>();
    for (const item of items) {
      expect(item.category, item.title).not.toBeNull();
      expect(item.photographer ?? item.location, item.title).toBeTruthy();
      expect(item.originalDate, item.title).toBeTruthy();
      // A card carries what a card shows; the whole item is its own answer.
      const full = (await t.app.inject(`/api/media/${item.id}`)).json().media as MediaItem;
      expect(full.keywords.length, item.title).toBeGreaterThan(0);
      expect(full.attributionText, item.title).toMatch(/Debian|npm/);
      statuses.add(full.copyrightStatus);
    }
    expect(statuses.size).toBeGreaterThanOrEqual(4);
  });

  it('features at most six items, which the featured strip shows', async () => {
    const featured = (await t.app.inject('/api/gallery/featured')).json().items as GalleryItem[];
    expect(featured.length).toBeGreaterThan(0);
    expect(featured.length).toBeLessThanOrEqual(6);
    expect(featured.length).toBe(DEMO_ITEMS.filter((i) => i.featured).length);
  });

  it('makes a public slideshow of eight images with their durations and captions', async () => {
    const latest = (await t.app.inject('/api/slideshows/latest')).json().slideshow;
    expect(latest).toEqual({ id: summary.slideshow.id, title: 'Gøta í myndum' });
    const res = await t.app.inject(`/api/slideshows/${latest.id}`);
    expect(res.statusCode).toBe(200);
    const slides = res.json().slideshow.slides as {
      duration: number;
      caption: string | null;
      media: { mediaType: string; files: { display: string | null } };
    }[];
    expect(slides).toHaveLength(8);
    expect(slides.every((s) => s.media.mediaType === 'image' && s.media.files.display)).toBe(true);
    expect(slides.map((s) => s.duration)).toEqual(
      DEMO_ITEMS.filter((i) => i.slide)
        .sort((a, b) => a.slide!.order - b.slide!.order)
        .map((i) => i.slide!.duration),
    );
    expect(slides.every((s) => s.caption)).toBe(true);
  });

  it('uploads the public mentanardagarnar document for the header button, downloadable', async () => {
    const document = (await t.app.inject('/api/documents/latest')).json().document;
    expect(document).toMatchObject({ title: 'Mentanardagar 2025 – skrá', category: 'mentanardagarnar' });
    const file = await t.app.inject(document.url);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('leaves every item processed with the derivatives its type needs, each one served', async () => {
    const rows = await t.db
      .selectFrom('media_items')
      .select(['id', 'title', 'media_type', 'mime_type', 'processing_status'])
      .execute();
    expect(rows).toHaveLength(DEMO_ITEMS.length);
    const queued = await t.db.selectFrom('jobs').select('status').where('status', '!=', 'done').execute();
    expect(queued).toEqual([]);
    for (const row of rows) {
      expect(row.processing_status, row.title).toBe('ready');
      const variants = await t.db
        .selectFrom('derivatives')
        .select('variant')
        .where('owner_type', '=', 'media')
        .where('owner_id', '=', row.id)
        .execute();
      expect(variants.map((v) => v.variant).sort(), row.title).toEqual(
        expectedVariants(row.media_type, row.mime_type),
      );
    }
    // Images must have all three; with ffmpeg here (the test machine has it) video and audio too.
    expect(expectedVariants('video', 'video/mp4')).toEqual(['poster', 'thumb']);
    expect(expectedVariants('video', 'video/x-msvideo')).toEqual(['playable', 'poster', 'thumb']);
    expect(expectedVariants('audio', 'audio/mpeg')).toEqual(['waveform']);
    const { media } = (
      await t.app.inject(`/api/media/${rows.find((r) => r.media_type === 'video')!.id}`)
    ).json();
    const poster = await t.app.inject(media.files.poster);
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/webp');
  });

  it('attributes the content to a deactivated account when there is no admin, which cannot sign in', async () => {
    const account = await t.db
      .selectFrom('users')
      .select(['id', 'role', 'is_active'])
      .where('email', '=', DEMO_ACCOUNT_EMAIL)
      .executeTakeFirstOrThrow();
    expect(account).toMatchObject({ role: 'editor', is_active: false });
    const owners = await t.db.selectFrom('media_items').select('created_by').distinct().execute();
    expect(owners).toEqual([{ created_by: account.id }]);
  });

  it('refuses a second run on the now non-empty archive and changes nothing', async () => {
    const before = await count(t, 'media_items');
    await expect(seedDemo(t.ctx, t.jobs)).rejects.toThrow(SeedRefusedError);
    await expect(seedDemo(t.ctx, t.jobs)).rejects.toThrow(
      `The archive already has ${before} media items; demo content is only added to an empty archive. Run with --force to add it anyway.`,
    );
    expect(await count(t, 'media_items')).toBe(before);
    expect(await count(t, 'categories')).toBe(5);
  });
});

describe('demo seed failing halfway', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('removes what it had added (rows and stored files), so the archive is empty again', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    const good = await imageFixture('jpeg', { width: 320, height: 240, name: 'good.jpg' });
    const bad = await htmlNamedJpg('bad.jpg');
    await expect(
      seedDemo(t.ctx, t.jobs, {
        extraImageCount: 2,
        // The first extra image is stored; the second is an HTML page the ingest refuses.
        extraImages: async (i) => ({
          path: i === 0 ? good : bad,
          fileName: `extra-${i}.jpg`,
          title: `Extra ${i}`,
        }),
      }),
    ).rejects.toThrow();
    expect(await count(t, 'media_items')).toBe(0);
    expect(await count(t, 'categories')).toBe(0);
    expect(await count(t, 'documents')).toBe(0);
    expect(await count(t, 'slideshows')).toBe(0);
    expect(await t.db.selectFrom('jobs').selectAll().execute()).toEqual([]);
    expect(await t.db.selectFrom('activity_logs').selectAll().execute()).toEqual([]);
    expect(storedFiles(t)).toEqual([]);
    // The content would have been the existing admin's; that account is untouched.
    expect(await count(t, 'users')).toBe(1);
    expect((await t.db.selectFrom('users').select('email').executeTakeFirstOrThrow()).email).toBe(
      admin.email,
    );
  });
});
