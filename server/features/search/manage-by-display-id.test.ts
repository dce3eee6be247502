import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asRole,
  buildCategory,
  buildDocument,
  buildMedia,
  buildSlideshow,
  buildSubmission,
  type RoleClient,
} from '#server/test/factories.ts';
import { buildUser, createTestApp, type TestApp } from '#server/test/harness.ts';

/**
 * The ID search's Manage button opens the record's screen searched for its display id
 * (`?q=PHOTO-00042`), so every staff list finds a record by its display id too, however it is
 * typed (a leading #, any case), and only that record.
 */
let t: TestApp;
let admin: RoleClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = await asRole(t, 'admin');
});
afterAll(() => t.close());

const typed = (displayId: string) => encodeURIComponent(`  #${displayId.toLowerCase()} `);

async function idsFound(url: string): Promise<string[]> {
  const res = await admin.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().items as { id: string }[]).map((item) => item.id);
}

describe('every staff list finds a record by its display id', () => {
  it('media, submissions, documents, slideshows, categories and users', async () => {
    const media = await buildMedia(t);
    await buildMedia(t);
    const submission = await buildSubmission(t);
    const document = await buildDocument(t);
    const slideshow = await buildSlideshow(t, [{ mediaId: media.id }]);
    const category = await buildCategory(t);
    const user = await buildUser(t);
    const display = async (table: 'users', id: string) =>
      (await t.db.selectFrom(table).select('display_id').where('id', '=', id).executeTakeFirstOrThrow())
        .display_id;

    expect(await idsFound(`/api/admin/media?q=${typed(media.display_id)}`)).toEqual([media.id]);
    expect(await idsFound(`/api/admin/submissions?q=${typed(submission.display_id)}`)).toEqual([
      submission.id,
    ]);
    expect(await idsFound(`/api/admin/documents?q=${typed(document.display_id)}`)).toEqual([document.id]);
    expect(await idsFound(`/api/admin/slideshows?q=${typed(slideshow.display_id)}`)).toEqual([slideshow.id]);
    expect(await idsFound(`/api/admin/categories/cards?q=${typed(category.display_id)}`)).toEqual([
      category.id,
    ]);
    expect(
      await idsFound(`/api/admin/users?q=${encodeURIComponent(await display('users', user.id))}`),
    ).toEqual([user.id]);
  });
});
