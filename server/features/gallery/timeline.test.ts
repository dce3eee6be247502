import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIMELINE_SEARCH_LIMIT } from '#common/timeline.ts';
import * as timelineMigration from '#server/db/migrations/20261127_0033_timeline_counts.ts';
import { originalDateColumns } from '#server/features/media/original-date.ts';
import { buildCategory, buildMedia, buildMediaMany } from '#server/test/factories.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';

/**
 * The home page's timeline (issue 28 §2): the counts the database keeps (migration 0033), the
 * period rule (an item is in a period when its whole span lies inside it), and the period as one
 * of the gallery's filters with search, category and type.
 */
let t: TestApp;
let places: string;
const ids: Record<string, string> = {};

/** Written date → title; each is one public image unless said otherwise. */
const DATED: [string, string | null][] = [
  ['Um 1950', 'c. 1950'],
  ['Fimmti árini', '1950s'],
  ['Kríggið', '1940–1945'],
  ['Yvir tíggjuskiftið', '1948–1952'],
  ['Áðrenn 1930', 'before 1930'],
  ['Árið 1952', '1952'],
  ['Ein dagur', '1952-06-14'],
  ['Summarið', 'summer 1962'],
  ['Ódaterað', null],
];

beforeAll(async () => {
  t = await createTestApp();
  places = (await buildCategory(t, { name: 'Bygdir' })).id;
  for (const [title, date] of DATED) {
    ids[title] = (await buildMedia(t, { title, is_public: true, ...originalDateColumns(date) })).id;
  }
  // In 1952 too, but in a category, as a video, and one not public.
  ids.video = (
    await buildMedia(t, {
      title: 'Sjónvarp',
      media_type: 'video',
      category_id: places,
      is_public: true,
      ...originalDateColumns('June 1952'),
    })
  ).id;
  ids.hidden = (
    await buildMedia(t, { title: 'Loynt 1952', is_public: false, ...originalDateColumns('1952') })
  ).id;
});
afterAll(() => t.close());

const timeline = async (query = '') => {
  const res = await t.app.inject(`/api/gallery/timeline${query ? `?${query}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    decades: { period: string; items: number }[];
    years: { period: string; items: number }[];
    complete: boolean;
  };
};
const asMap = (list: { period: string; items: number }[]) =>
  Object.fromEntries(list.map((p) => [p.period, p.items]));

const titles = async (query: string) => {
  const res = await t.app.inject(`/api/gallery?${query}&limit=100`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: { title: string }[] }).items.map((i) => i.title).sort();
};

/** The counts made from scratch: what the kept figures must always equal. */
async function recounted() {
  const { rows } = await sql<{ key: string; items: string }>`
    select concat_ws('|', p, coalesce(category_id::text, ''), media_type, is_public) as key, count(*)::text as items
    from media_items cross join lateral timeline_periods(original_date_earliest, original_date_latest) p
    group by 1`.execute(t.db);
  return Object.fromEntries(rows.map((r) => [r.key, Number(r.items)]));
}
async function kept() {
  const { rows } = await sql<{ key: string; items: string }>`
    select concat_ws('|', period, category, media_type, is_public) as key, items::text as items
    from timeline_counts where items <> 0`.execute(t.db);
  return Object.fromEntries(rows.map((r) => [r.key, Number(r.items)]));
}

describe('the timeline', () => {
  it('places an item in a period only when its whole span lies inside it, the undated nowhere', async () => {
    const all = await timeline();
    // 1940s: 1940–1945. 1950s: c. 1950, 1950s, 1952, 14 June 1952, the video. 1960s: summer 1962.
    expect(asMap(all.decades)).toEqual({ '1940s': 1, '1950s': 5, '1960s': 1 });
    expect(all.decades.map((d) => d.period)).toEqual(['1940s', '1950s', '1960s']);
    expect(all.years).toEqual([]);
    expect(all.complete).toBe(true);

    const fifties = await timeline('period=1950s');
    expect(asMap(fifties.years)).toEqual({ '1950': 1, '1952': 3 });
    expect(fifties.years.map((y) => y.period)).toEqual(['1950', '1952']);
    // A year shows its decade's years too.
    expect((await timeline('period=1952')).years).toEqual(fifties.years);

    expect(await titles('period=1950s')).toEqual(
      ['Um 1950', 'Fimmti árini', 'Árið 1952', 'Ein dagur', 'Sjónvarp'].sort(),
    );
    expect(await titles('period=1950')).toEqual(['Um 1950']);
    expect(await titles('period=1952')).toEqual(['Árið 1952', 'Ein dagur', 'Sjónvarp'].sort());
    expect(await titles('period=1940s')).toEqual(['Kríggið']);
    // Never at a default year: nothing undated or open-ended in any period.
    for (const period of ['1970s', '1970', '1920s', '1930', '1930s', '10s']) {
      expect(await titles(`period=${period}`), period).toEqual([]);
    }
  });

  it('refuses what is no period', async () => {
    for (const bad of ['1955s', '195', 'x', '19500', '-1950', '1950-1959', '0s', '0', '01950']) {
      const res = await t.app.inject(`/api/gallery?period=${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBe(bad === '195' ? 200 : 400);
    }
  });

  it('combines the period with search, category and type in one filter', async () => {
    expect(await titles('period=1952&type=video')).toEqual(['Sjónvarp']);
    expect(await titles(`period=1952&category=${places}`)).toEqual(['Sjónvarp']);
    expect(await titles('period=1952&type=image')).toEqual(['Árið 1952', 'Ein dagur'].sort());
    expect(await titles('period=1950s&q=dagur')).toEqual(['Ein dagur']);
    expect(await titles('period=1940s&q=dagur')).toEqual([]);
    expect(await titles('type=video')).toEqual(['Sjónvarp']);

    expect(asMap((await timeline('type=video')).decades)).toEqual({ '1950s': 1 });
    expect(asMap((await timeline(`category=${places}&period=1950s`)).years)).toEqual({ '1952': 1 });
    // With a search the counts are made over its matches.
    const searched = await timeline('q=%C3%A1rini&period=1950s');
    expect(asMap(searched.decades)).toEqual({ '1950s': 1 });
    expect(searched.years).toEqual([]);
    expect(searched.complete).toBe(true);
  });

  it('sorts by date taken on the earliest day, the undated last', async () => {
    const res = await t.app.inject('/api/gallery?sort=taken&limit=100');
    const order = (res.json() as { items: { title: string }[] }).items.map((i) => i.title);
    expect(order.slice(0, 2)).toEqual(['Kríggið', 'Yvir tíggjuskiftið']);
    // The same earliest day (1950-01-01) for "c. 1950" and "1950s".
    expect(order.slice(2, 4).sort()).toEqual(['Fimmti árini', 'Um 1950'].sort());
    expect(order.slice(4, 7)).toEqual(['Árið 1952', 'Sjónvarp', 'Ein dagur']);
    // "before 1930" has no earliest day: last with the undated, never at a default year.
    expect(order.at(-3)).toBe('Summarið');
    expect(order.slice(-2).sort()).toEqual(['Ódaterað', 'Áðrenn 1930'].sort());
  });

  it('gives an item\'s page the decade its date lies in, for "more from this decade"', async () => {
    const decade = async (title: string) =>
      (
        (await t.app.inject(`/api/media/${ids[title]}`)).json() as {
          media: { originalDateDecade: string | null };
        }
      ).media.originalDateDecade;
    expect(await decade('Um 1950')).toBe('1950s');
    expect(await decade('Ein dagur')).toBe('1950s');
    expect(await decade('Kríggið')).toBe('1940s');
    expect(await decade('Yvir tíggjuskiftið')).toBeNull();
    expect(await decade('Áðrenn 1930')).toBeNull();
    expect(await decade('Ódaterað')).toBeNull();
  });

  it('keeps its counts right through insert, update, publish, unpublish and delete, in bulk too', async () => {
    expect(await kept()).toEqual(await recounted());
    const many = await buildMediaMany(t, 40, (i) => ({
      is_public: i % 2 === 0,
      media_type: i % 3 === 0 ? 'audio' : 'image',
      category_id: i % 4 === 0 ? places : null,
      ...originalDateColumns(i % 5 === 0 ? null : `${1900 + i}`),
    }));
    expect(await kept()).toEqual(await recounted());
    const before = asMap((await timeline()).decades)['1910s'] ?? 0;

    // Publish all, change dates, types and categories, in one statement and one at a time.
    await sql`update media_items set is_public = true where id = any(${many.map((m) => m.id)}::uuid[])`.execute(
      t.db,
    );
    expect(asMap((await timeline()).decades)['1910s']).toBeGreaterThan(before);
    const newDate = originalDateColumns('1930s');
    await sql`update media_items set original_date_edtf = ${newDate.original_date_edtf},
      original_date_earliest = ${newDate.original_date_earliest}::date,
      original_date_latest = ${newDate.original_date_latest}::date
      where id = any(${many.slice(0, 10).map((m) => m.id)}::uuid[])`.execute(t.db);
    await sql`update media_items set media_type = 'document', category_id = null where id = ${many[12]!.id}`.execute(
      t.db,
    );
    await sql`update media_items set title = 'Bert heitið' where id = ${many[13]!.id}`.execute(t.db);
    await sql`update media_items set is_public = false where id = ${ids.video!}`.execute(t.db);
    expect(await kept()).toEqual(await recounted());
    expect(asMap((await timeline('type=video')).decades)).toEqual({});

    await sql`delete from media_items where id = any(${many.slice(5, 30).map((m) => m.id)}::uuid[])`.execute(
      t.db,
    );
    await sql`delete from media_items where id = ${ids.Kríggið!}`.execute(t.db);
    expect(await kept()).toEqual(await recounted());
    expect(asMap((await timeline()).decades)['1940s']).toBeUndefined();

    await sql`update media_items set is_public = true where id = ${ids.video!}`.execute(t.db);
    expect(asMap((await timeline('type=video')).decades)).toEqual({ '1950s': 1 });
    expect(await kept()).toEqual(await recounted());
  });

  it('counts what the archive already holds when the migration runs', async () => {
    const figures = await kept();
    await timelineMigration.down(t.db);
    await timelineMigration.up(t.db);
    expect(await kept()).toEqual(figures);
    expect(await kept()).toEqual(await recounted());
  });

  it('counts a search over at most its first matches, and says so', async () => {
    await sql`insert into media_items (title, media_type, file_key, file_name, file_size, mime_type, sha256,
        is_public, original_date, original_date_edtf, original_date_earliest, original_date_latest)
      select 'Fjøldi ' || i, 'image', 'media/test/many-' || i, 'f.jpg', 1, 'image/jpeg', md5(i::text) || md5(i::text),
        true, '1960', '1960', date '1960-01-01', date '1960-12-31'
      from generate_series(1, ${TIMELINE_SEARCH_LIMIT + 1}) i`.execute(t.db);
    const searched = await timeline('q=fj%C3%B8ldi');
    expect(searched.complete).toBe(false);
    expect(asMap(searched.decades)).toEqual({ '1960s': TIMELINE_SEARCH_LIMIT });
    // Without a search the kept figures count them all.
    const all = await timeline();
    expect(all.complete).toBe(true);
    expect(asMap(all.decades)['1960s']).toBe(TIMELINE_SEARCH_LIMIT + 2);
    expect(await kept()).toEqual(await recounted());
  });
});
