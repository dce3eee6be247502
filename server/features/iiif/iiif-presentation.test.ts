import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { alsaWav, exifFixture, mjpegPcmAvi } from '#server/test/fixtures.ts';
import {
  asRole,
  buildCategory,
  buildDerivatives,
  buildMedia,
  buildMediaMany,
  buildSlideshow,
} from '#server/test/factories.ts';
import { uploadForTest } from './upload-for-test.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '#server/test/harness.ts';
import { COLLECTION_PAGE } from './iiif-presentation.service.ts';
import { itemManifest, type ManifestItem } from './presentation.ts';

/**
 * Every manifest and collection is checked with the IIIF consortium's own JSON Schema for
 * Presentation 3.0 (the presentation validator's, standards/iiif/), through ajv: not our code.
 */
const schema = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../../standards/iiif/presentation-3.schema.json'), 'utf8'),
);
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const validate = ajv.compile(schema);
function expectValid(document: unknown) {
  const ok = validate(document);
  expect(ok ? [] : validate.errors?.slice(0, 5)).toEqual([]);
}

let t: TestApp;
let image: string;
let admin: Awaited<ReturnType<typeof asRole>>;

const upload = (path: string, fields: Record<string, string> = {}) =>
  uploadForTest(t, admin.cookie!, path, fields);
const get = (url: string) => t.app.inject({ url });

beforeAll(async () => {
  t = await createTestApp();
  admin = await asRole(t, 'admin');
  const category = await buildCategory(t, { name: 'Havnin' });
  image = await upload(await exifFixture('orientation8'), {
    title: 'Havnin í 1931',
    description: 'Bátar í havnini',
    photographer: 'Jóan Petersen',
    categoryId: category.id,
    attributionText: 'Mynd: Jóan Petersen / Savnið',
    originalDate: 'summarið 1931',
  });
});
afterAll(() => t.close());

describe('the schema check', () => {
  it('can fail: a manifest without items is refused', () => {
    expect(
      validate({
        '@context': 'http://iiif.io/api/presentation/3/context.json',
        id: 'http://x/1',
        type: 'Manifest',
        label: { none: ['x'] },
      }),
    ).toBe(false);
  });
});

describe('GET /iiif/presentation/3/item/:id', () => {
  it('describes a public image with its image service, labels in fo and en, and its page', async () => {
    const res = await get(`/iiif/presentation/3/item/${image}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const manifest = res.json();
    expectValid(manifest);
    expect(manifest.id).toBe(`${TEST_ORIGIN}/iiif/presentation/3/item/${image}`);
    expect(manifest.label).toEqual({ none: ['Havnin í 1931'] });
    expect(manifest.summary).toEqual({ none: ['Bátar í havnini'] });
    // Where a viewer places it in time: the first day of "summer 1931" (EDTF 1931-22).
    expect(manifest.navDate).toBe('1931-06-01T00:00:00Z');
    expect(manifest.homepage[0].id).toBe(`${TEST_ORIGIN}/media/${image}`);
    // The item's own rights statement (migration 0018; the site's default until staff choose).
    const { rights } = (await get(`/api/media/${image}`)).json().media;
    expect(rights).toMatch(/^http:\/\/(rightsstatements|creativecommons)\.org\//);
    expect(manifest.rights).toBe(rights);
    expect(manifest.requiredStatement).toEqual({
      label: { fo: ['Tilskriving'], en: ['Attribution'] },
      value: { none: ['Mynd: Jóan Petersen / Savnið'] },
    });
    expect(manifest.metadata).toContainEqual({
      label: { fo: ['Myndatøkumaður'], en: ['Photographer'] },
      value: { none: ['Jóan Petersen'] },
    });
    expect(manifest.metadata).toContainEqual({
      label: { fo: ['Bólkur'], en: ['Category'] },
      value: { none: ['Havnin'] },
    });
    const canvas = manifest.items[0];
    const body = canvas.items[0].items[0].body;
    expect(body.service[0]).toEqual({
      id: `${TEST_ORIGIN}/iiif/image/3/${image}`,
      type: 'ImageService3',
      profile: 'level2',
    });
    // The canvas is the image as served: its size is what the image service says.
    const info = (await get(`/iiif/image/3/${image}/info.json`)).json();
    expect([canvas.width, canvas.height]).toEqual([info.width, info.height]);
    const served = await get(body.id.replace(TEST_ORIGIN, ''));
    expect(served.statusCode).toBe(200);
    const thumb = await get(manifest.thumbnail[0].id.replace(TEST_ORIGIN, ''));
    expect(thumb.statusCode).toBe(200);
  });

  it('describes video and sound with their length, and a document', async () => {
    const video = await buildMedia(t, {
      media_type: 'video',
      mime_type: 'video/mp4',
      width: 640,
      height: 360,
      is_public: true,
    });
    const audio = await buildMedia(t, { media_type: 'audio', mime_type: 'audio/mpeg', is_public: true });
    const document = await buildMedia(t, {
      media_type: 'document',
      mime_type: 'application/pdf',
      is_public: true,
    });
    await buildDerivatives(t, document.id, [{ variant: 'thumb', width: 300, height: 400 }]);
    for (const [item, type] of [
      [video, 'Video'],
      [audio, 'Sound'],
      [document, 'Image'],
    ] as const) {
      const res = await get(`/iiif/presentation/3/item/${item.id}`);
      expect(res.statusCode, res.body).toBe(200);
      const manifest = res.json();
      expectValid(manifest);
      expect(manifest.items[0].items[0].items[0].body.type).toBe(type);
    }
  });

  it('gives a real recording its length as ffprobe reads it', async () => {
    const path = await alsaWav();
    const sound = await upload(path);
    const manifest = (await get(`/iiif/presentation/3/item/${sound}`)).json();
    expectValid(manifest);
    const probed = Number(
      execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', path])
        .toString()
        .trim(),
    );
    const canvas = manifest.items[0];
    expect(canvas.duration).toBeCloseTo(probed, 2);
    expect(canvas.items[0].items[0].body).toMatchObject({
      type: 'Sound',
      format: 'audio/wav',
      duration: canvas.duration,
    });
  });

  it('shows a video browsers do not play (an AVI) as its playable copy, which is served', async () => {
    const avi = await upload(await mjpegPcmAvi());
    const manifest = (await get(`/iiif/presentation/3/item/${avi}`)).json();
    expectValid(manifest);
    const body = manifest.items[0].items[0].items[0].body;
    expect(body).toMatchObject({ type: 'Video', format: 'video/mp4' });
    const url = new URL(body.id);
    expect(url.pathname).toBe(`/files/media/${avi}/playable`);
    const served = await get(`${url.pathname}${url.search}`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('video/mp4');
  });

  it('carries a rights statement URI when one is given', () => {
    const item: ManifestItem = {
      id: '00000000-0000-4000-8000-000000000001',
      displayId: 'PHOTO-000001',
      title: 'x',
      description: null,
      mediaType: 'image',
      mimeType: 'image/jpeg',
      photographer: null,
      originalDate: null,
      location: null,
      keywords: [],
      source: null,
      historicalContext: null,
      copyrightHolder: null,
      attributionText: null,
      categoryName: null,
      durationSeconds: null,
      width: 100,
      height: 100,
      files: { thumb: null, original: null, thumbSize: null },
      rights: 'http://rightsstatements.org/vocab/InC/1.0/',
    };
    const manifest = itemManifest(TEST_ORIGIN, item, 'Myndasavn');
    expectValid(manifest);
    expect(manifest.rights).toBe('http://rightsstatements.org/vocab/InC/1.0/');
    // Undated: no navDate, never a default year.
    expect(manifest).not.toHaveProperty('navDate');
    expect(validate({ ...manifest, navDate: '1931' })).toBe(false);
    expectValid({ ...manifest, navDate: '0931-01-01T00:00:00Z' });
    expect(validate({ ...manifest, rights: 'https://rightsstatements.org/vocab/InC/1.0/' })).toBe(false);
  });

  it('answers 404 for an item that is not public, unknown or malformed', async () => {
    const hidden = await buildMedia(t, { is_public: false });
    for (const id of [hidden.id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      expect((await get(`/iiif/presentation/3/item/${id}`)).statusCode, id).toBe(404);
    }
  });
});

describe('GET /iiif/presentation/3/slideshow/:id', () => {
  it('has a canvas per public slide, in order, each for its time', async () => {
    const hidden = await buildMedia(t, { is_public: false });
    const video = await buildMedia(t, {
      media_type: 'video',
      mime_type: 'video/webm',
      width: 320,
      height: 240,
      is_public: true,
    });
    const show = await buildSlideshow(
      t,
      [{ mediaId: video.id, duration: 12, caption: 'Fyrst' }, hidden.id, { mediaId: image, duration: 7 }],
      { is_public: true, title: 'Gøta í myndum' },
    );
    const res = await get(`/iiif/presentation/3/slideshow/${show.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const manifest = res.json();
    expectValid(manifest);
    expect(manifest.items.map((c: { duration: number; label: unknown }) => [c.duration, c.label])).toEqual([
      [12, { none: ['Fyrst'] }],
      [7, { none: ['Havnin í 1931'] }],
    ]);
    const privateShow = await buildSlideshow(t, [image], { is_public: false });
    expect((await get(`/iiif/presentation/3/slideshow/${privateShow.id}`)).statusCode).toBe(404);
  });
});

describe('GET /iiif/presentation/3/collection/:id', () => {
  it('lists the public categories and slideshows on top, and a category its public items', async () => {
    const hiddenCategory = await buildCategory(t, { name: 'Loynd', is_public: false });
    const top = (await get('/iiif/presentation/3/collection/top')).json();
    expectValid(top);
    const labels = top.items.map((i: { label: { none: string[] } }) => i.label.none[0]);
    expect(labels).toContain('Havnin');
    expect(labels).not.toContain('Loynd');
    const havnin = top.items.find((i: { label: { none: string[] } }) => i.label.none[0] === 'Havnin');
    const res = await get(havnin.id.replace(TEST_ORIGIN, ''));
    expect(res.statusCode).toBe(200);
    const category = res.json();
    expectValid(category);
    expect(category.items).toEqual([
      expect.objectContaining({ id: `${TEST_ORIGIN}/iiif/presentation/3/item/${image}`, type: 'Manifest' }),
    ]);
    expect((await get(`/iiif/presentation/3/collection/${hiddenCategory.id}`)).statusCode).toBe(404);
  });

  it(`goes on in a nested collection after ${COLLECTION_PAGE} items`, async () => {
    const big = await buildCategory(t, { name: 'Stórur', is_public: true });
    await buildMediaMany(t, COLLECTION_PAGE + 2, () => ({ category_id: big.id, is_public: true }));
    const first = (await get(`/iiif/presentation/3/collection/${big.id}`)).json();
    expectValid(first);
    expect(first.items).toHaveLength(COLLECTION_PAGE + 1);
    const more = first.items.at(-1);
    expect(more.type).toBe('Collection');
    const second = (await get(more.id.replace(TEST_ORIGIN, ''))).json();
    expectValid(second);
    expect(second.items).toHaveLength(2);
    const ids = new Set([...first.items, ...second.items].map((i: { id: string }) => i.id));
    expect(ids.size).toBe(COLLECTION_PAGE + 3);
    expect((await get(`/iiif/presentation/3/collection/${big.id}?after=garbage`)).statusCode).toBe(404);
  });
});
