import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageFixture } from '#server/test/fixtures.ts';
import { asRole, type RoleClient } from '#server/test/factories.ts';
import { createTestApp, type TestApp, listen } from '#server/test/harness.ts';
import { tusUpload, uploaderCookie } from '#server/test/tus-client.ts';

/**
 * Review and claim under parallel requests (DESIGN.md §4.6: approval is final and happens once),
 * on the engine this run tests (PGlite, and PostgreSQL in the second pass).
 */
let t: TestApp;
let base: string;
let editor: RoleClient;
beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t);
  editor = await asRole(t, 'editor');
});
afterAll(() => t.close());

let n = 0;
async function upload() {
  n += 1;
  return tusUpload(base, await imageFixture('jpeg', { name: `review-${n}.jpg`, width: 64 + n, height: 48 }));
}

const claim = (uploadId: string, title = 'Gomul mynd') =>
  t.app.inject({
    method: 'POST',
    url: '/api/submissions',
    payload: { uploadId, title },
    headers: { cookie: uploaderCookie(uploadId) ?? '' },
  });

async function pendingSubmission() {
  const res = await claim(await upload());
  expect(res.statusCode).toBe(201);
  return res.json().submission as { id: string };
}

const review = (id: string, body: Record<string, unknown>) =>
  editor.patch(`/api/admin/submissions/${id}`, body);

const itemsFrom = (submissionId: string) =>
  t.db
    .selectFrom('media_items')
    .innerJoin('submissions', 'submissions.sha256', 'media_items.sha256')
    .select('media_items.id')
    .where('submissions.id', '=', submissionId)
    .execute();

describe('POST /api/submissions claiming one finished upload', () => {
  it('makes one submission of three parallel claims; the others are told it was already sent', async () => {
    const uploadId = await upload();
    const answers = await Promise.all([claim(uploadId), claim(uploadId), claim(uploadId)]);
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses[0]).toBe(201);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.statusCode !== 201)) {
      // Either it lost the claim, or the upload was already turned into the submission and gone.
      expect(['UPLOAD_CLAIMED', 'NOT_FOUND']).toContain(refused.json().code);
    }
    const id = answers.find((a) => a.statusCode === 201)!.json().submission.id;
    const rows = await t.db
      .selectFrom('submissions')
      .select('id')
      .where(
        'sha256',
        '=',
        (await t.db.selectFrom('submissions').select('sha256').where('id', '=', id).executeTakeFirstOrThrow())
          .sha256,
      )
      .execute();
    expect(rows).toHaveLength(1);
  });
});

describe('PATCH /api/admin/submissions/:id', () => {
  it('refuses with FILE_MISSING, not 500, to approve a submission whose file is gone, and makes no item', async () => {
    // Found by server/security/route-fuzz.test.ts: the copy's BlobNotFoundError answered 500.
    const { id } = await pendingSubmission();
    const row = await t.db
      .selectFrom('submissions')
      .select('file_key')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await t.ctx.blobs.delete(row.file_key);
    const res = await review(id, { status: 'approved' });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().code).toBe('FILE_MISSING');
    expect(await itemsFrom(id)).toEqual([]);
    expect((await review(id, { status: 'rejected' })).statusCode).toBe(200);
  });

  it('makes one public item of three parallel approvals, and answers each with the approved submission', async () => {
    const { id } = await pendingSubmission();
    const answers = await Promise.all([
      review(id, { status: 'approved' }),
      review(id, { status: 'approved' }),
      review(id, { status: 'approved' }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const mediaIds = new Set(answers.map((a) => a.json().submission.mediaId));
    expect(mediaIds.size).toBe(1);
    const items = await itemsFrom(id);
    expect(items.map((i) => i.id)).toEqual([...mediaIds]);
    const logged = await t.db
      .selectFrom('activity_logs')
      .select('action')
      .where('resource_id', '=', id)
      .execute();
    expect(logged).toEqual([{ action: 'submission.approved' }]);
    // Only the item's own file was copied: the losers' copies were removed again.
    const stored = readdirSync(join(t.dataDir, 'files', 'media'), { recursive: true, withFileTypes: true });
    expect(stored.filter((entry) => entry.isFile())).toHaveLength(1);
  });

  it('keeps an approval final: rejecting or reopening an approved submission is refused', async () => {
    const { id } = await pendingSubmission();
    expect((await review(id, { status: 'approved' })).statusCode).toBe(200);
    for (const status of ['rejected', 'pending']) {
      const res = await review(id, { status, reviewNotes: 'Feil' });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('APPROVAL_FINAL');
    }
    const [item] = await itemsFrom(id);
    expect((await t.app.inject(`/api/media/${item!.id}`)).statusCode).toBe(200);
  });

  it('lets a rejected submission be reviewed again: approving it then makes its item', async () => {
    const { id } = await pendingSubmission();
    const rejected = await review(id, { status: 'rejected', reviewNotes: 'Ov myrk' });
    expect(rejected.json().submission).toMatchObject({ status: 'rejected', mediaId: null });
    expect(await itemsFrom(id)).toHaveLength(0);
    const reopened = await review(id, { status: 'pending' });
    expect(reopened.json().submission.status).toBe('pending');
    const approved = await review(id, { status: 'approved' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().submission.status).toBe('approved');
    expect(await itemsFrom(id)).toHaveLength(1);
    const logged = await t.db
      .selectFrom('activity_logs')
      .select('action')
      .where('resource_id', '=', id)
      .orderBy('id')
      .execute();
    expect(logged.map((r) => r.action)).toEqual([
      'submission.rejected',
      'submission.reopened',
      'submission.approved',
    ]);
  });

  it('makes the item with the watermark in force when the file was sent, not at approval', async () => {
    const admin = await asRole(t, 'admin');
    const set = (settings: Record<string, string>) =>
      t.ctx.db
        .insertInto('site_settings')
        .values(Object.entries(settings).map(([key, value]) => ({ key, value })))
        .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })))
        .execute();
    await set({ watermark_type: 'stamp', watermark_position: 'center', watermark_text: 'Sent-time mark' });
    const { id } = await pendingSubmission();
    await set({ watermark_type: 'none', watermark_text: 'Later mark' });
    expect((await admin.patch(`/api/admin/submissions/${id}`, { status: 'approved' })).statusCode).toBe(200);
    const item = await t.db
      .selectFrom('media_items')
      .innerJoin('submissions', 'submissions.approved_media_id', 'media_items.id')
      .select([
        'media_items.watermark_enabled',
        'media_items.watermark_type',
        'media_items.watermark_position',
        'media_items.watermark_text',
      ])
      .where('submissions.id', '=', id)
      .executeTakeFirstOrThrow();
    expect(item).toEqual({
      watermark_enabled: true,
      watermark_type: 'stamp',
      watermark_position: 'center',
      watermark_text: 'Sent-time mark',
    });
  });
});
