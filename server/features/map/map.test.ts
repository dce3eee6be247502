import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MapClusters, MapItems } from '#common/api/map.ts';
import {
  cellKeyRange,
  cellOf,
  MAP_ITEMS_LIMIT,
  MAP_LIST_LIMIT,
  mercatorX,
  mercatorY,
  mortonKey,
  POINT_LEVEL,
} from '#common/map.ts';
import { originalDateColumns } from '#server/features/media/media.public.ts';
import { replaceDerivatives } from '#server/media/derivatives/derivatives.repository.ts';
import { buildCategory, buildMedia, buildMediaMany } from '#server/test/factories.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';

/**
 * The map (issue 28 §4): the basemap the archive serves, and the clusters of GET /api/map/clusters
 * from the counts the database keeps (migration 0039) or, for fine views and searches, from the
 * items: every public located item the filters select counted once, private ones never.
 */
let t: TestApp;
let boats: string;
const ids: Record<string, string> = {};

/** Points in villages of the Faroe Islands (approximate, enough for a test). */
const TORSHAVN = { latitude: 62.0107, longitude: -6.7741 };
const KLAKSVIK = { latitude: 62.2266, longitude: -6.589 };
const VAGUR = { latitude: 61.4733, longitude: -6.8106 };
const FAROES = '-7.8,61.35,-6.2,62.45';

beforeAll(async () => {
  t = await createTestApp();
  boats = (await buildCategory(t, { name: 'Bátar' })).id;
  ids.havn52 = (
    await buildMedia(t, {
      title: 'Havnin 1952',
      is_public: true,
      ...TORSHAVN,
      ...originalDateColumns('1952'),
    })
  ).id;
  ids.havn50s = (
    await buildMedia(t, {
      title: 'Havnin í fimmti árunum',
      is_public: true,
      latitude: TORSHAVN.latitude + 0.0004,
      longitude: TORSHAVN.longitude + 0.0004,
      ...originalDateColumns('1950s'),
    })
  ).id;
  ids.klaksvik = (
    await buildMedia(t, {
      title: 'Klaksvík bátur',
      media_type: 'video',
      category_id: boats,
      is_public: true,
      ...KLAKSVIK,
      ...originalDateColumns('1962'),
    })
  ).id;
  ids.hidden = (
    await buildMedia(t, {
      title: 'Loynd Havnin',
      is_public: false,
      ...TORSHAVN,
      ...originalDateColumns('1952'),
    })
  ).id;
  ids.nowhere = (
    await buildMedia(t, { title: 'Ongin staður', is_public: true, ...originalDateColumns('1952') })
  ).id;
  // Thirty in Vágur, in the 1930s, a few metres apart.
  await buildMediaMany(t, 30, (i) => ({
    title: `Vágur ${i}`,
    is_public: true,
    latitude: VAGUR.latitude + i * 0.00003,
    longitude: VAGUR.longitude + i * 0.00003,
    ...originalDateColumns('1935'),
  }));
  // Either side of the 180° meridian.
  ids.east = (await buildMedia(t, { title: 'Eystan', is_public: true, latitude: -17, longitude: 179.5 })).id;
  ids.west = (await buildMedia(t, { title: 'Vestan', is_public: true, latitude: -17, longitude: -179.5 })).id;
  await replaceDerivatives(t.db, 'media', ids.klaksvik, [
    {
      variant: 'thumb',
      fileKey: `media/${ids.klaksvik}/thumb/abc.webp`,
      mimeType: 'image/webp',
      fileSize: 1,
      width: 10,
      height: 10,
      watermarked: false,
    },
  ]);
});
afterAll(() => t.close());

async function clusters(query: string): Promise<MapClusters> {
  const res = await t.app.inject(`/api/map/clusters?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as MapClusters;
}

/** Every item an answer names, and its total checked against its clusters and items. */
function checked(answer: MapClusters) {
  const counted = answer.clusters.reduce((sum, c) => sum + c.items, 0) + answer.items.length;
  expect(counted).toBe(answer.total);
  for (const c of answer.clusters) expect(c.items).toBeGreaterThan(0);
  return answer;
}

/** The kept counts made from scratch: what map_cells must always equal. */
async function recounted() {
  const { rows } = await sql<{ key: string; items: string }>`
    select concat_ws('|', c.level, c.x, c.y, c.period, coalesce(m.category_id::text, ''), m.media_type) as key,
      count(*)::text as items
    from media_items m cross join lateral map_cell_rows(m.latitude, m.longitude, m.original_date_earliest, m.original_date_latest) c
    where m.is_public and m.latitude is not null group by 1`.execute(t.db);
  return Object.fromEntries(rows.map((r) => [r.key, Number(r.items)]));
}
async function kept() {
  const { rows } = await sql<{ key: string; items: string }>`
    select concat_ws('|', level, x, y, period, category, media_type) as key, items::text as items
    from map_cells where items <> 0`.execute(t.db);
  return Object.fromEntries(rows.map((r) => [r.key, Number(r.items)]));
}

describe('GET /api/map/basemap', () => {
  it('serves the region’s coastline from the archive itself, with its credit and an ETag', async () => {
    const res = await t.app.inject('/api/map/basemap');
    expect(res.statusCode).toBe(200);
    const body = res.json() as {
      region: number[];
      land: { features: { geometry: { type: string; coordinates: number[][][][] } }[] };
      attribution: string;
      tiles: unknown;
    };
    expect(body.region).toEqual([-7.8, 61.35, -6.2, 62.45]);
    expect(body.attribution).toMatch(/Natural Earth/);
    expect(body.tiles).toBeNull();
    const polygons = body.land.features[0]!.geometry.coordinates;
    // The Faroe Islands are many islands; nothing of the rest of the world is sent.
    expect(polygons.length).toBeGreaterThan(5);
    for (const [lon, lat] of polygons.flat(2) as unknown as [number, number][]) {
      expect(lon).toBeGreaterThanOrEqual(-8.8);
      expect(lon).toBeLessThanOrEqual(-5.2);
      expect(lat).toBeGreaterThanOrEqual(60.35);
      expect(lat).toBeLessThanOrEqual(63.45);
    }
    // Streymoy (with Tórshavn) is land.
    expect(polygons.some((p) => p[0]!.length > 20)).toBe(true);
    const again = await t.app.inject({
      url: '/api/map/basemap',
      headers: { 'if-none-match': res.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it('names the installation’s tile server and its credit when it has one', async () => {
    const other = await createTestApp({
      config: {
        map: {
          region: [5, 45, 15, 55],
          tileUrl: 'https://tiles.example.org/{z}/{x}/{y}.png',
          tileAttribution: '© Example',
        },
      },
    });
    try {
      const res = await other.app.inject('/api/map/basemap');
      const body = res.json() as { region: number[]; tiles: unknown };
      expect(body.region).toEqual([5, 45, 15, 55]);
      expect(body.tiles).toEqual({
        url: 'https://tiles.example.org/{z}/{x}/{y}.png',
        attribution: '© Example',
      });
      // The browser may fetch the tiles from there, and from nowhere else.
      const page = await other.app.inject('/api/health');
      expect(String(page.headers['content-security-policy'])).toContain('https://tiles.example.org');
    } finally {
      await other.close();
    }
  });
});

describe('GET /api/map/clusters', () => {
  it('counts every public located item of the view once, at every zoom', async () => {
    for (let zoom = 0; zoom <= 18; zoom++) {
      const answer = checked(await clusters(`bbox=${FAROES}&zoom=${zoom}`));
      expect(answer.total, `zoom ${zoom}`).toBe(33);
      expect(answer.complete).toBe(true);
    }
  });

  it('names single items with their title and thumbnail, and zooms clusters into their cell', async () => {
    const overview = checked(await clusters(`bbox=${FAROES}&zoom=8`));
    const klaksvik = overview.items.find((i) => i.id === ids.klaksvik);
    expect(klaksvik).toMatchObject({ title: 'Klaksvík bátur', mediaType: 'video' });
    expect(klaksvik!.thumb).toMatch(new RegExp(`^/files/media/${ids.klaksvik}/thumb\\?v=`));
    const vagur = overview.clusters.find((c) => c.items === 30)!;
    expect(vagur.lat).toBeCloseTo(VAGUR.latitude + 14.5 * 0.00003, 6);
    const [west, south, east, north] = vagur.bounds;
    expect(
      west < VAGUR.longitude && VAGUR.longitude < east && south < VAGUR.latitude && VAGUR.latitude < north,
    ).toBe(true);
    // Close in, each of Vágur's is on its own.
    const close = checked(await clusters(`bbox=-6.82,61.47,-6.80,61.48&zoom=18`));
    expect(close.clusters).toEqual([]);
    expect(close.items.map((i) => i.title).sort()).toHaveLength(30);
  });

  it('shows what the gallery’s search, category, type and period select', async () => {
    for (const zoom of [5, 8, 11, 15, 17]) {
      const total = async (filter: string) =>
        checked(await clusters(`bbox=${FAROES}&zoom=${zoom}&${filter}`)).total;
      expect(await total('period=1950s'), `zoom ${zoom}`).toBe(2);
      expect(await total('period=1952')).toBe(1);
      expect(await total('period=1930s')).toBe(30);
      expect(await total('period=1960s&type=video')).toBe(1);
      expect(await total('type=image')).toBe(32);
      expect(await total(`category=${boats}`)).toBe(1);
      expect(await total(`category=${boats}&period=1950s`)).toBe(0);
      expect(await total('q=havnin')).toBe(2);
      expect(await total('q=havnin&period=1952')).toBe(1);
      expect(await total('q=v%C3%A1gur')).toBe(30);
    }
    const one = checked(await clusters(`bbox=${FAROES}&zoom=8&period=1952`));
    expect(one.items.map((i) => i.id)).toEqual([ids.havn52]);
  });

  it('shows the items of a place of the list ("more from this place"), with the other filters', async () => {
    const { rows } = await sql<{ id: string }>`select id from places where name_fo = 'Tórshavn'`.execute(
      t.db,
    );
    const torshavn = rows[0]!.id;
    await sql`update media_items set place_id = ${torshavn} where id in (${ids.havn52}, ${ids.hidden})`.execute(
      t.db,
    );
    try {
      for (const zoom of [5, 8, 11, 15, 17]) {
        const total = async (filter: string) =>
          checked(await clusters(`bbox=${FAROES}&zoom=${zoom}&${filter}`)).total;
        expect(await total(`place=${torshavn}`), `zoom ${zoom}`).toBe(1);
        expect(await total(`place=${torshavn}&period=1952`)).toBe(1);
        expect(await total(`place=${torshavn}&period=1930s`)).toBe(0);
        expect(await total(`place=${torshavn}&q=havnin`)).toBe(1);
      }
      const res = await t.app.inject(`/api/map/clusters?bbox=${FAROES}&zoom=8&place=T%C3%B3rshavn`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringMatching(/place/) });
    } finally {
      await sql`update media_items set place_id = null where place_id = ${torshavn}`.execute(t.db);
    }
  });

  it('never shows or counts a private item, and follows changes to the items', async () => {
    const seen = async () => {
      const answers = await Promise.all(
        [12, 14, 16, 18].map((zoom) => clusters(`bbox=-6.8,62,-6.76,62.02&zoom=${zoom}`)),
      );
      return answers.map((a) => ({ total: checked(a).total, ids: a.items.map((i) => i.id) }));
    };
    for (const view of await seen()) {
      expect(view.total).toBe(2);
      expect(view.ids).not.toContain(ids.hidden);
    }
    expect(await kept()).toEqual(await recounted());
    // Made public, it is counted; hidden again, moved and deleted, the figures follow.
    await sql`update media_items set is_public = true where id = ${ids.hidden}`.execute(t.db);
    for (const view of await seen()) expect(view.total).toBe(3);
    await sql`update media_items set is_public = false where id = ${ids.hidden}`.execute(t.db);
    await sql`update media_items set latitude = ${KLAKSVIK.latitude}, longitude = ${KLAKSVIK.longitude}
      where id = ${ids.havn50s}`.execute(t.db);
    for (const view of await seen()) expect(view.total).toBe(1);
    await sql`update media_items set latitude = null, longitude = null where id = ${ids.havn52}`.execute(
      t.db,
    );
    for (const view of await seen()) expect(view.total).toBe(0);
    expect(await kept()).toEqual(await recounted());
    await sql`update media_items set latitude = ${TORSHAVN.latitude + 0.0004}, longitude = ${TORSHAVN.longitude + 0.0004}
      where id = ${ids.havn50s}`.execute(t.db);
    await sql`update media_items set latitude = ${TORSHAVN.latitude}, longitude = ${TORSHAVN.longitude}
      where id = ${ids.havn52}`.execute(t.db);
    const gone = await buildMedia(t, { title: 'Burtur', is_public: true, ...TORSHAVN });
    for (const view of await seen()) expect(view.total).toBe(3);
    await sql`delete from media_items where id = ${gone.id}`.execute(t.db);
    for (const view of await seen()) expect(view.total).toBe(2);
    expect(await kept()).toEqual(await recounted());
  });

  it('takes a view across the 180° meridian', async () => {
    for (const zoom of [3, 8, 17]) {
      const across = checked(await clusters(`bbox=179,-18,-179,-16&zoom=${zoom}`));
      expect(across.total, `zoom ${zoom}`).toBe(2);
      expect(across.items.map((i) => i.id).sort()).toEqual([ids.east, ids.west].sort());
    }
    // Whole cells are shown: a view a degree away from both is empty once its cells are smaller.
    for (const zoom of [8, 17]) {
      expect(checked(await clusters(`bbox=178,-18,178.5,-16&zoom=${zoom}`)).total, `zoom ${zoom}`).toBe(0);
    }
    // The whole world at the widest zoom.
    expect(checked(await clusters('bbox=-180,-85,180,85&zoom=0')).total).toBe(35);
  });

  it('bounds what a search or a fine view reads, and says so', async () => {
    // In five statements (one would pass PostgreSQL's 65,535 parameters).
    const MANY = 5 * 2001;
    for (let part = 0; part < 5; part += 1) {
      await buildMediaMany(t, 2001, (n) => {
        const i = part * 2001 + n;
        return {
          title: `Fjøldin ${i}`,
          is_public: true,
          latitude: KLAKSVIK.latitude + (i % 100) * 0.00001,
          longitude: KLAKSVIK.longitude + Math.floor(i / 100) * 0.00001,
        };
      });
    }
    const searched = checked(await clusters(`bbox=${FAROES}&zoom=8&q=fj%C3%B8ldin`));
    expect(searched).toMatchObject({ complete: false, total: MAP_ITEMS_LIMIT });
    const fine = checked(await clusters(`bbox=${FAROES}&zoom=17`));
    expect(fine).toMatchObject({ complete: false, total: MAP_ITEMS_LIMIT });
    // The kept counts have no bound to reach.
    expect(checked(await clusters(`bbox=${FAROES}&zoom=8`))).toMatchObject({
      complete: true,
      total: 33 + MANY,
    });
  }, 300_000);

  it('refuses a malformed view with a clear message', async () => {
    const bad: [string, RegExp][] = [
      [`bbox=${FAROES}&zoom=19`, /zoom must be a whole number from 0 to 18/],
      [`bbox=${FAROES}&zoom=-1`, /zoom must be a whole number/],
      [`bbox=${FAROES}&zoom=1.5`, /zoom must be a whole number/],
      [`bbox=${FAROES}&zoom=`, /zoom must be a whole number/],
      [`bbox=${FAROES}`, /zoom must be a whole number/],
      ['zoom=8', /bbox/],
      ['bbox=1,2,3&zoom=8', /bbox must be west,south,east,north/],
      ['bbox=a,b,c,d&zoom=8', /bbox must be west,south,east,north/],
      ['bbox=-7,62,-6,61&zoom=8', /south below north/],
      ['bbox=-200,61,-6,62&zoom=8', /longitudes within ±180/],
      ['bbox=-7,61,-6,95&zoom=8', /latitudes within ±90/],
      [`bbox=${FAROES}&zoom=8&period=1955s`, /decade/],
      [`bbox=${FAROES}&zoom=8&type=map`, /type/],
    ];
    for (const [query, message] of bad) {
      const res = await t.app.inject(`/api/map/clusters?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: expect.stringMatching(message),
      });
    }
  });
});

describe('GET /api/map/items', () => {
  async function located(query = ''): Promise<MapItems> {
    const res = await t.app.inject(`/api/map/items${query ? `?${query}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as MapItems;
  }

  it('lists the located public items the filters select, by title, for the page without script', async () => {
    const names = async (query: string) => (await located(query)).items.map((i) => i.title);
    // Private and unlocated items never (Loynd Havnin is private, Ongin staður has no point).
    expect(await names('period=1950s')).toEqual(['Havnin 1952', 'Havnin í fimmti árunum']);
    expect(await names('q=havnin&period=1952')).toEqual(['Havnin 1952']);
    expect(await names(`category=${boats}`)).toEqual(['Klaksvík bátur']);
    expect(await names('period=1880s')).toEqual([]);
    const video = await located('type=video');
    expect(video).toMatchObject({ more: false, items: [{ id: ids.klaksvik, mediaType: 'video' }] });
    expect(video.items[0]).toMatchObject({ lat: KLAKSVIK.latitude, lon: KLAKSVIK.longitude });
    expect(video.items[0]!.thumb).toMatch(new RegExp(`^/files/media/${ids.klaksvik}/thumb\\?v=`));
    const thirties = await located('period=1930s');
    expect(thirties.more).toBe(false);
    expect(thirties.items).toHaveLength(30);
  });

  it('names the first MAP_LIST_LIMIT and says there are more; follows changes to the items', async () => {
    // The test above made 10,005 more ('Fjøldin …').
    const all = await located();
    expect(all.items).toHaveLength(MAP_LIST_LIMIT);
    expect(all.more).toBe(true);
    expect(all.items.map((i) => i.title).slice(0, 2)).toEqual(['Eystan', 'Fjøldin 0']);
    await sql`update media_items set is_public = false where id = ${ids.klaksvik}`.execute(t.db);
    expect((await located('type=video')).items).toEqual([]);
    await sql`update media_items set is_public = true where id = ${ids.klaksvik}`.execute(t.db);
    expect((await located('type=video')).items.map((i) => i.id)).toEqual([ids.klaksvik]);
  });

  it('refuses a malformed filter with a clear message', async () => {
    const res = await t.app.inject('/api/map/items?period=fimmti');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
  });
});

describe('the grid', () => {
  it('places a point in the same cell and Morton key in the database as common/map.ts does', async () => {
    const points = Array.from({ length: 200 }, (_, i) => [
      -84 + ((i * 7919) % 16800) / 100,
      -179.9 + ((i * 104729) % 35980) / 100,
    ]);
    const { rows } = await sql<{ lat: number; lon: number; ix: number; iy: number; key: string }>`
      select p.lat, p.lon, map_ix(p.lon) as ix, map_iy(p.lat) as iy, map_key_of(p.lat, p.lon)::text as key
      from unnest(${`{${points.map((p) => p[0]).join(',')}}`}::float8[], ${`{${points.map((p) => p[1]).join(',')}}`}::float8[]) p(lat, lon)`.execute(
      t.db,
    );
    for (const row of rows) {
      expect(Number(row.key), `${row.lat},${row.lon}`).toBe(mortonKey(row.ix, row.iy, POINT_LEVEL));
      expect(Math.abs(row.ix - cellOf(mercatorX(row.lon), POINT_LEVEL))).toBeLessThanOrEqual(1);
      expect(Math.abs(row.iy - cellOf(mercatorY(row.lat), POINT_LEVEL))).toBeLessThanOrEqual(1);
      // The key lies in the range of its cell at every level.
      for (const level of [0, 6, 13, 24]) {
        const shift = POINT_LEVEL - level;
        const [from, to] = cellKeyRange(
          level,
          Math.floor(row.ix / 2 ** shift),
          Math.floor(row.iy / 2 ** shift),
        );
        expect(Number(row.key)).toBeGreaterThanOrEqual(from);
        expect(Number(row.key)).toBeLessThan(to);
      }
    }
  });
});
