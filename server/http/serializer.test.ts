import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoriesResponse } from '#common/api/categories.ts';
import { featuredResponse, galleryPageResponse, gallerySummaryResponse } from '#common/api/gallery.ts';
import { mediaItemResponse } from '#common/api/media.ts';
import { publicSettingsResponse } from '#common/api/settings.ts';
import { buildCategory, buildMedia } from '#server/test/factories.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { checkResponsesAtRunTime, compileSerializer } from './serializer.ts';

let t: TestApp;
let id: string;
beforeAll(async () => {
  t = await createTestApp();
  const category = await buildCategory(t, { name: 'Bygdir' });
  id = (await buildMedia(t, { title: 'Gøta "úr" lofti', category_id: category.id, description: null })).id;
  await buildMedia(t, { title: 'Onnur', is_featured: true });
});
afterAll(() => t.close());

describe('the compiled response serializer (production)', () => {
  it('is not what tests use: tests check every answer against its zod schema', () => {
    expect(checkResponsesAtRunTime).toBe(true);
  });

  it.each([
    ['/api/gallery', galleryPageResponse],
    ['/api/gallery/featured', featuredResponse],
    ['/api/gallery/summary', gallerySummaryResponse],
    ['/api/categories', categoriesResponse],
    ['/api/settings/public', publicSettingsResponse],
    ['/api/media/:id', mediaItemResponse],
  ] as const)('writes %s exactly as the zod-checked answer', async (path, schema) => {
    const res = await t.app.inject(path.replace(':id', id));
    expect(res.statusCode).toBe(200);
    const checked = res.json();
    const write = compileSerializer(schema);
    expect(write).not.toBeNull();
    expect(JSON.parse(write!(checked))).toEqual(checked);
    // Only the schema's fields leave, as with zod.
    const withExtra = { ...checked, secret: 'x' };
    expect(JSON.parse(write!(withExtra))).toEqual(checked);
  });
});
