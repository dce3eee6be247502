import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentItem } from '#common/api/documents.ts';
import { fileTooLargeMessage, fileTypeMessage } from '#common/file-types.ts';
import { DOCUMENT_MAX_BYTES } from '#common/limits.ts';
import { expectRefusal } from '#server/test/expect-refusal.ts';
import { asRoles, buildDocument, type RoleClient } from '#server/test/factories.ts';
import { fileOfSize, imageFixture, minimalPdf } from '#server/test/fixtures.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { multipartUpload } from '#server/test/multipart.ts';

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

async function upload(path: string, fields: Record<string, string> = {}, as = editor) {
  const { payload, headers } = multipartUpload(fields, { path });
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/documents',
    payload,
    headers: { ...headers, ...(as.cookie ? { cookie: as.cookie } : {}) },
  });
}

function activityOf(id: string) {
  return t.db
    .selectFrom('activity_logs')
    .select(['action', 'resource_name'])
    .where('resource_id', '=', id)
    .orderBy('created_at')
    .execute();
}

/** Every role below content staff is refused by its code. */
async function expectStaffOnly(
  call: (as: typeof editor) => Promise<{ statusCode: number; body: string; json(): unknown }>,
) {
  expectRefusal(await call(anonymous), 401, 'UNAUTHORIZED');
  expectRefusal(await call(publicUser), 403, 'FORBIDDEN');
  expectRefusal(await call(viewer), 403, 'FORBIDDEN');
}

describe('GET /api/admin/documents', () => {
  it('lists every document, public or not, searched by title, description or file name and filtered by category', async () => {
    const hidden = await buildDocument(t, {
      title: 'Loynd fundargerð',
      is_public: false,
      category: 'archive',
    });
    const policy = await buildDocument(t, {
      title: 'Politikkur',
      description: 'Um goymslu av myndum',
      category: 'policy',
    });
    const res = await editor.get('/api/admin/documents?q=fundargerð');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items.map((d: DocumentItem) => d.id)).toEqual([hidden.id]);
    expect(res.json().items[0]).toMatchObject({ isPublic: false, category: 'archive' });
    const byDescription = (await admin.get('/api/admin/documents?q=GOYMSLU')).json();
    expect(byDescription.items.map((d: DocumentItem) => d.id)).toEqual([policy.id]);
    const byCategory = (await editor.get('/api/admin/documents?category=policy')).json();
    expect(byCategory.items.map((d: DocumentItem) => d.id)).toContain(policy.id);
    expect(byCategory.items.every((d: DocumentItem) => d.category === 'policy')).toBe(true);
    expect(byCategory.total).toBe(byCategory.items.length);
    expectRefusal(await editor.get('/api/admin/documents?category=secret'), 400, 'VALIDATION_ERROR', [
      'category',
    ]);
  });

  it('pages by keyset without skipping or repeating', async () => {
    for (let i = 0; i < 5; i++) await buildDocument(t, { title: `Síða ${i}`, category: 'general' });
    const seen: string[] = [];
    let cursor: string | null = null;
    let total = 0;
    do {
      const res = await editor.get(
        `/api/admin/documents?category=general&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      const page = res.json() as { items: DocumentItem[]; total: number; nextCursor: string | null };
      seen.push(...page.items.map((d) => d.id));
      total = page.total;
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(total);
  });

  it('refuses anonymous, public and viewer callers', async () => {
    await expectStaffOnly((as) => as.get('/api/admin/documents'));
    await expectStaffOnly((as) => as.get('/api/admin/documents/stats'));
  });
});

describe('GET /api/admin/documents/stats', () => {
  it('counts every document, public, featured and downloads exactly', async () => {
    const before = (await editor.get('/api/admin/documents/stats')).json();
    await buildDocument(t, { is_public: false, is_featured: true, download_count: 7 });
    const after = (await editor.get('/api/admin/documents/stats')).json();
    expect(after).toEqual({
      total: before.total + 1,
      public: before.public,
      featured: before.featured + 1,
      downloads: before.downloads + 7,
    });
  });
});

describe('POST /api/admin/documents (the upload dialog)', () => {
  it('refuses a wrong file type by its content, whatever its name says', async () => {
    const png = await imageFixture('png');
    const { payload, headers } = multipartUpload({}, { path: png, name: 'report.pdf' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/documents',
      payload,
      headers: { ...headers, cookie: editor.cookie! },
    });
    expectRefusal(res, 415, 'unsupported_type');
    expect(res.json().message).toBe(fileTypeMessage('document'));
  });

  it('refuses a file of 25 MB and one byte with the spec message', async () => {
    const big = await upload(await fileOfSize(DOCUMENT_MAX_BYTES + 1, 'big.txt'));
    expectRefusal(big, 413, 'file_too_large');
    expect(big.json().message).toBe(fileTooLargeMessage(DOCUMENT_MAX_BYTES));
  });

  it('refuses the roles without content rights', async () => {
    const pdf = await minimalPdf();
    await expectStaffOnly((as) => upload(pdf, {}, as));
  });
});

describe('PATCH /api/admin/documents/:id', () => {
  it('edits title and description inline (empty description → null) and logs it', async () => {
    const doc = (await upload(await minimalPdf('fundur.pdf'), { description: 'Gamal' })).json().document;
    expect(doc).toMatchObject({ title: 'fundur', description: 'Gamal', isPublic: true, isFeatured: false });
    const res = await editor.patch(`/api/admin/documents/${doc.id}`, {
      title: '  Fundargerð 1952 ',
      description: '  ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().document).toMatchObject({ title: 'Fundargerð 1952', description: null });
    expectRefusal(
      await editor.patch(`/api/admin/documents/${doc.id}`, { title: ' ' }),
      400,
      'VALIDATION_ERROR',
      ['title'],
    );
    expect(await activityOf(doc.id)).toEqual([
      { action: 'document.created', resource_name: 'fundur' },
      { action: 'document.updated', resource_name: 'Fundargerð 1952' },
    ]);
  });

  it('toggles public and featured, each logged as what it did; the public side follows', async () => {
    const doc = await buildDocument(t, { title: 'Skrá', category: 'mentanardagarnar' });
    const hide = await admin.patch(`/api/admin/documents/${doc.id}`, { isPublic: false });
    expect(hide.json().document).toMatchObject({ isPublic: false });
    expectRefusal(await anonymous.get(`/files/documents/${doc.id}`), 404, 'NOT_FOUND');
    await editor.patch(`/api/admin/documents/${doc.id}`, { isPublic: true });
    const feature = await editor.patch(`/api/admin/documents/${doc.id}`, { isFeatured: true });
    expect(feature.json().document).toMatchObject({ isPublic: true, isFeatured: true });
    expect((await activityOf(doc.id)).map((a) => a.action)).toEqual([
      'document.unpublished',
      'document.published',
      'document.featured',
    ]);
  });

  it('answers 404 for a missing document and refuses the roles without content rights', async () => {
    const doc = await buildDocument(t);
    expectRefusal(
      await editor.patch('/api/admin/documents/00000000-0000-4000-8000-000000000000', { title: 'X' }),
      404,
      'NOT_FOUND',
    );
    await expectStaffOnly((as) => as.patch(`/api/admin/documents/${doc.id}`, { isPublic: false }));
    expect(
      (await editor.get(`/api/admin/documents?q=${encodeURIComponent(doc.title)}`)).json().items[0],
    ).toMatchObject({ isPublic: true });
  });
});

describe('POST /api/admin/documents/:id/download', () => {
  it('counts +1 on every staff download, public or not', async () => {
    const doc = await buildDocument(t, { is_public: false });
    expect((await editor.post(`/api/admin/documents/${doc.id}/download`)).json()).toEqual({
      downloadCount: 1,
    });
    expect((await editor.post(`/api/admin/documents/${doc.id}/download`)).json()).toEqual({
      downloadCount: 2,
    });
    await expectStaffOnly((as) => as.post(`/api/admin/documents/${doc.id}/download`));
    expectRefusal(
      await editor.post('/api/admin/documents/00000000-0000-4000-8000-000000000000/download'),
      404,
      'NOT_FOUND',
    );
  });
});

describe('DELETE /api/admin/documents/:id', () => {
  it('deletes the row and its stored file, and logs it', async () => {
    const doc = (await upload(await minimalPdf('burt.pdf'))).json().document;
    const row = await t.db
      .selectFrom('documents')
      .select('file_key')
      .where('id', '=', doc.id)
      .executeTakeFirstOrThrow();
    expect(await t.ctx.blobs.stat(row.file_key)).not.toBeNull();
    await expectStaffOnly((as) => as.delete(`/api/admin/documents/${doc.id}`));
    expect(await t.ctx.blobs.stat(row.file_key)).not.toBeNull();
    const res = await editor.delete(`/api/admin/documents/${doc.id}`);
    expect(res.statusCode, res.body).toBe(204);
    expect(await t.ctx.blobs.stat(row.file_key)).toBeNull();
    expectRefusal(await anonymous.get(doc.url), 404, 'NOT_FOUND');
    expect((await activityOf(doc.id)).map((a) => a.action)).toEqual(['document.created', 'document.deleted']);
    expectRefusal(await editor.delete(`/api/admin/documents/${doc.id}`), 404, 'NOT_FOUND');
  });
});
