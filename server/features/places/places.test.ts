import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Place } from '#common/api/places.ts';
import { originalDateColumns } from '#server/features/media/original-date.ts';
import { FAROESE_PLACES } from '#server/db/migrations/20261127_0038_place_list.ts';
import { expectRefusal } from '#server/test/expect-refusal.ts';
import { asRoles, buildCategory, buildMedia, type RoleClient } from '#server/test/factories.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { HARVEST_SCHEMA, xmlSchemaErrors } from '#server/test/xml-schema.ts';

/**
 * Places (issue 28 §3, §5, §6): the list staff keep, an item's place and point, the gallery's
 * "more from this place", and the place in Dublin Core (validated by xmllint against the OAI-PMH
 * schemas) and IIIF (validated by the IIIF consortium's JSON Schema through ajv).
 */
let t: TestApp;
let admin: RoleClient;
let editor: RoleClient;
let viewer: RoleClient;
let publicUser: RoleClient;
let anonymous: RoleClient;

const schema = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../../standards/iiif/presentation-3.schema.json'), 'utf8'),
);
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const validateManifest = ajv.compile(schema);

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, editor, viewer, public: publicUser, anonymous } = await asRoles(t));
});
afterAll(() => t.close());

const places = async () => (await anonymous.get('/api/places')).json().places as Place[];
const placeNamed = async (nameFo: string) => {
  const found = (await places()).find((p) => p.nameFo === nameFo);
  if (!found) throw new Error(`no place ${nameFo}`);
  return found;
};
const logged = (id: string) =>
  t.db
    .selectFrom('activity_logs')
    .select(['action', 'resource_name', 'details'])
    .where('resource_id', '=', id)
    .orderBy('created_at')
    .execute();

describe('GET /api/places', () => {
  it('starts from the towns and villages of the Faroe Islands, named in Faroese and English, with their source', async () => {
    const list = await places();
    expect(list.length).toBe(FAROESE_PLACES.length);
    expect(list.length).toBeGreaterThanOrEqual(115);
    const torshavn = list.find((p) => p.nameFo === 'Tórshavn');
    expect(torshavn).toMatchObject({ nameEn: 'Tórshavn', latitude: 62.012, longitude: -6.768 });
    expect(torshavn?.source).toMatch(/^OpenStreetMap node 29023813 .*ODbL/);
    // Faroese letters kept; every point on the islands.
    expect(list.map((p) => p.nameFo)).toEqual(
      expect.arrayContaining(['Norðragøta', 'Fuglafjørður', 'Miðvágur']),
    );
    for (const place of list) {
      expect(place.latitude, place.nameFo).toBeGreaterThan(61.3);
      expect(place.latitude, place.nameFo).toBeLessThan(62.5);
      expect(place.longitude, place.nameFo).toBeGreaterThan(-7.7);
      expect(place.longitude, place.nameFo).toBeLessThan(-6.2);
    }
    const names = list.map((p) => p.nameFo.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
  });
});

describe('POST /api/admin/places', () => {
  it('lets content staff add a place (English name defaulting to the Faroese), logged, and in the public list at once', async () => {
    const res = await editor.post('/api/admin/places', {
      nameFo: '  Við Sjógv ',
      latitude: '62,0050',
      longitude: -6.77,
    });
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json().place as Place;
    expect(made).toMatchObject({
      nameFo: 'Við Sjógv',
      nameEn: 'Við Sjógv',
      latitude: 62.005,
      longitude: -6.77,
      source: null,
    });
    expect((await places()).map((p) => p.id)).toContain(made.id);
    expect(await logged(made.id)).toEqual([
      expect.objectContaining({ action: 'place.created', resource_name: 'Við Sjógv' }),
    ]);
  });

  it('refuses viewers, the public and visitors', async () => {
    const body = { nameFo: 'Nýggjur staður', latitude: 62, longitude: -7 };
    expectRefusal(await viewer.post('/api/admin/places', body), 403, 'FORBIDDEN');
    expectRefusal(await publicUser.post('/api/admin/places', body), 403, 'FORBIDDEN');
    expectRefusal(await anonymous.post('/api/admin/places', body), 401, 'UNAUTHORIZED');
    expect((await places()).map((p) => p.nameFo)).not.toContain('Nýggjur staður');
  });

  it('says what is wrong with a name or a point', async () => {
    const bad = await editor.post('/api/admin/places', { nameFo: '', latitude: 95, longitude: 'vestur' });
    expectRefusal(bad, 400, 'VALIDATION_ERROR', ['nameFo', 'latitude', 'longitude']);
    const messages = (bad.json().issues as { path: string; message: string }[]).map((i) => i.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'The Faroese name is required',
        'Latitude must be between -90 and 90',
        'Longitude must be a number, such as -6.7741',
      ]),
    );
    expectRefusal(
      await editor.post('/api/admin/places', { nameFo: 'Einki punkt' }),
      400,
      'VALIDATION_ERROR',
      ['latitude', 'longitude'],
    );
  });

  it('refuses a second place by the same Faroese name, whatever its case', async () => {
    const res = await admin.post('/api/admin/places', { nameFo: 'TÓRSHAVN', latitude: 62, longitude: -6.7 });
    expectRefusal(res, 409, 'PLACE_EXISTS');
    expect(res.json().message).toBe('There is already a place called TÓRSHAVN.');
  });
});

describe('PATCH and DELETE /api/admin/places/:id', () => {
  it('changes only what is sent, logged with what changed', async () => {
    const made = (
      await editor.post('/api/admin/places', { nameFo: 'Broytistaður', latitude: 62.1, longitude: -7 })
    ).json().place as Place;
    const res = await editor.patch(`/api/admin/places/${made.id}`, { nameEn: 'Changeplace' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().place).toMatchObject({ nameFo: 'Broytistaður', nameEn: 'Changeplace', latitude: 62.1 });
    expect((await logged(made.id)).at(-1)).toMatchObject({
      action: 'place.updated',
      details: { nameEn: 'Changeplace' },
    });
    expectRefusal(await editor.patch(`/api/admin/places/${made.id}`, {}), 400, 'VALIDATION_ERROR');
    expectRefusal(await viewer.patch(`/api/admin/places/${made.id}`, { nameEn: 'x' }), 403, 'FORBIDDEN');
    const torshavn = await placeNamed('Tórshavn');
    expectRefusal(
      await editor.patch(`/api/admin/places/${made.id}`, { nameFo: 'tórshavn' }),
      409,
      'PLACE_EXISTS',
    );
    expect((await placeNamed('Tórshavn')).id).toBe(torshavn.id);
  });

  it('refuses to delete a place an item has, saying how many, and deletes it once none has', async () => {
    const made = (
      await editor.post('/api/admin/places', { nameFo: 'Strikistaður', latitude: 62.2, longitude: -7 })
    ).json().place as Place;
    const item = await buildMedia(t, { place_id: made.id, latitude: 62.2, longitude: -7 });
    const refused = await editor.delete(`/api/admin/places/${made.id}`);
    expectRefusal(refused, 409, 'PLACE_IN_USE');
    expect(refused.json().message).toBe('Strikistaður is the place of 1 item: give it another place first.');
    // The count as a figure too, for the staff screen to say it in the reader's language.
    expect(refused.json().details).toEqual({ items: 1 });
    expectRefusal(await viewer.delete(`/api/admin/places/${made.id}`), 403, 'FORBIDDEN');
    expect((await places()).map((p) => p.id)).toContain(made.id);

    await editor.patch(`/api/admin/media/${item.id}`, { placeId: null });
    const res = await editor.delete(`/api/admin/places/${made.id}`);
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    expect((await places()).map((p) => p.id)).not.toContain(made.id);
    expect((await logged(made.id)).at(-1)).toMatchObject({
      action: 'place.deleted',
      resource_name: 'Strikistaður',
    });
    expectRefusal(await editor.delete(`/api/admin/places/${made.id}`), 404, 'NOT_FOUND');
  });
});

describe("an item's place (PATCH /api/admin/media/:id)", () => {
  it("gives the item the place and the place's point, shown publicly in the visitor's names", async () => {
    const gota = await placeNamed('Norðragøta');
    const item = await buildMedia(t, { is_public: true });
    const res = await editor.patch(`/api/admin/media/${item.id}`, { placeId: gota.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().media).toMatchObject({
      placeId: gota.id,
      latitude: gota.latitude,
      longitude: gota.longitude,
    });
    expect(await logged(item.id)).toEqual([expect.objectContaining({ action: 'media.updated' })]);

    const seen = (await anonymous.get(`/api/media/${item.id}`)).json().media;
    expect(seen).toMatchObject({
      placeId: gota.id,
      latitude: gota.latitude,
      longitude: gota.longitude,
      place: { id: gota.id, nameFo: 'Norðragøta', nameEn: 'Norðragøta', latitude: gota.latitude },
    });
  });

  it("keeps a point of the item's own; a point taken from the old place follows the new one; none with no place", async () => {
    const [vagur, sandur] = [await placeNamed('Vágur'), await placeNamed('Sandur')];
    const own = await buildMedia(t, { latitude: 61.5, longitude: -6.8 });
    const kept = (await editor.patch(`/api/admin/media/${own.id}`, { placeId: vagur.id })).json().media;
    expect(kept).toMatchObject({ placeId: vagur.id, latitude: 61.5, longitude: -6.8 });

    const plain = await buildMedia(t);
    await editor.patch(`/api/admin/media/${plain.id}`, { placeId: vagur.id });
    const moved = (await editor.patch(`/api/admin/media/${plain.id}`, { placeId: sandur.id })).json().media;
    expect(moved).toMatchObject({ latitude: sandur.latitude, longitude: sandur.longitude });
    const none = (await editor.patch(`/api/admin/media/${plain.id}`, { placeId: null })).json().media;
    expect(none).toMatchObject({ placeId: null, latitude: null, longitude: null });

    // The edit form sends its fields: a place with the point left empty gets the place's point.
    const form = (
      await editor.patch(`/api/admin/media/${plain.id}`, { placeId: vagur.id, latitude: '', longitude: '' })
    ).json().media;
    expect(form).toMatchObject({ latitude: vagur.latitude, longitude: vagur.longitude });
    // A point typed beside a place is the item's.
    const typed = (
      await editor.patch(`/api/admin/media/${plain.id}`, {
        placeId: vagur.id,
        latitude: '61.47',
        longitude: '-6.81',
      })
    ).json().media;
    expect(typed).toMatchObject({ latitude: 61.47, longitude: -6.81 });
  });

  it('refuses half a point, a point off the globe, an unknown place; and anyone but content staff', async () => {
    const item = await buildMedia(t);
    expectRefusal(
      await editor.patch(`/api/admin/media/${item.id}`, { latitude: 62 }),
      400,
      'VALIDATION_ERROR',
      ['latitude'],
    );
    expectRefusal(
      await editor.patch(`/api/admin/media/${item.id}`, { latitude: 62, longitude: null }),
      400,
      'VALIDATION_ERROR',
      ['latitude'],
    );
    expectRefusal(
      await editor.patch(`/api/admin/media/${item.id}`, { latitude: 62, longitude: 200 }),
      400,
      'VALIDATION_ERROR',
      ['longitude'],
    );
    const unknown = await editor.patch(`/api/admin/media/${item.id}`, {
      placeId: '5b1e7a52-4a7c-4bfb-9a3e-1f6c1e9e0c11',
    });
    expectRefusal(unknown, 400, 'UNKNOWN_REFERENCE');
    expect(unknown.json().message).toBe('The chosen place no longer exists.');
    const gota = await placeNamed('Norðragøta');
    expectRefusal(await viewer.patch(`/api/admin/media/${item.id}`, { placeId: gota.id }), 403, 'FORBIDDEN');
    expectRefusal(
      await anonymous.patch(`/api/admin/media/${item.id}`, { placeId: gota.id }),
      401,
      'UNAUTHORIZED',
    );
    const row = await t.db
      .selectFrom('media_items')
      .select(['place_id', 'latitude'])
      .where('id', '=', item.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ place_id: null, latitude: null });
  });

  it('sets a place on many items at once (bulk), keeping points of their own, each logged', async () => {
    const hvalba = await placeNamed('Hvalba');
    const [a, b] = [await buildMedia(t), await buildMedia(t, { latitude: 61.6, longitude: -6.95 })];
    const res = await editor.post('/api/admin/media/bulk', {
      ids: [a.id, b.id],
      action: 'place',
      placeId: hvalba.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ changed: 2 });
    const rows = await t.db
      .selectFrom('media_items')
      .select(['id', 'place_id', 'latitude', 'longitude'])
      .where('id', 'in', [a.id, b.id])
      .execute();
    expect(rows.find((r) => r.id === a.id)).toMatchObject({ place_id: hvalba.id, latitude: hvalba.latitude });
    expect(rows.find((r) => r.id === b.id)).toMatchObject({
      place_id: hvalba.id,
      latitude: 61.6,
      longitude: -6.95,
    });
    expect(await logged(a.id)).toEqual([expect.objectContaining({ action: 'media.updated' })]);
    expect(
      (
        await editor.post('/api/admin/media/bulk', { ids: [a.id], action: 'place', placeId: hvalba.id })
      ).json(),
    ).toEqual({
      changed: 0,
    });
    expectRefusal(
      await editor.post('/api/admin/media/bulk', { ids: [a.id], action: 'place' }),
      400,
      'VALIDATION_ERROR',
      ['placeId'],
    );
    // The media screen finds the items of a place.
    const listed = (await editor.get(`/api/admin/media?place=${hvalba.id}`)).json();
    expect(listed.items.map((i: { id: string }) => i.id).sort()).toEqual([a.id, b.id].sort());
    expect(listed.total).toBe(2);
  });
});

describe('GPS read from the file', () => {
  it('is shown to staff as a suggestion and never to the public, in no answer or export', async () => {
    const item = await buildMedia(t, {
      is_public: true,
      title: 'Mynd við GPS',
      file_metadata: { gps: { latitude: 62.3, longitude: -6.9 }, camera: 'Nikon' },
    });
    const staff = (await editor.get(`/api/media/${item.id}`)).json().media;
    expect(staff.fileMetadata.gps).toEqual({ latitude: 62.3, longitude: -6.9 });
    expect(staff.latitude).toBeNull();
    const seen = (await anonymous.get(`/api/media/${item.id}`)).json().media;
    expect(seen.fileMetadata).toBeNull();
    expect(seen.latitude).toBeNull();
    expect(JSON.stringify(seen)).not.toContain('62.3');
    const manifest = (await anonymous.get(`/iiif/presentation/3/item/${item.id}`)).json();
    expect(manifest.navPlace).toBeUndefined();
    expect(JSON.stringify(manifest)).not.toContain('62.3');
    const record = (
      await anonymous.get(`/oai?verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:127.0.0.1:${item.id}`)
    ).body;
    expect(record).toContain('Mynd við GPS');
    expect(record).not.toContain('62.3');
  });
});

describe('the gallery narrowed to a place (GET /api/gallery?place=)', () => {
  it('composes with the search, category, type and period, and the timeline counts the place', async () => {
    const [klaksvik, eidi] = [await placeNamed('Klaksvík'), await placeNamed('Eiði')];
    const boats = await buildCategory(t, { name: 'Bátar í Klaksvík' });
    const make = (title: string, overrides: Parameters<typeof buildMedia>[1]) =>
      buildMedia(t, { title, is_public: true, ...overrides });
    const a = await make('Skip við bryggju', {
      place_id: klaksvik.id,
      category_id: boats.id,
      ...originalDateColumns('1952'),
    });
    const b = await make('Skip á sjónum', { place_id: klaksvik.id, ...originalDateColumns('1975') });
    await make('Skip í Eiði', { place_id: eidi.id, ...originalDateColumns('1952') });
    await make('Loynt skip', { place_id: klaksvik.id, is_public: false, ...originalDateColumns('1952') });
    const ids = async (query: string) =>
      ((await anonymous.get(`/api/gallery?${query}`)).json().items as { id: string }[])
        .map((i) => i.id)
        .sort();

    expect(await ids(`place=${klaksvik.id}`)).toEqual([a.id, b.id].sort());
    expect(await ids(`place=${klaksvik.id}&period=1950s`)).toEqual([a.id]);
    expect(await ids(`place=${klaksvik.id}&category=${boats.id}`)).toEqual([a.id]);
    expect(await ids(`place=${klaksvik.id}&q=sjónum`)).toEqual([b.id]);
    expect(await ids(`place=${klaksvik.id}&type=video`)).toEqual([]);
    expectRefusal(await anonymous.get('/api/gallery?place=Klaksvík'), 400, 'VALIDATION_ERROR', ['place']);

    const timeline = (await anonymous.get(`/api/gallery/timeline?place=${klaksvik.id}`)).json();
    expect(timeline.decades).toEqual([
      { period: '1950s', items: 1 },
      { period: '1970s', items: 1 },
    ]);
  });
});

describe('open standards carry the place', () => {
  it("OAI-PMH's Dublin Core gives dc:coverage the place in Faroese and English and the point, valid by the schema", async () => {
    const made = (
      await editor.post('/api/admin/places', {
        nameFo: 'Gamla Havnin',
        nameEn: 'The Old Harbour',
        latitude: 62.0107,
        longitude: -6.7741,
      })
    ).json().place as Place;
    const item = await buildMedia(t, { is_public: true, location: 'Við bryggjuna' });
    await editor.patch(`/api/admin/media/${item.id}`, { placeId: made.id });
    const res = await anonymous.get(
      `/oai?verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:127.0.0.1:${item.id}`,
    );
    expect(res.statusCode).toBe(200);
    expect(xmlSchemaErrors(HARVEST_SCHEMA, { xml: res.body })).toBe('');
    expect(res.body).toContain('<dc:coverage xml:lang="fo">Við bryggjuna</dc:coverage>');
    expect(res.body).toContain('<dc:coverage xml:lang="fo">Gamla Havnin</dc:coverage>');
    expect(res.body).toContain('<dc:coverage xml:lang="en">The Old Harbour</dc:coverage>');
    expect(res.body).toContain('<dc:coverage>east=-6.7741; north=62.0107</dc:coverage>');
  });

  it("the IIIF manifest has navPlace, a GeoJSON FeatureCollection with the extension's context, valid by the schema", async () => {
    const gjogv = await placeNamed('Gjógv');
    const item = await buildMedia(t, { is_public: true });
    await editor.patch(`/api/admin/media/${item.id}`, { placeId: gjogv.id });
    const manifest = (await anonymous.get(`/iiif/presentation/3/item/${item.id}`)).json();
    const ok = validateManifest(manifest);
    expect(ok ? [] : validateManifest.errors?.slice(0, 5)).toEqual([]);
    expect(manifest['@context']).toEqual([
      'http://iiif.io/api/extension/navplace/context.json',
      'http://iiif.io/api/presentation/3/context.json',
    ]);
    expect(manifest.navPlace).toEqual({
      id: `${manifest.id}/feature-collection/1`,
      type: 'FeatureCollection',
      features: [
        {
          id: `${manifest.id}/feature/1`,
          type: 'Feature',
          properties: { label: { fo: ['Gjógv'], en: ['Gjógv'] } },
          geometry: { type: 'Point', coordinates: [gjogv.longitude, gjogv.latitude] },
        },
      ],
    });
    // The schema check can fail: a navPlace that is no FeatureCollection of Features is refused.
    expect(
      validateManifest({
        ...manifest,
        navPlace: { type: 'FeatureCollection', features: [{ type: 'Point' }] },
      }),
    ).toBe(false);
  });
});
