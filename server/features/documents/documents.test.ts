import { sql } from 'kysely';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { getDocument } from './documents.repository.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRefusal } from '#server/test/expect-refusal.ts';
import { fileTooLargeMessage, fileTypeMessage } from '#common/file-types.ts';
import { DOCUMENT_MAX_BYTES } from '#common/limits.ts';
import {
  compoundFile,
  fileOfSize,
  ghostscriptPdf,
  imageFixture,
  openXmlFile,
  textFile,
} from '#server/test/fixtures.ts';
import { buildUser, createTestApp, signIn, type TestApp } from '#server/test/harness.ts';
import { multipartUpload } from '#server/test/multipart.ts';

let t: TestApp;
let editor: string;
let viewer: string;
beforeAll(async () => {
  t = await createTestApp();
  const e = await buildUser(t, { role: 'editor' });
  editor = await signIn(t, e.email, e.password);
  const v = await buildUser(t, { role: 'viewer' });
  viewer = await signIn(t, v.email, v.password);
});
afterAll(() => t.close());

function upload(
  path: string,
  fields: Record<string, string> = {},
  cookie: string | null = editor,
  name?: string,
) {
  const { payload, headers } = multipartUpload(fields, { path, name });
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/documents',
    payload,
    headers: { ...headers, ...(cookie ? { cookie } : {}) },
  });
}

describe('document upload', () => {
  it('stores a PDF unaltered with the spec defaults, served to everyone with its true type', async () => {
    const path = await ghostscriptPdf();
    const res = await upload(path, { description: '' });
    expect(res.statusCode).toBe(201);
    const doc = res.json().document;
    expect(doc).toMatchObject({
      title: 'GS9_Color_Management',
      description: null,
      category: 'mentanardagarnar',
      isPublic: true,
      isFeatured: false,
      downloadCount: 0,
      mimeType: 'application/pdf',
    });
    expect(doc.displayId).toMatch(/^DOC-\d{5}$/);
    const file = await t.app.inject({ url: doc.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(createHash('sha256').update(file.rawPayload).digest('hex')).toBe(
      createHash('sha256').update(readFileSync(path)).digest('hex'),
    );
  });

  it.each([
    [
      'docx',
      () => openXmlFile('docx'),
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
    ['xlsx', () => openXmlFile('xlsx'), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['doc', () => compoundFile('report.doc'), 'application/msword'],
    ['txt', () => textFile(), 'text/plain'],
  ] as const)('accepts %s', async (_what, make, mime) => {
    const res = await upload(await make(), { category: 'archive', title: 'Fundargerð' });
    expect(res.statusCode).toBe(201);
    expect(res.json().document).toMatchObject({ mimeType: mime, category: 'archive', title: 'Fundargerð' });
  });

  it('refuses an image, and a file over 25 MB, with the spec messages', async () => {
    const image = await upload(await imageFixture('png'));
    expect(image.statusCode).toBe(415);
    expect(image.json().message).toBe(fileTypeMessage('document'));
    const big = await upload(await fileOfSize(DOCUMENT_MAX_BYTES + 1, 'big.pdf'));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(fileTooLargeMessage(DOCUMENT_MAX_BYTES));
  });

  it('lets only content managers upload, and keeps non-public documents from the public', async () => {
    const path = await ghostscriptPdf();
    expectRefusal(await upload(path, {}, null), 401, 'UNAUTHORIZED');
    expectRefusal(await upload(path, {}, viewer), 403, 'FORBIDDEN');
    const hidden = (await upload(path, { isPublic: 'false' })).json().document;
    expectRefusal(await t.app.inject({ url: hidden.url }), 404, 'NOT_FOUND');
    expectRefusal(await t.app.inject({ url: hidden.url, headers: { cookie: viewer } }), 404, 'NOT_FOUND');
    expect((await t.app.inject({ url: hidden.url, headers: { cookie: editor } })).statusCode).toBe(200);
  });
});

describe('the header document', () => {
  it('is the newest public mentanardagarnar document, and downloading it counts', async () => {
    const path = await ghostscriptPdf();
    const older = (await upload(path, { title: 'Skrá 2025' })).json().document;
    await upload(path, { title: 'Politikkur', category: 'policy' });
    await upload(path, { title: 'Loynd skrá', isPublic: 'false' });
    await sql`update documents set created_at = now() - interval '1 day' where id = ${older.id}`.execute(
      t.db,
    );
    const newest = (await upload(path, { title: 'Skrá 2026' })).json().document;
    const latest = (await t.app.inject('/api/documents/latest')).json().document;
    expect(latest).toMatchObject({ id: newest.id, title: 'Skrá 2026', category: 'mentanardagarnar' });
    const counted = await t.app.inject({ method: 'POST', url: `/api/documents/${newest.id}/download` });
    expect(counted.json()).toEqual({ downloadCount: 1 });
    expect(
      // Another visitor: the same address counts once in ten minutes (server/http/counters.test.ts).
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/documents/${newest.id}/download`,
          remoteAddress: '203.0.113.50',
        })
      ).json(),
    ).toEqual({ downloadCount: 2 });
  });

  it('counts a download of the file itself (the custom card links there), once per visitor', async () => {
    const doc = (await upload(await ghostscriptPdf(), { title: 'Kortið' })).json().document;
    const count = async () => (await getDocument(t.db, doc.id))?.download_count;
    const get = (query: string, headers: Record<string, string> = {}, remoteAddress = '198.51.100.1') =>
      t.app.inject({ url: `/files/documents/${doc.id}${query}`, headers, remoteAddress });
    expect(await count()).toBe(0);
    expect((await get('?download')).statusCode).toBe(200);
    expect(await count()).toBe(1);
    // A player's or a resumed download's later range is the same download; viewing is no download;
    // the same visitor downloading again soon after is not counted again.
    expect((await get('?download', { range: 'bytes=100-200' })).statusCode).toBe(206);
    expect((await get('')).statusCode).toBe(200);
    expect((await get('?download')).statusCode).toBe(200);
    expect(await count()).toBe(1);
    expect((await get('?download', { range: 'bytes=0-' }, '198.51.100.2')).statusCode).toBe(206);
    expect(await count()).toBe(2);
  });
});
