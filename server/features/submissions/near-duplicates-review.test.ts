import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transformed } from '#server/test/duplicate-pairs.ts';
import { asRole, type RoleClient } from '#server/test/factories.ts';
import { bytesFile, exifFixture } from '#server/test/fixtures.ts';
import { createTestApp, listen, type TestApp } from '#server/test/harness.ts';
import { multipartUpload } from '#server/test/multipart.ts';
import { tusUpload, uploaderCookie } from '#server/test/tus-client.ts';

/**
 * Near-duplicates at staff upload and at review (issue 29 part 4), on real camera photos: a staff
 * upload's answer names the items its picture looks like; a submission's review shows them, and
 * each of the three choices (keep both, replace, another version) does what it says, is logged,
 * and is refused by the server for an item that does not look like the submission.
 */
let t: TestApp;
let base: string;
let editor: RoleClient;
let photo: string;
let original: { id: string; displayId: string };
let unrelated: { id: string };
beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t);
  editor = await asRole(t, 'editor');
  photo = await exifFixture('gps');
  original = (await staffUpload(photo)).json().media;
  unrelated = (await staffUpload(await exifFixture('malformed'))).json().media;
});
afterAll(() => t.close());

function staffUpload(path: string) {
  const { payload, headers } = multipartUpload({}, { path });
  return editor.post('/api/admin/media', payload, headers);
}

let n = 0;
/** A pending submission of the photo re-encoded at quality 60 (its bytes differ: SHA-256 cannot tell). */
async function lookalikeSubmission(): Promise<string> {
  n += 1;
  const path = await bytesFile(
    await transformed(photo, n % 2 ? 'quality 60' : 'half size'),
    `again-${n}.jpg`,
  );
  const uploadId = await tusUpload(base, path);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/submissions',
    payload: { uploadId, title: `Aftur ${n}` },
    headers: { cookie: uploaderCookie(uploadId) ?? '' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().submission.id;
}

const approvedItem = async (id: string) =>
  (
    await t.db
      .selectFrom('submissions')
      .select('approved_media_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).approved_media_id;
const choose = (id: string, body: object) => editor.post(`/api/admin/submissions/${id}/near-duplicate`, body);
const lastActivity = () =>
  t.db
    .selectFrom('activity_logs')
    .select(['action', 'resource_id'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(3)
    .execute();

describe('POST /api/admin/media', () => {
  it('answers with the items the new picture looks like', async () => {
    const res = await staffUpload(await bytesFile(await transformed(photo, 'grey'), 'grey.jpg'));
    expect(res.statusCode, res.body).toBe(201);
    const near = res.json().nearDuplicates as { id: string; displayId: string; distance: number }[];
    expect(near.map((d) => d.id)).toEqual([original.id]);
    expect(near[0]!.displayId).toBe(original.displayId);
    expect(near[0]!.distance).toBeLessThanOrEqual(7);
  });
});

describe('GET /api/admin/submissions/:id', () => {
  it('shows the item a look-alike submission resembles', async () => {
    const id = await lookalikeSubmission();
    const res = await editor.get(`/api/admin/submissions/${id}`);
    expect(res.json().submission.nearDuplicates.map((d: { id: string }) => d.id)).toContain(original.id);
  });
});

describe('POST /api/admin/submissions/:id/near-duplicate', () => {
  it('keeps both: a new item beside the old one, logged', async () => {
    const id = await lookalikeSubmission();
    const res = await choose(id, { mediaId: original.id, choice: 'keep_both' });
    expect(res.statusCode, res.body).toBe(200);
    const made = await approvedItem(id);
    expect(made).not.toBe(original.id);
    const row = await t.db
      .selectFrom('media_items')
      .select('version_of_media_id')
      .where('id', '=', made)
      .executeTakeFirstOrThrow();
    expect(row.version_of_media_id).toBeNull();
    expect(await lastActivity()).toContainEqual({ action: 'media.duplicate_kept', resource_id: made });
  });

  it('links a new item as another version of the old one, logged', async () => {
    const id = await lookalikeSubmission();
    const res = await choose(id, { mediaId: original.id, choice: 'version' });
    expect(res.statusCode, res.body).toBe(200);
    const made = await approvedItem(id);
    const row = await t.db
      .selectFrom('media_items')
      .select('version_of_media_id')
      .where('id', '=', made)
      .executeTakeFirstOrThrow();
    expect(row.version_of_media_id).toBe(original.id);
    expect(await lastActivity()).toContainEqual({ action: 'media.version_linked', resource_id: made });
  });

  it("replaces the old item's file by the submission's, keeping the item, logged", async () => {
    const id = await lookalikeSubmission();
    const before = await t.db
      .selectFrom('media_items')
      .select(['file_key', 'sha256'])
      .where('id', '=', original.id)
      .executeTakeFirstOrThrow();
    const items = await t.db
      .selectFrom('media_items')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await choose(id, { mediaId: original.id, choice: 'replace' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await approvedItem(id)).toBe(original.id);
    const sent = await t.db
      .selectFrom('submissions')
      .select('sha256')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const after = await t.db
      .selectFrom('media_items')
      .select(['file_key', 'sha256'])
      .where('id', '=', original.id)
      .executeTakeFirstOrThrow();
    expect(after.sha256).toBe(sent.sha256);
    expect(after.sha256).not.toBe(before.sha256);
    await expect(t.ctx.blobs.get(before.file_key)).rejects.toThrow();
    const itemsAfter = await t.db
      .selectFrom('media_items')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(itemsAfter.n)).toBe(Number(items.n));
    expect(await lastActivity()).toContainEqual({ action: 'media.file_replaced', resource_id: original.id });
  });

  it('refuses any choice for an item the submission does not look like, and changes nothing', async () => {
    const id = await lookalikeSubmission();
    for (const choice of ['keep_both', 'replace', 'version']) {
      const res = await choose(id, { mediaId: unrelated.id, choice });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('NOT_NEAR_DUPLICATE');
    }
    const row = await t.db
      .selectFrom('submissions')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
  });
});
