import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBMISSION_MAX_BYTES, UPLOAD_MAX_BYTES } from '#common/limits.ts';
import { buildCategory } from '#server/test/factories.ts';
import { htmlNamedJpg, imageFixture } from '#server/test/fixtures.ts';
import { buildUser, createTestApp, listen, signIn, TEST_ORIGIN, type TestApp } from '#server/test/harness.ts';
import { tusUpload } from '#server/test/tus-client.ts';
import { createUploadClaim } from '../uploads/uploads.repository.ts';
import { releaseStaleUploadClaims, UNSENT_CLAIM_MAX_AGE_MS } from '../uploads/uploads.service.ts';

let t: TestApp;
let base: string;
let editor: string;
let otherEditor: string;
let contributor: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t);
  const cookieOf = async (role: 'editor' | 'public') => {
    const user = await buildUser(t, { role });
    return signIn(t, user.email, user.password);
  };
  editor = await cookieOf('editor');
  otherEditor = await cookieOf('editor');
  contributor = await cookieOf('public');
});
afterAll(() => t.close());

const send = (path: string, cookie: string) => tusUpload(base, path, { headers: { cookie } });

const makeItem = (uploadId: string, cookie: string, fields: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/media/uploads',
    payload: { uploadId, ...fields },
    headers: { origin: TEST_ORIGIN, cookie },
  });

/** Starts an upload of `length` bytes (none sent yet), as the browser's first request does. */
const declare = (length: number, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: {
      'tus-resumable': '1.0.0',
      'upload-length': String(length),
      origin: TEST_ORIGIN,
      ...(cookie ? { cookie } : {}),
    },
  });

describe('POST /api/admin/media/uploads', () => {
  it('makes an item from a finished upload, with the fields given, once', async () => {
    const category = await buildCategory(t, { name: 'Havnir' });
    const uploadId = await send(await imageFixture('jpeg', { name: 'gomul-bryggja.jpg' }), editor);
    const res = await makeItem(uploadId, editor, {
      description: 'Bryggjan í 1930',
      keywords: 'havn, bátar',
      categoryId: category.id,
      isFeatured: true,
      copyrightStatus: 'public_domain',
    });
    expect(res.statusCode).toBe(201);
    const media = res.json().media;
    expect(media).toMatchObject({
      title: 'gomul-bryggja',
      description: 'Bryggjan í 1930',
      keywords: ['havn', 'bátar'],
      categoryId: category.id,
      isPublic: true,
      isFeatured: true,
      mediaType: 'image',
      fileName: 'gomul-bryggja.jpg',
    });
    const activity = await t.db
      .selectFrom('activity_logs')
      .select(['action', 'resource_name'])
      .where('resource_id', '=', media.id)
      .execute();
    expect(activity).toEqual([{ action: 'media.created', resource_name: 'gomul-bryggja' }]);

    // The bytes are spent: the same upload cannot make a second item.
    const again = await makeItem(uploadId, editor);
    expect(again.statusCode).toBe(404);
    expect(
      await t.db
        .selectFrom('media_items')
        .select('id')
        .where('file_name', '=', 'gomul-bryggja.jpg')
        .execute(),
    ).toHaveLength(1);
  });

  it('of two requests at once for one upload, makes one item', async () => {
    const uploadId = await send(await imageFixture('png', { name: 'tvey.png' }), editor);
    const answers = await Promise.all([makeItem(uploadId, editor), makeItem(uploadId, editor)]);
    // The other is refused: 409 when it meets the first one's claim, or 404 when the first one had
    // already made its item and spent the upload (on a fast PostgreSQL it can be done before the
    // second is read: seen in CI, 2026-11-29). The claim itself is refused in the next test.
    const [made, refused] = [...answers].sort((a, b) => a.statusCode - b.statusCode);
    expect(made?.statusCode).toBe(201);
    expect([409, 404]).toContain(refused?.statusCode);
    if (refused?.statusCode === 409) expect(refused.json().code).toBe('UPLOAD_CLAIMED');
    expect(
      await t.db.selectFrom('media_items').select('id').where('file_name', '=', 'tvey.png').execute(),
    ).toHaveLength(1);
  });

  it('takes an upload again whose claim a killed process left unsent, never one whose item was recorded', async () => {
    const claimOf = (uploadId: string) =>
      t.db.selectFrom('upload_claims').selectAll().where('upload_id', '=', uploadId).executeTakeFirst();
    // A process claimed this upload and was killed before it stored the file and wrote the row.
    const orphaned = await send(await imageFixture('png', { name: 'drepin.png' }), editor);
    expect(await createUploadClaim(t.db, orphaned)).toBe(true);
    expect((await makeItem(orphaned, editor)).json().code).toBe('UPLOAD_CLAIMED');
    // The running sweep leaves a young unsent claim alone: its work may still be under way.
    expect(await releaseStaleUploadClaims(t)).toBe(0);
    expect((await makeItem(orphaned, editor)).json().code).toBe('UPLOAD_CLAIMED');
    // Once it is older than any work takes, the sweep gives it back; so does a start on PGlite.
    const longAgo = new Date(Date.now() - UNSENT_CLAIM_MAX_AGE_MS - 60_000);
    await sql`update upload_claims set claimed_at = ${longAgo} where upload_id = ${orphaned}`.execute(t.db);
    expect(await releaseStaleUploadClaims(t)).toBe(1);
    const retried = await makeItem(orphaned, editor);
    expect(retried.statusCode, retried.body).toBe(201);
    expect((await claimOf(orphaned))?.sent_at).toBeInstanceOf(Date);

    // A process that committed the item but was killed before removing the upload: its claim was
    // marked sent in the item's transaction, so even a start gives it back never.
    const recorded = await send(await imageFixture('png', { name: 'skrivad.png' }), editor);
    await createUploadClaim(t.db, recorded);
    await t.db
      .updateTable('upload_claims')
      .set({ sent_at: new Date() })
      .where('upload_id', '=', recorded)
      .execute();
    expect(await releaseStaleUploadClaims(t, { atStart: true })).toBe(0);
    expect((await makeItem(recorded, editor)).json().code).toBe('UPLOAD_CLAIMED');
  });

  it("answers another staff member's upload as unknown, and it stays for its maker", async () => {
    const uploadId = await send(await imageFixture('png', { name: 'hansara.png' }), editor);
    const res = await makeItem(uploadId, otherEditor);
    expect(res.statusCode).toBe(404);
    expect((await makeItem(uploadId, editor)).statusCode).toBe(201);
  });

  it('keeps the upload when a field is wrong, so the same bytes can be used once it is put right', async () => {
    const uploadId = await send(await imageFixture('png', { name: 'rangur.png' }), editor);
    const res = await makeItem(uploadId, editor, { categoryId: '00000000-0000-4000-8000-000000000000' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('UNKNOWN_REFERENCE');
    expect((await makeItem(uploadId, editor)).statusCode).toBe(201);
  });

  it('gives the new item the batch’s place and point by the edit’s rules, and keeps the upload when they are wrong', async () => {
    const places = (await t.app.inject('/api/places')).json().places as {
      id: string;
      nameFo: string;
      latitude: number;
      longitude: number;
    }[];
    const gota = places.find((p) => p.nameFo === 'Norðragøta')!;
    const made = async (name: string, fields: Record<string, unknown>) => {
      const uploadId = await send(await imageFixture('png', { name }), editor);
      const res = await makeItem(uploadId, editor, fields);
      expect(res.statusCode, res.body).toBe(201);
      return res.json().media;
    };
    // A place alone: the place's point, as when staff choose it on the edit.
    expect(await made('stad.png', { placeId: gota.id, latitude: '', longitude: '' })).toMatchObject({
      placeId: gota.id,
      latitude: gota.latitude,
      longitude: gota.longitude,
    });
    // A place with a point of its own (a comma read as the decimal point): that point.
    expect(await made('punkt.png', { placeId: gota.id, latitude: '62,2', longitude: '-6.74' })).toMatchObject(
      {
        placeId: gota.id,
        latitude: 62.2,
        longitude: -6.74,
      },
    );
    // A point alone, and nothing: no place.
    expect(await made('bert.png', { placeId: '', latitude: 61.5, longitude: -6.8 })).toMatchObject({
      placeId: null,
      latitude: 61.5,
      longitude: -6.8,
    });
    expect(await made('einki.png', {})).toMatchObject({ placeId: null, latitude: null, longitude: null });

    // Half a point, a point off the globe, an unknown place: refused, the bytes kept for the retry.
    const uploadId = await send(await imageFixture('png', { name: 'rangt-stad.png' }), editor);
    const half = await makeItem(uploadId, editor, { latitude: '62', longitude: '' });
    expect(half.statusCode).toBe(400);
    expect(half.json()).toMatchObject({ code: 'VALIDATION_ERROR', issues: [{ path: 'latitude' }] });
    const off = await makeItem(uploadId, editor, { latitude: 62, longitude: 200 });
    expect(off.json()).toMatchObject({ code: 'VALIDATION_ERROR', issues: [{ path: 'longitude' }] });
    const unknown = await makeItem(uploadId, editor, { placeId: '5b1e7a52-4a7c-4bfb-9a3e-1f6c1e9e0c11' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'UNKNOWN_REFERENCE',
      message: 'The chosen place no longer exists.',
    });
    expect((await makeItem(uploadId, editor, { placeId: gota.id })).statusCode).toBe(201);
  });

  it('refuses a file whose content is not what its name says, naming it, and drops the bytes', async () => {
    const uploadId = await send(await htmlNamedJpg('mynd.jpg'), editor);
    const res = await makeItem(uploadId, editor);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toContain('mynd.jpg');
    expect((await makeItem(uploadId, editor)).statusCode).toBe(404);
  });

  it('is refused to a contributor, whose upload stays theirs to submit', async () => {
    const uploadId = await send(await imageFixture('png', { name: 'mitt.png' }), contributor);
    const res = await makeItem(uploadId, contributor);
    expect(res.statusCode).toBe(403);
  });
});

describe('upload size by who sends', () => {
  it('lets staff who manage media declare up to 100 MB, and no more', async () => {
    expect((await declare(UPLOAD_MAX_BYTES, editor)).statusCode).toBe(201);
    expect((await declare(UPLOAD_MAX_BYTES + 1, editor)).statusCode).toBe(413);
  });

  it('keeps contributors and anonymous senders to the submission limit of 50 MB', async () => {
    expect((await declare(SUBMISSION_MAX_BYTES, contributor)).statusCode).toBe(201);
    expect((await declare(SUBMISSION_MAX_BYTES + 1, contributor)).statusCode).toBe(413);
    expect((await declare(SUBMISSION_MAX_BYTES + 1)).statusCode).toBe(413);
  });
});
