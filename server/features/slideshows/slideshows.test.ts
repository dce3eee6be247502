import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
async function media(isPublic = true) {
  n += 1;
  const row = await t.db
    .insertInto('media_items')
    .values({
      title: `Slide ${n}`,
      media_type: 'image',
      file_key: `media/2026/11/s${n}.jpg`,
      file_name: 's.jpg',
      file_size: 1,
      mime_type: 'image/jpeg',
      sha256: 'c'.repeat(64),
      is_public: isPublic,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('public slideshows', () => {
  it('plays a public slideshow in order with durations, leaving out items that are not public', async () => {
    const [a, b, hidden] = [await media(), await media(), await media(false)];
    const show = await t.db
      .insertInto('slideshows')
      .values({ title: 'Gøta í 1950-árunum', is_public: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('slideshow_items')
      .values([
        { slideshow_id: show.id, media_item_id: b, order_index: 1, duration: 8, caption: 'Kirkjan' },
        { slideshow_id: show.id, media_item_id: a, order_index: 0 },
        { slideshow_id: show.id, media_item_id: hidden, order_index: 2 },
      ])
      .execute();
    const res = await t.app.inject(`/api/slideshows/${show.id}`);
    expect(res.statusCode).toBe(200);
    const { slideshow } = res.json();
    expect(slideshow.displayId).toMatch(/^SLIDE-\d{5}$/);
    expect(
      slideshow.slides.map((s: { mediaId: string; duration: number; caption: string | null }) => [
        s.mediaId,
        s.duration,
        s.caption,
      ]),
    ).toEqual([
      [a, 5, null],
      [b, 8, 'Kirkjan'],
    ]);
    expect((await t.app.inject('/api/slideshows/latest')).json()).toEqual({
      slideshow: { id: show.id, title: 'Gøta í 1950-árunum' },
    });
  });

  it("answers 'Slideshow not found or not public' for a private or missing one", async () => {
    const show = await t.db
      .insertInto('slideshows')
      .values({ title: 'Loynd' })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const id of [show.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await t.app.inject(`/api/slideshows/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Slideshow not found or not public');
    }
  });
});
