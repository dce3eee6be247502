import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ID_SEARCH_EMPTY_MESSAGE } from '#common/api/search.ts';
import { expectRefusal } from '#server/test/expect-refusal.ts';
import {
  asRole,
  asRoles,
  buildCategory,
  buildDocument,
  buildMedia,
  buildSlideshow,
  buildSubmission,
  type RoleClient,
} from '#server/test/factories.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';

let t: TestApp;
let editor: RoleClient;
let viewer: RoleClient;
let admin: RoleClient;
let photo: Awaited<ReturnType<typeof buildMedia>>;
let hidden: Awaited<ReturnType<typeof buildMedia>>;

const search = (client: typeof editor, id: string) =>
  client.get(`/api/admin/search/by-id?id=${encodeURIComponent(id)}`);

beforeAll(async () => {
  t = await createTestApp();
  ({ editor, viewer, admin } = await asRoles(t, ['editor', 'viewer', 'admin']));
  photo = await buildMedia(t, { title: 'Gøta havn', description: 'Havnin í 1930' });
  hidden = await buildMedia(t, { title: 'Loynd mynd', is_public: false });
  // A made thumbnail for each (written as the derivative job writes it).
  for (const item of [photo, hidden])
    await t.db
      .insertInto('derivatives')
      .values({
        owner_type: 'media',
        owner_id: item.id,
        variant: 'thumb',
        file_key: `derivatives/media/${item.id}/thumb-abc123.webp`,
        mime_type: 'image/webp',
        file_size: 10,
      })
      .execute();
});
afterAll(() => t.close());

describe('GET /api/admin/search/by-id', () => {
  it('finds a media item by its display ID typed with #, spaces and lower case', async () => {
    expect(photo.display_id).toBe('PHOTO-00001');
    const res = await search(viewer, '  #photo-00001 ');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      id: 'PHOTO-00001',
      results: [
        {
          type: 'media',
          id: photo.id,
          displayId: 'PHOTO-00001',
          title: 'Gøta havn',
          description: 'Havnin í 1930',
          thumbnailUrl: `/files/media/${photo.id}/thumb?v=thumb-abc123.webp`,
          managePath: '/admin/media',
          publicPath: `/media/${photo.id}`,
        },
      ],
    });
  });

  it('shows a private item, with no public path, only to who may manage it', async () => {
    expect((await search(viewer, hidden.display_id)).json().results).toEqual([]);
    const forEditor = (await search(editor, hidden.display_id)).json().results[0];
    expect(forEditor.thumbnailUrl).toBe(`/files/media/${hidden.id}/thumb?v=thumb-abc123.webp`);
  });

  it('searches documents, slideshows, categories, submissions and users, each with its screen', async () => {
    const doc = await buildDocument(t, { title: 'Ársfrágreiðing', description: 'Ár 2020' });
    const show = await buildSlideshow(t, [photo.id], { title: 'Gamla Gøta', is_public: true });
    const privateShow = await buildSlideshow(t, [photo.id], { title: 'Loynd', is_public: false });
    const category = await buildCategory(t, { name: 'Bátar', description: 'Bátar og skip' });
    const submission = await buildSubmission(t, {
      title: 'Mynd frá ommu',
      submitter_name: 'Anna',
      submitter_email: 'anna@example.org',
    });
    const user = editor.user!;

    const one = async (id: string) => {
      const body = (await search(admin, id.toLowerCase())).json();
      expect(body.results, id).toHaveLength(1);
      return body.results[0];
    };
    expect(await one(doc.display_id)).toMatchObject({
      type: 'document',
      id: doc.id,
      title: 'Ársfrágreiðing',
      description: 'Ár 2020',
      thumbnailUrl: null,
      managePath: '/admin/documents',
      publicPath: null,
    });
    expect(await one(show.display_id)).toMatchObject({
      type: 'slideshow',
      title: 'Gamla Gøta',
      managePath: '/admin/slideshows',
      publicPath: `/slideshow/${show.id}`,
    });
    expect(await one(privateShow.display_id)).toMatchObject({ type: 'slideshow', publicPath: null });
    expect(await one(category.display_id)).toMatchObject({
      type: 'category',
      title: 'Bátar',
      description: 'Bátar og skip',
      managePath: '/admin/categories',
      publicPath: null,
    });
    expect(await one(submission.display_id)).toMatchObject({
      type: 'submission',
      title: 'Mynd frá ommu',
      description: 'Anna · anna@example.org · pending',
      managePath: '/admin/submissions',
      publicPath: null,
    });
    expect(await one(user.display_id)).toMatchObject({
      type: 'user',
      id: user.id,
      title: user.full_name,
      description: `${user.email} · editor`,
      managePath: '/admin/users',
      publicPath: null,
    });
    // A viewer finds what the public may see, and nothing of submissions, accounts or private rows.
    const seen = async (id: string) => (await search(viewer, id)).json().results.length;
    expect(await seen(doc.display_id)).toBe(1);
    expect(await seen(show.display_id)).toBe(1);
    expect(await seen(category.display_id)).toBe(1);
    expect(await seen(privateShow.display_id)).toBe(0);
    expect(await seen(submission.display_id)).toBe(0);
    expect(await seen(user.display_id)).toBe(0);
    expect(await seen((await buildDocument(t, { is_public: false })).display_id)).toBe(0);
    expect(doc.display_id).toMatch(/^DOC-/);
    expect(show.display_id).toMatch(/^SLIDE-/);
    expect(user.display_id).toMatch(/^USER-/);
  });

  it('answers no results for an ID nobody has', async () => {
    const res = await search(viewer, 'PHOTO-99999');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 'PHOTO-99999', results: [] });
  });

  it('refuses an empty ID with the spec’s words', async () => {
    for (const id of ['', '  ', '#', ' # ']) {
      const res = await search(viewer, id);
      expectRefusal(res, 400, 'ID_REQUIRED');
      expect(res.json().message).toBe(ID_SEARCH_EMPTY_MESSAGE);
    }
    expectRefusal(await viewer.get('/api/admin/search/by-id'), 400, 'ID_REQUIRED');
  });

  it('is refused to visitors and contributors, by code', async () => {
    expectRefusal(await search(await asRole(t, 'anonymous'), 'PHOTO-00001'), 401, 'UNAUTHORIZED');
    expectRefusal(await search(await asRole(t, 'public'), 'PHOTO-00001'), 403, 'FORBIDDEN');
  });
});
