import { CUSTOM_CARD_URL_MESSAGE } from '#common/api/settings.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRefusal } from '#server/test/expect-refusal.ts';
import { asRoles, buildMediaMany } from '#server/test/factories.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '#server/test/harness.ts';

// The staff writes the public screens' content comes from: categories, slideshows, item edits and
// site settings. The back-office screens build on these same routes.
let t: TestApp;
let admin: string;
let editor: string;
let viewer: string;
let itemIds: string[];

function send(method: 'POST' | 'PATCH' | 'PUT', url: string, payload: object, cookie?: string) {
  return t.app.inject({
    method,
    url,
    payload,
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
  });
}

beforeAll(async () => {
  t = await createTestApp();
  const roles = await asRoles(t, ['admin', 'editor', 'viewer']);
  [admin, editor, viewer] = [roles.admin.cookie!, roles.editor.cookie!, roles.viewer.cookie!];
  const titles = ['Gøta havn', 'Norðragøta', 'Loynd mynd'];
  itemIds = (await buildMediaMany(t, 3, (i) => ({ title: titles[i], is_public: i < 2 }))).map((r) => r.id);
});
afterAll(() => t.close());

describe('categories', () => {
  it('lets content managers create one, shown publicly only when public', async () => {
    const res = await send(
      'POST',
      '/api/admin/categories',
      { name: '  Fiskiskapur ', color: '#0EA5E9', icon: '🐟' },
      editor,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().category).toMatchObject({
      name: 'Fiskiskapur',
      color: '#0EA5E9',
      icon: '🐟',
      isPublic: true,
      description: null,
    });
    expect(res.json().category.displayId).toMatch(/^CAT-\d{5,}$/);
    await send('POST', '/api/admin/categories', { name: 'Loynt', isPublic: false }, admin);
    const names = (await t.app.inject('/api/categories'))
      .json()
      .categories.map((c: { name: string }) => c.name);
    expect(names).toContain('Fiskiskapur');
    expect(names).not.toContain('Loynt');
    const defaulted = await send('POST', '/api/admin/categories', { name: 'Fólk' }, admin);
    expect(defaulted.json().category.color).toBe('#3B82F6');
  });

  it('refuses an empty name, a bad colour, viewers and visitors', async () => {
    expectRefusal(
      await send('POST', '/api/admin/categories', { name: '   ' }, admin),
      400,
      'VALIDATION_ERROR',
      ['name'],
    );
    expectRefusal(
      await send('POST', '/api/admin/categories', { name: 'X', color: 'red' }, admin),
      400,
      'VALIDATION_ERROR',
      ['color'],
    );
    expectRefusal(await send('POST', '/api/admin/categories', { name: 'X' }, viewer), 403, 'FORBIDDEN');
    expectRefusal(await send('POST', '/api/admin/categories', { name: 'X' }), 401, 'UNAUTHORIZED');
  });
});

describe('slideshows', () => {
  it('creates a slideshow whose public slides play in the order given', async () => {
    const res = await send(
      'POST',
      '/api/admin/slideshows',
      {
        title: 'Gøta fyrr',
        isPublic: true,
        slides: [
          { mediaId: itemIds[1], duration: 8, caption: 'Norðuri' },
          { mediaId: itemIds[0] },
          { mediaId: itemIds[2] },
        ],
      },
      editor,
    );
    expect(res.statusCode).toBe(201);
    const { id, slideCount, displayId } = res.json().slideshow;
    expect(slideCount).toBe(3);
    expect(displayId).toMatch(/^SLIDE-\d{5,}$/);
    const shown = (await t.app.inject(`/api/slideshows/${id}`)).json().slideshow;
    // The non-public item is left out of what the public sees.
    expect(shown.slides.map((s: { media: { title: string } }) => s.media.title)).toEqual([
      'Norðragøta',
      'Gøta havn',
    ]);
    expect(shown.slides[0]).toMatchObject({ duration: 8, caption: 'Norðuri' });
    expect(shown.slides[1]).toMatchObject({ duration: 5, caption: null });
    expect((await t.app.inject('/api/slideshows/latest')).json().slideshow).toEqual({
      id,
      title: 'Gøta fyrr',
    });
  });

  it('needs at least one existing item and the right to manage slideshows', async () => {
    const empty = await send('POST', '/api/admin/slideshows', { title: 'Tómt', slides: [] }, admin);
    expectRefusal(empty, 400, 'VALIDATION_ERROR', ['slides']);
    expect(empty.json().message).toContain('Please select at least one media item for the slideshow');
    const unknown = await send(
      'POST',
      '/api/admin/slideshows',
      { title: 'Vantar', slides: [{ mediaId: '00000000-0000-4000-8000-000000000000' }] },
      admin,
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('UNKNOWN_REFERENCE');
    const bySlideshow = await send(
      'POST',
      '/api/admin/slideshows',
      { title: 'X', slides: [{ mediaId: itemIds[0] }] },
      viewer,
    );
    expectRefusal(bySlideshow, 403, 'FORBIDDEN');
  });
});

describe('editing an item', () => {
  it('changes only the fields sent: featuring an item puts it in the featured strip', async () => {
    const res = await send(
      'PATCH',
      `/api/admin/media/${itemIds[0]}`,
      { isFeatured: true, location: 'Gøta' },
      editor,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().media).toMatchObject({ isFeatured: true, location: 'Gøta', title: 'Gøta havn' });
    const featured = (await t.app.inject('/api/gallery/featured'))
      .json()
      .items.map((i: { id: string }) => i.id);
    expect(featured).toContain(itemIds[0]);
  });

  it('hides an item made non-public from the public, and refuses an empty title and viewers', async () => {
    expect(
      (await send('PATCH', `/api/admin/media/${itemIds[1]}`, { isPublic: false }, admin)).statusCode,
    ).toBe(200);
    expectRefusal(await t.app.inject(`/api/media/${itemIds[1]}`), 404, 'NOT_FOUND');
    expectRefusal(
      await send('PATCH', `/api/admin/media/${itemIds[1]}`, { title: ' ' }, admin),
      400,
      'VALIDATION_ERROR',
      ['title'],
    );
    expectRefusal(
      await send('PATCH', `/api/admin/media/${itemIds[1]}`, { isPublic: true }, viewer),
      403,
      'FORBIDDEN',
    );
    const missing = await send(
      'PATCH',
      '/api/admin/media/00000000-0000-4000-8000-000000000000',
      { isPublic: true },
      admin,
    );
    expectRefusal(missing, 404, 'NOT_FOUND');
  });
});

describe('site settings', () => {
  it('lets an admin change the general settings, which the public then reads', async () => {
    const res = await send(
      'PUT',
      '/api/admin/settings',
      { settings: { document_button_text: 'Skráin 2026', custom_card_enabled: 'true' } },
      admin,
    );
    expect(res.statusCode).toBe(200);
    const { settings } = (await t.app.inject('/api/settings/public')).json();
    expect(settings).toMatchObject({
      document_button_text: 'Skráin 2026',
      custom_card_enabled: 'true',
      custom_card_title: 'Special Document',
    });
    await send('PUT', '/api/admin/settings', { settings: { document_button_text: 'Aftur' } }, admin);
    expect((await t.app.inject('/api/settings/public')).json().settings.document_button_text).toBe('Aftur');
  });

  it('refuses unknown keys, editors and visitors', async () => {
    expectRefusal(
      await send('PUT', '/api/admin/settings', { settings: { evil: 'x' } }, admin),
      400,
      'VALIDATION_ERROR',
    );
    expectRefusal(
      await send('PUT', '/api/admin/settings', { settings: { site_title: 'x' } }, editor),
      403,
      'FORBIDDEN',
    );
    expectRefusal(
      await send('PUT', '/api/admin/settings', { settings: { site_title: 'x' } }),
      401,
      'UNAUTHORIZED',
    );
  });

  it('takes only an http(s) URL or a path of this site as the custom card link', async () => {
    for (const url of ['https://example.org/skra.pdf', '/files/documents/x', '']) {
      const res = await send(
        'PUT',
        '/api/admin/settings',
        { settings: { custom_card_file_url: url } },
        admin,
      );
      expect(res.statusCode, url).toBe(200);
    }
    for (const url of ['javascript:alert(1)', '//evil.example/x', 'data:text/html,hi', '/\\evil.example']) {
      const res = await send(
        'PUT',
        '/api/admin/settings',
        { settings: { custom_card_file_url: url } },
        admin,
      );
      expect(res.statusCode, url).toBe(400);
      expect(res.json().issues).toContainEqual({
        path: 'settings.custom_card_file_url',
        message: CUSTOM_CARD_URL_MESSAGE,
      });
    }
  });
});
