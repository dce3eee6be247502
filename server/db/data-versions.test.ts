import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listPublicCategories } from '#server/features/categories/categories.service.ts';
import { getLatestDocument } from '#server/features/documents/documents.service.ts';
import {
  getGallerySummary,
  getTimeline,
  listFeatured,
  listGallery,
} from '#server/features/gallery/gallery.service.ts';
import { keptMediaFileRows } from '#server/features/files/files.service.ts';
import { getMediaItem } from '#server/features/media/media.service.ts';
import { getSiteSettings } from '#server/features/settings/settings.service.ts';
import { getLatestSlideshow } from '#server/features/slideshows/slideshows.service.ts';
import { getMessages } from '#server/features/translations/translations.service.ts';
import { listPlaces } from '#server/features/places/places.service.ts';
import type { AppContext } from '#server/http/context.ts';
import { POSTGRES_TEMPLATE, testEngine } from '../test/engine.ts';
import { replaceDerivatives } from '../media/derivatives/derivatives.repository.ts';
import { asRole, buildCategory, buildMedia, buildSubmission } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { recordingStatements } from '../test/recording-statements.ts';
import { scratchPostgres } from '../test/scratch-postgres.ts';
import { sharedAnswer } from './data-versions.ts';
import { VERSIONED_TABLES as FIRST_VERSIONED } from './migrations/20261127_0031_data_versions.ts';
import { TIMELINE_VERSIONED_TABLES } from './migrations/20261127_0033_timeline_counts.ts';
import { PLACES_VERSIONED_TABLES } from './migrations/20261127_0038_place_list.ts';
import { CONTRIBUTION_VERSIONED_TABLES } from './migrations/20261127_0042_versioned_contributions.ts';

const VERSIONED_TABLES = [
  ...FIRST_VERSIONED,
  ...TIMELINE_VERSIONED_TABLES,
  ...PLACES_VERSIONED_TABLES,
  ...CONTRIBUTION_VERSIONED_TABLES,
];

let t: TestApp;
/** A public item, whose page answer is kept too. */
let item: { id: string };
beforeAll(async () => {
  t = await createTestApp();
  item = await buildMedia(t, { title: 'Kirkjan í Kirkjubø', is_public: true });
});
afterAll(() => t.close());

/** A guest: these answers are the same for everyone. */
const ANONYMOUS = null;

const version = async () =>
  Number((await sql<{ version: string }>`select version from data_versions`.execute(t.db)).rows[0]?.version);

/** Every answer kept by server/db/data-versions.ts, as its service makes it. */
const SHARED: Record<string, (ctx: AppContext) => Promise<unknown>> = {
  'site settings': (ctx) => getSiteSettings(ctx, ANONYMOUS, {}),
  'latest document': (ctx) => getLatestDocument(ctx, ANONYMOUS, { category: 'mentanardagarnar' }),
  'latest slideshow': (ctx) => getLatestSlideshow(ctx, ANONYMOUS, {}),
  'gallery summary': (ctx) => getGallerySummary(ctx, ANONYMOUS, {}),
  'gallery featured': (ctx) => listFeatured(ctx, ANONYMOUS, {}),
  'public categories': (ctx) => listPublicCategories(ctx, ANONYMOUS, {}),
  'gallery page': (ctx) => listGallery(ctx, ANONYMOUS, { sort: 'newest', limit: 24 } as never),
  timeline: (ctx) => getTimeline(ctx, ANONYMOUS, { period: '1950s' }),
  texts: (ctx) => getMessages(ctx, ANONYMOUS, { lang: 'fo', scope: 'public' }),
  places: (ctx) => listPlaces(ctx, ANONYMOUS, {}),
  'gallery search': (ctx) => listGallery(ctx, ANONYMOUS, { q: 'kirkja', sort: 'newest', limit: 24 } as never),
  'timeline of a search': (ctx) => getTimeline(ctx, ANONYMOUS, { q: 'kirkja' }),
  // The item's page: the item, its files and its credits.
  'media item': (ctx) => getMediaItem(ctx, ANONYMOUS, { id: item.id }),
  // The rows a stored file is served from (who may have it is decided per request from them).
  'file rows': (ctx) => keptMediaFileRows(ctx)(item.id, 'thumb'),
};

describe('answers kept until the public content changes', () => {
  it('read only the tables whose changes move the version', async () => {
    const tables = (
      await sql<{ table_name: string }>`select table_name from information_schema.tables
        where table_schema = 'public'`.execute(t.db)
    ).rows.map((r) => r.table_name);
    for (const [name, make] of Object.entries(SHARED)) {
      // A database object of its own: nothing kept for it yet, so every query is sent.
      const { db, sent } = recordingStatements(t.db);
      await make({ ...t.ctx, db } as AppContext);
      const read = new Set<string>();
      for (const query of sent) {
        for (const [, table] of query.matchAll(/\b(?:from|join)\s+"?([a-z_]+)"?/gi)) {
          if (table && tables.includes(table)) read.add(table);
        }
      }
      read.delete('data_versions');
      expect(read.size, name).toBeGreaterThan(0);
      expect(
        [...read].filter((table) => !(VERSIONED_TABLES as readonly string[]).includes(table)),
        name,
      ).toEqual([]);
    }
  });

  it('are made once while nothing changes, and again after any committed change, however it was made', async () => {
    const anonymous = await asRole(t, 'anonymous');
    const titles = async () =>
      ((await anonymous.get('/api/gallery')).json() as { items: { title: string }[] }).items.map(
        (i) => i.title,
      );
    await buildMedia(t, { title: 'Fyrsta', is_public: true });
    expect(await titles()).toContain('Fyrsta');
    const before = await version();
    expect(await titles()).toContain('Fyrsta');
    expect(await version()).toBe(before);

    // A change written straight to the database (as a job or a script writes it), not through the API.
    await buildMedia(t, { title: 'Onnur', is_public: true });
    expect(await version()).toBeGreaterThan(before);
    expect(await titles()).toContain('Onnur');
    await sql`update media_items set title = 'Broytt' where title = 'Onnur'`.execute(t.db);
    expect(await titles()).toContain('Broytt');

    // Through the API: a category made by staff is in the next answer.
    const admin = await asRole(t, 'admin');
    const names = async () =>
      ((await anonymous.get('/api/categories')).json() as { categories: { name: string }[] }).categories.map(
        (c) => c.name,
      );
    expect(await names()).not.toContain('Nýggj');
    const made = await admin.post('/api/admin/categories', { name: 'Nýggj', isPublic: true });
    expect(made.statusCode).toBeLessThan(300);
    expect(await names()).toContain('Nýggj');
  });

  it("an item's answer shows a credit accepted however it was written, and a search the item changed", async () => {
    const anonymous = await asRole(t, 'anonymous');
    const credits = async () =>
      ((await anonymous.get(`/api/media/${item.id}`)).json() as { media: { credits?: { name: string }[] } })
        .media.credits;
    const search = async () =>
      ((await anonymous.get('/api/gallery?q=kirkjub')).json() as { items: { id: string }[] }).items.map(
        (i) => i.id,
      );
    expect(await credits()).toEqual([]);
    expect(await search()).toEqual([item.id]);
    // Written straight to the database, as a script would: no write through the API drops anything.
    await sql`insert into contributions (media_id, who, contributor_name, status, reviewed_at)
      values (${item.id}, 'Mín abbi', 'Jóna', 'accepted', now())`.execute(t.db);
    expect((await credits())?.map((c) => c.name)).toEqual(['Jóna']);
    await sql`update media_items set title = 'Havnar kirkja' where id = ${item.id}`.execute(t.db);
    expect(await search()).toEqual([]);
    await sql`update media_items set is_public = false where id = ${item.id}`.execute(t.db);
    expect((await anonymous.get(`/api/media/${item.id}`)).statusCode).toBe(404);
    // Content staff are given the item they manage, never the guests' answer.
    const editor = await asRole(t, 'editor');
    expect((await editor.get(`/api/media/${item.id}`)).statusCode).toBe(200);
    await sql`update media_items set is_public = true, title = 'Kirkjan í Kirkjubø' where id = ${item.id}`.execute(
      t.db,
    );
  });

  it('keep a crowd of searches and items apart from the home page’s answers, each pool bounded', async () => {
    let made = 0;
    const make = async () => {
      made += 1;
      return { made };
    };
    const home = await sharedAnswer(t.db, 'pool test: home', make);
    for (let i = 0; i < 400; i++) await sharedAnswer(t.db, `pool test: search ${i}`, make, 'searches');
    for (let i = 0; i < 400; i++) await sharedAnswer(t.db, `pool test: item ${i}`, make, 'items');
    expect(made).toBe(801);
    // The home page's answer outlived them all; the oldest searches were let go.
    expect(await sharedAnswer(t.db, 'pool test: home', make)).toBe(home);
    await sharedAnswer(t.db, 'pool test: search 399', make, 'searches');
    expect(made).toBe(801);
    await sharedAnswer(t.db, 'pool test: search 0', make, 'searches');
    expect(made).toBe(802);
  });

  it('are never made from a change that is not committed', async () => {
    const category = await buildCategory(t, { name: 'Óbroytt', is_public: true });
    const anonymous = await asRole(t, 'anonymous');
    const names = async () =>
      ((await anonymous.get('/api/categories')).json() as { categories: { name: string }[] }).categories.map(
        (c) => c.name,
      );
    expect(await names()).toContain('Óbroytt');
    await t.db
      .transaction()
      .execute(async (trx) => {
        await sql`update categories set name = 'Aldri' where id = ${category.id}`.execute(trx);
        throw new Error('rolled back');
      })
      .catch(() => {});
    expect(await names()).toContain('Óbroytt');
    expect(await names()).not.toContain('Aldri');
  });

  it("move with an item's pictures, never with a submission's (private until staff approve it)", async () => {
    const submission = await buildSubmission(t);
    const own = await buildMedia(t, { is_public: true });
    const pictures = (owner: string) =>
      [{ variant: 'thumb' as const, width: 40, height: 30 }].map((size) => ({
        ...size,
        fileKey: `derivatives/${owner}/thumb-v.webp`,
        mimeType: 'image/webp',
        fileSize: 1,
        watermarked: false,
      }));
    const before = await version();
    // A contributor's photo being made into its pictures while it waits: written, changed, deleted.
    await replaceDerivatives(t.db, 'submission', submission.id, pictures(submission.id));
    await sql`update derivatives set width = 41 where owner_id = ${submission.id}`.execute(t.db);
    await replaceDerivatives(t.db, 'submission', submission.id, []);
    expect(await version()).toBe(before);
    // An item's: each moves it.
    await replaceDerivatives(t.db, 'media', own.id, pictures(own.id));
    expect(await version()).toBe(before + 1);
    await sql`update derivatives set width = 41 where owner_id = ${own.id}`.execute(t.db);
    expect(await version()).toBe(before + 2);
    await sql`delete from derivatives where owner_id = ${own.id}`.execute(t.db);
    expect(await version()).toBe(before + 3);
    // A submission's picture given to the item approving it made moves it too.
    await replaceDerivatives(t.db, 'submission', submission.id, pictures(submission.id));
    expect(await version()).toBe(before + 3);
    await sql`update derivatives set owner_type = 'media', owner_id = ${own.id}
      where owner_id = ${submission.id}`.execute(t.db);
    expect(await version()).toBe(before + 4);
  });

  it('move the version once per transaction, however many rows it changes', async () => {
    const before = await version();
    await t.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 20; i++) {
        await sql`insert into categories (name, is_public) values (${`Mong ${i}`}, true)`.execute(trx);
      }
      await sql`update categories set description = 'x' where name like 'Mong %'`.execute(trx);
    });
    expect(await version()).toBe(before + 1);
  });
});

describe.runIf(testEngine() === 'postgres')('the version on PostgreSQL', () => {
  it('is bumped at commit: a writer holding rows never holds the version, so writers never deadlock on it', async () => {
    const scratch = await scratchPostgres({ prefix: 'archive_versions', template: POSTGRES_TEMPLATE });
    const first = new pg.Client({ connectionString: scratch.url });
    const second = new pg.Client({ connectionString: scratch.url });
    await first.connect();
    await second.connect();
    try {
      await first.query(`insert into categories (name, is_public) values ('A', true), ('B', true)`);
      // The first writer changes a category and keeps its transaction open (its row lock held) …
      await first.query('begin');
      await first.query(`update categories set description = 'first' where name = 'A'`);
      // … a second writer changes another table and commits without waiting for it: the version
      // row, bumped at each commit, is not held by the open transaction.
      await second.query('begin');
      await second.query(`update categories set description = 'second' where name = 'B'`);
      await second.query('commit');
      const { rows } = await second.query(`select version from data_versions`);
      await first.query('commit');
      const after = await second.query(`select version from data_versions`);
      expect(Number(after.rows[0].version)).toBe(Number(rows[0].version) + 1);
    } finally {
      await first.end();
      await second.end();
      await scratch.drop({ force: true });
    }
  });
});
