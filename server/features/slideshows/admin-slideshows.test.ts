import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSlideshowDetail, AdminSlideshowSummary } from '#common/api/slideshows.ts';
import { expectRefusal } from '#server/test/expect-refusal.ts';
import {
  asRoles,
  buildDerivatives,
  buildMedia,
  buildSlideshow,
  type RoleClient,
} from '#server/test/factories.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';

let t: TestApp;
let admin: RoleClient;
let editor: RoleClient;
let viewer: RoleClient;
let publicUser: RoleClient;
let anonymous: RoleClient;
beforeAll(async () => {
  t = await createTestApp();
  ({ admin, editor, viewer, public: publicUser, anonymous } = await asRoles(t));
});
afterAll(() => t.close());

const media = async (isPublic = true) => (await buildMedia(t, { is_public: isPublic })).id;

function activityOf(id: string) {
  return t.db
    .selectFrom('activity_logs')
    .select('action')
    .where('resource_id', '=', id)
    .orderBy('created_at')
    .execute()
    .then((rows) => rows.map((r) => r.action));
}

async function expectStaffOnly(
  call: (as: typeof editor) => Promise<{ statusCode: number; body: string; json(): unknown }>,
) {
  expectRefusal(await call(anonymous), 401, 'UNAUTHORIZED');
  expectRefusal(await call(publicUser), 403, 'FORBIDDEN');
  expectRefusal(await call(viewer), 403, 'FORBIDDEN');
}

const slidesOf = (show: AdminSlideshowDetail) =>
  show.slides.map((s) => [s.mediaId, s.orderIndex, s.duration, s.caption]);

describe('GET /api/admin/slideshows', () => {
  it('lists every slideshow, public or not, newest first, with slide count and covers', async () => {
    const a = await media();
    await buildDerivatives(t, a, [{ variant: 'thumb', width: 400, height: 300 }]);
    const hidden = await buildSlideshow(t, [a, await media(false)], {
      title: 'Loynd sýning',
      is_public: false,
    });
    const res = await editor.get('/api/admin/slideshows?q=loynd');
    expect(res.statusCode, res.body).toBe(200);
    const [item] = res.json().items as AdminSlideshowSummary[];
    expect(item).toMatchObject({ id: hidden.id, isPublic: false, slideCount: 2 });
    expect(item!.covers[0]).toMatch(new RegExp(`^/files/media/${a}/thumb`));
    expect(res.json().total).toBe(1);
    await expectStaffOnly((as) => as.get('/api/admin/slideshows'));
  });
});

describe('POST /api/admin/slideshows', () => {
  it("refuses a slideshow without items with the spec's message, and the roles without content rights", async () => {
    const res = await editor.post('/api/admin/slideshows', { title: 'Tóm', slides: [] });
    expectRefusal(res, 400, 'VALIDATION_ERROR', ['slides']);
    expect(JSON.stringify(res.json())).toContain('Please select at least one media item for the slideshow');
    const m = await media();
    await expectStaffOnly((as) => as.post('/api/admin/slideshows', { title: 'X', slides: [{ mediaId: m }] }));
  });
});

describe('GET /api/admin/slideshows/:id', () => {
  it('gives every slide in order for the edit dialog, private items included', async () => {
    const [a, b] = [await media(), await media(false)];
    const show = await buildSlideshow(t, [a, { mediaId: b, duration: 9, caption: 'Loyndur' }]);
    const res = await editor.get(`/api/admin/slideshows/${show.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(slidesOf(res.json().slideshow)).toEqual([
      [a, 0, 5, null],
      [b, 1, 9, 'Loyndur'],
    ]);
    expectRefusal(
      await editor.get('/api/admin/slideshows/00000000-0000-4000-8000-000000000000'),
      404,
      'NOT_FOUND',
    );
    await expectStaffOnly((as) => as.get(`/api/admin/slideshows/${show.id}`));
  });
});

describe('PATCH /api/admin/slideshows/:id', () => {
  it('appends new items after the current highest order_index, default duration 5', async () => {
    const [a, b, c, d] = [await media(), await media(), await media(), await media()];
    const show = await buildSlideshow(t, [a, b]);
    // A gap, as older data has: the append rule is about the highest index, not the count.
    await t.db
      .updateTable('slideshow_items')
      .set({ order_index: 7 })
      .where('slideshow_id', '=', show.id)
      .where('media_item_id', '=', b)
      .execute();
    const res = await editor.patch(`/api/admin/slideshows/${show.id}`, {
      add: [{ mediaId: c }, { mediaId: d, duration: 3, caption: 'Endin' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().added).toBe(2);
    expect(slidesOf(res.json().slideshow)).toEqual([
      [a, 0, 5, null],
      [b, 7, 5, null],
      [c, 8, 5, null],
      [d, 9, 3, 'Endin'],
    ]);
    expect(await activityOf(show.id)).toEqual(['slideshow.updated']);
  });

  it('reorders, retimes and recaptions kept slides, removes the left-out ones, then appends', async () => {
    const [a, b, c, d] = [await media(), await media(), await media(), await media()];
    const show = await buildSlideshow(t, [a, b, c], { is_public: true });
    const before = (await editor.get(`/api/admin/slideshows/${show.id}`)).json()
      .slideshow as AdminSlideshowDetail;
    const [sa, sb] = before.slides;
    const res = await admin.patch(`/api/admin/slideshows/${show.id}`, {
      title: '  Nýtt heiti ',
      description: '',
      slides: [
        { id: sb!.id, duration: 12, caption: ' Kirkjan ' },
        { id: sa!.id, duration: 4, caption: '' },
      ],
      add: [{ mediaId: d }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json().slideshow as AdminSlideshowDetail;
    expect(after).toMatchObject({ title: 'Nýtt heiti', description: null });
    expect(slidesOf(after)).toEqual([
      [b, 0, 12, 'Kirkjan'],
      [a, 1, 4, null],
      [d, 2, 5, null],
    ]);
    // The public player follows the new order.
    const played = (await anonymous.get(`/api/slideshows/${show.id}`)).json().slideshow;
    expect(played.slides.map((s: { mediaId: string }) => s.mediaId)).toEqual([b, a, d]);
    expect(after.slides.some((s) => s.mediaId === c)).toBe(false);
  });

  it('refuses slides of another slideshow, unknown items, and leaving it empty; nothing changes', async () => {
    const [a, b] = [await media(), await media()];
    const show = await buildSlideshow(t, [a]);
    const other = await buildSlideshow(t, [b]);
    const otherSlide = (await editor.get(`/api/admin/slideshows/${other.id}`)).json().slideshow.slides[0];
    expectRefusal(
      await editor.patch(`/api/admin/slideshows/${show.id}`, {
        title: 'Broytt',
        slides: [{ id: otherSlide.id, duration: 5 }],
      }),
      400,
      'UNKNOWN_REFERENCE',
    );
    expectRefusal(
      await editor.patch(`/api/admin/slideshows/${show.id}`, {
        add: [{ mediaId: '00000000-0000-4000-8000-000000000000' }],
      }),
      400,
      'UNKNOWN_REFERENCE',
    );
    expectRefusal(
      await editor.patch(`/api/admin/slideshows/${show.id}`, { slides: [] }),
      400,
      'EMPTY_SLIDESHOW',
    );
    const now = (await editor.get(`/api/admin/slideshows/${show.id}`)).json().slideshow;
    expect(now.title).toBe(show.title);
    expect(slidesOf(now)).toEqual([[a, 0, 5, null]]);
  });

  it('toggles public and featured, each logged as what it did', async () => {
    const show = await buildSlideshow(t, [await media()]);
    expect(
      (await editor.patch(`/api/admin/slideshows/${show.id}`, { isPublic: true })).json().slideshow,
    ).toMatchObject({ isPublic: true, isFeatured: false });
    expect(
      (await editor.patch(`/api/admin/slideshows/${show.id}`, { isFeatured: true })).json().slideshow,
    ).toMatchObject({ isPublic: true, isFeatured: true });
    await editor.patch(`/api/admin/slideshows/${show.id}`, { isPublic: false });
    expect(await activityOf(show.id)).toEqual([
      'slideshow.published',
      'slideshow.featured',
      'slideshow.unpublished',
    ]);
    await expectStaffOnly((as) => as.patch(`/api/admin/slideshows/${show.id}`, { isPublic: true }));
  });
});

describe('DELETE /api/admin/slideshows/:id', () => {
  it('deletes the slideshow and its slides, keeps the items, and logs it', async () => {
    const a = await media();
    const show = await buildSlideshow(t, [a], { is_public: true });
    await expectStaffOnly((as) => as.delete(`/api/admin/slideshows/${show.id}`));
    const res = await editor.delete(`/api/admin/slideshows/${show.id}`);
    expect(res.statusCode, res.body).toBe(204);
    expectRefusal(await anonymous.get(`/api/slideshows/${show.id}`), 404, 'NOT_FOUND');
    const slides = await t.db
      .selectFrom('slideshow_items')
      .select('id')
      .where('slideshow_id', '=', show.id)
      .execute();
    expect(slides).toEqual([]);
    expect(await t.db.selectFrom('media_items').select('id').where('id', '=', a).executeTakeFirst()).toEqual({
      id: a,
    });
    expect(await activityOf(show.id)).toEqual(['slideshow.deleted']);
    expectRefusal(await editor.delete(`/api/admin/slideshows/${show.id}`), 404, 'NOT_FOUND');
  });
});
