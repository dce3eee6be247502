import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asRoles, buildMedia, type RoleClient } from '#server/test/factories.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';

let t: TestApp;
let editor: RoleClient;
let viewer: RoleClient;
beforeAll(async () => {
  t = await createTestApp();
  ({ editor, viewer } = await asRoles(t, ['editor', 'viewer']));
});
afterAll(() => t.close());

const logged = (id: string) =>
  t.db
    .selectFrom('activity_logs')
    .select(['action', 'resource_name'])
    .where('resource_id', '=', id)
    .orderBy('id')
    .execute();

async function create(name: string) {
  const res = await editor.post('/api/admin/folders', { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().folder as { id: string; name: string; mediaCount: number };
}

describe('POST /api/admin/folders', () => {
  it('creates a folder with its name trimmed, and logs it', async () => {
    const folder = await create('  Kassi 7 ');
    expect(folder).toMatchObject({ name: 'Kassi 7', mediaCount: 0 });
    expect(await logged(folder.id)).toEqual([{ action: 'folder.created', resource_name: 'Kassi 7' }]);
  });

  it('refuses an empty name on its field, and viewers', async () => {
    const empty = await editor.post('/api/admin/folders', { name: '   ' });
    expect(empty.json()).toMatchObject({ code: 'VALIDATION_ERROR', issues: [{ path: 'name' }] });
    expect((await viewer.post('/api/admin/folders', { name: 'X' })).json().code).toBe('FORBIDDEN');
  });
});

describe('GET /api/admin/folders', () => {
  it('lists every folder by name, with its item count', async () => {
    const b = await create('beta');
    const a = await create('Alfa');
    await buildMedia(t, { folder_id: b.id });
    await buildMedia(t, { folder_id: b.id, is_public: false });
    const res = await editor.get('/api/admin/folders');
    const folders = res.json().folders as { id: string; name: string; mediaCount: number }[];
    const names = folders.map((f) => f.name);
    expect(names).toEqual([...names].sort((x, y) => x.toLowerCase().localeCompare(y.toLowerCase())));
    expect(folders.find((f) => f.id === a.id)?.mediaCount).toBe(0);
    expect(folders.find((f) => f.id === b.id)?.mediaCount).toBe(2);
    expect((await viewer.get('/api/admin/folders')).json().code).toBe('FORBIDDEN');
  });
});

describe('PATCH /api/admin/folders/:id', () => {
  it('renames a folder and logs it; an unknown one is NOT_FOUND', async () => {
    const folder = await create('Gamalt navn');
    const res = await editor.patch(`/api/admin/folders/${folder.id}`, { name: 'Nýtt navn' });
    expect(res.json().folder).toMatchObject({ id: folder.id, name: 'Nýtt navn' });
    expect((await logged(folder.id)).map((l) => l.action)).toEqual(['folder.created', 'folder.updated']);
    const missing = await editor.patch('/api/admin/folders/00000000-0000-4000-8000-000000000000', {
      name: 'X',
    });
    expect(missing.json().code).toBe('NOT_FOUND');
    expect((await viewer.patch(`/api/admin/folders/${folder.id}`, { name: 'Y' })).json().code).toBe(
      'FORBIDDEN',
    );
  });
});

describe('DELETE /api/admin/folders/:id', () => {
  it('deletes the folder; its items stay without a folder', async () => {
    const folder = await create('Til strikingar');
    const item = await buildMedia(t, { folder_id: folder.id });
    expect((await viewer.delete(`/api/admin/folders/${folder.id}`)).json().code).toBe('FORBIDDEN');
    expect((await editor.delete(`/api/admin/folders/${folder.id}`)).statusCode).toBe(204);
    expect((await editor.get(`/api/media/${item.id}`)).json().media.folderId).toBeNull();
    const names = (await editor.get('/api/admin/folders')).json().folders.map((f: { id: string }) => f.id);
    expect(names).not.toContain(folder.id);
    expect((await logged(folder.id)).map((l) => l.action)).toEqual(['folder.created', 'folder.deleted']);
    expect((await editor.delete(`/api/admin/folders/${folder.id}`)).json().code).toBe('NOT_FOUND');
  });
});
