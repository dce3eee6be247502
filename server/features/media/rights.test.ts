import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RIGHTS_STATEMENTS, rightsForStatus, statusForRights } from '#common/rights.ts';
import { COPYRIGHT_STATUSES } from '#common/enums.ts';
import { asRole, buildDerivatives, buildMedia, buildSubmission } from '#server/test/factories.ts';
import { imageFixture } from '#server/test/fixtures.ts';
import { multipartUpload } from '#server/test/multipart.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { getDerivativeSource } from '#server/media/derivatives/derivatives.repository.ts';

/** Rights statements on items (issue 26 §1). */
const InC = 'http://rightsstatements.org/vocab/InC/1.0/';
const CNE = 'http://rightsstatements.org/vocab/CNE/1.0/';
const BY = 'http://creativecommons.org/licenses/by/4.0/';
const BY_SA = 'http://creativecommons.org/licenses/by-sa/4.0/';
const PDM = 'http://creativecommons.org/publicdomain/mark/1.0/';

let t: TestApp;
let editor: Awaited<ReturnType<typeof asRole>>;
let admin: Awaited<ReturnType<typeof asRole>>;
let visitor: Awaited<ReturnType<typeof asRole>>;
beforeAll(async () => {
  t = await createTestApp();
  editor = await asRole(t, 'editor');
  admin = await asRole(t, 'admin');
  visitor = await asRole(t, 'anonymous');
});
afterAll(() => t.close());

const rowOf = (id: string) =>
  t.db
    .selectFrom('media_items')
    .select(['rights', 'copyright_status'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('the vocabulary', () => {
  it('has the 12 rightsstatements.org statements and the 8 Creative Commons ones, as http:// URIs', () => {
    expect(
      RIGHTS_STATEMENTS.filter((r) => r.uri.startsWith('http://rightsstatements.org/vocab/')),
    ).toHaveLength(12);
    expect(RIGHTS_STATEMENTS.filter((r) => r.uri.startsWith('http://creativecommons.org/'))).toHaveLength(8);
    for (const r of RIGHTS_STATEMENTS) expect(r.uri).toMatch(/^http:\/\/[^ ]+\/$/);
  });
  it('gives each copyright status a statement that records that status again', () => {
    for (const status of COPYRIGHT_STATUSES) expect(statusForRights(rightsForStatus(status))).toBe(status);
  });
});

describe('rights and copyright_status stay in step (migration 0018)', () => {
  it('a status alone written to the row takes its statement; a statement takes its status', async () => {
    const item = await buildMedia(t, { copyright_status: 'copyrighted' });
    expect(await rowOf(item.id)).toEqual({ rights: InC, copyright_status: 'copyrighted' });
    const plain = await buildMedia(t);
    expect(await rowOf(plain.id)).toEqual({ rights: CNE, copyright_status: 'unknown' });
    const pd = await buildMedia(t, { rights: PDM });
    expect(await rowOf(pd.id)).toEqual({ rights: PDM, copyright_status: 'public_domain' });
  });

  it('PATCH with a statement sets both; with a status only, keeps a statement of that status', async () => {
    const item = await buildMedia(t);
    let res = await editor.patch(`/api/admin/media/${item.id}`, { rights: BY_SA });
    expect(res.statusCode).toBe(200);
    expect(res.json().media).toMatchObject({ rights: BY_SA, copyrightStatus: 'creative_commons' });
    res = await editor.patch(`/api/admin/media/${item.id}`, { copyrightStatus: 'creative_commons' });
    expect(res.json().media).toMatchObject({ rights: BY_SA, copyrightStatus: 'creative_commons' });
    res = await editor.patch(`/api/admin/media/${item.id}`, { copyrightStatus: 'copyrighted' });
    expect(res.json().media).toMatchObject({ rights: InC, copyrightStatus: 'copyrighted' });
  });

  it('refuses a URI outside the vocabulary, the https:// variant included, and changes nothing', async () => {
    const item = await buildMedia(t, { rights: BY });
    for (const rights of [
      'https://creativecommons.org/licenses/by/4.0/',
      'http://creativecommons.org/licenses/by/3.0/',
    ]) {
      const res = await editor.patch(`/api/admin/media/${item.id}`, { rights, title: 'Nýtt heiti' });
      expect(res.statusCode).toBe(400);
      expect(res.json().issues[0].path).toBe('rights');
    }
    expect(await rowOf(item.id)).toEqual({ rights: BY, copyright_status: 'creative_commons' });
  });
});

describe('setting rights for a selection, at upload and at approval', () => {
  it('bulk: every chosen item gets the statement, counted once', async () => {
    const a = await buildMedia(t);
    const b = await buildMedia(t, { rights: BY });
    const res = await editor.post('/api/admin/media/bulk', {
      ids: [a.id, b.id],
      action: 'rights',
      rights: BY,
    });
    expect(res.json()).toEqual({ changed: 1 });
    expect(await rowOf(a.id)).toEqual({ rights: BY, copyright_status: 'creative_commons' });
    const missing = await editor.post('/api/admin/media/bulk', { ids: [a.id], action: 'rights' });
    expect(missing.statusCode).toBe(400);
  });

  it("the site's default applies to new items at upload and approval unless one is chosen", async () => {
    expect(
      (await admin.put('/api/admin/settings', { settings: { default_rights: 'https://x.org/' } })).statusCode,
    ).toBe(400);
    expect((await admin.put('/api/admin/settings', { settings: { default_rights: BY } })).statusCode).toBe(
      200,
    );
    const path = await imageFixture('jpeg', { name: 'a.jpg' });
    const send = async (fields: Record<string, string>) => {
      const { payload, headers } = multipartUpload(fields, { path });
      return t.app.inject({
        method: 'POST',
        url: '/api/admin/media',
        payload,
        headers: { ...headers, cookie: editor.cookie! },
      });
    };
    expect((await send({})).json().media).toMatchObject({ rights: BY, copyrightStatus: 'creative_commons' });
    expect((await send({ rights: PDM })).json().media).toMatchObject({
      rights: PDM,
      copyrightStatus: 'public_domain',
    });
    expect((await send({ copyrightStatus: 'copyrighted' })).json().media.rights).toBe(InC);

    const approve = async (rights?: string) => {
      const submission = await buildSubmission(t);
      await t.ctx.blobs.put(submission.file_key, Buffer.from('x'), { contentType: 'image/jpeg' });
      const res = await editor.patch(`/api/admin/submissions/${submission.id}`, {
        status: 'approved',
        ...(rights ? { rights } : {}),
      });
      expect(res.statusCode).toBe(200);
      return rowOf(res.json().submission.mediaId);
    };
    expect((await approve()).rights).toBe(BY);
    expect((await approve(InC)).rights).toBe(InC);
    await admin.put('/api/admin/settings', { settings: { default_rights: CNE } });
  });
});

describe('download follows the rights statement', () => {
  async function itemWithFiles(rights: string, mediaType: 'image' | 'video' = 'image') {
    const item = await buildMedia(t, { rights, media_type: mediaType });
    await buildDerivatives(t, item.id, [
      { variant: 'display', width: 1600, height: 1200 },
      { variant: 'download', width: 4000, height: 3000 },
    ]);
    await t.ctx.blobs.put(`derivatives/${item.id}/display-abc.webp`, Buffer.from('display'), {
      contentType: 'image/webp',
    });
    await t.ctx.blobs.put(`derivatives/${item.id}/download-abc.webp`, Buffer.from('download'), {
      contentType: 'image/webp',
    });
    await t.ctx.blobs.put(item.file_key, Buffer.from('original'), { contentType: item.mime_type });
    return item;
  }

  it('a statement that forbids reuse: the public download is the display image; staff get the file', async () => {
    const item = await itemWithFiles(InC);
    const shown = (await visitor.get(`/api/media/${item.id}`)).json().media;
    expect(shown.files.download).toBe(shown.files.display);
    const asked = await visitor.get(`/files/media/${item.id}/download?download`);
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toBe('display');
    expect((await editor.get(`/files/media/${item.id}/download?download`)).body).toBe('download');
  });

  it('a statement that allows reuse: the public download is the download file', async () => {
    const item = await itemWithFiles(BY);
    expect((await visitor.get(`/files/media/${item.id}/download?download`)).body).toBe('download');
  });

  it('a video whose statement forbids reuse plays, but its file is not offered for saving', async () => {
    const item = await itemWithFiles(InC, 'video');
    expect((await visitor.get(`/api/media/${item.id}`)).json().media.files.download).toBeNull();
    expect((await visitor.get(`/files/media/${item.id}/original`)).statusCode).toBe(200);
    const saved = await visitor.get(`/files/media/${item.id}/original?download`);
    expect(saved.statusCode).toBe(403);
    expect(saved.json().code).toBe('REUSE_NOT_ALLOWED');
  });
});

describe('the watermark can follow the rights statement', () => {
  it('with the setting on, CC0 / PDM items get no mark and are made again when they become free', async () => {
    const item = await buildMedia(t, { rights: InC, watermark_enabled: true });
    const jobsFor = async () =>
      (await t.db.selectFrom('jobs').select('payload').execute()).filter((j) => j.payload.ownerId === item.id)
        .length;
    // Off (the default): the mark stays, nothing is made again.
    await editor.patch(`/api/admin/media/${item.id}`, { rights: PDM });
    expect(
      (await getDerivativeSource(t.db, { ownerType: 'media', ownerId: item.id }))?.watermark,
    ).not.toBeNull();
    expect(await jobsFor()).toBe(0);
    await editor.patch(`/api/admin/media/${item.id}`, { rights: InC });

    expect(
      (await admin.put('/api/admin/settings', { settings: { watermark_follows_rights: 'true' } })).statusCode,
    ).toBe(200);
    await editor.patch(`/api/admin/media/${item.id}`, { rights: PDM });
    expect(await jobsFor()).toBe(1);
    expect((await getDerivativeSource(t.db, { ownerType: 'media', ownerId: item.id }))?.watermark).toBeNull();
    await editor.patch(`/api/admin/media/${item.id}`, { rights: BY });
    expect(await jobsFor()).toBe(2);
    expect(
      (await getDerivativeSource(t.db, { ownerType: 'media', ownerId: item.id }))?.watermark,
    ).not.toBeNull();
    await admin.put('/api/admin/settings', { settings: { watermark_follows_rights: 'false' } });
  });
});
