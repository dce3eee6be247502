import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMedia, buildSlideshow } from '#server/test/factories.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const media = async (isPublic = true) => (await buildMedia(t, { is_public: isPublic })).id;

describe('public slideshows', () => {
  it('plays a public slideshow in order with durations, leaving out items that are not public', async () => {
    const [a, b, hidden] = [await media(), await media(), await media(false)];
    const show = await buildSlideshow(t, [a, { mediaId: b, duration: 8, caption: 'Kirkjan' }, hidden], {
      title: 'Gøta í 1950-árunum',
      is_public: true,
    });
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
    const show = await buildSlideshow(t, [await media()], { title: 'Loynd' });
    for (const id of [show.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await t.app.inject(`/api/slideshows/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Slideshow not found or not public' });
    }
  });
});
