import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUIRED_FIELDS_MESSAGE } from '#common/api/users.ts';
import { asRole } from '#server/test/factories.ts';
import { migrations } from '#server/db/migrations/index.ts';
import { buildUser, createTestApp, signIn, type TestApp } from '#server/test/harness.ts';
import { getUser } from './users.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /api/admin/users', () => {
  it('creates an account of the chosen role (editor by default) that can sign in, and logs it', async () => {
    const admin = await asRole(t, 'admin');
    const res = await admin.post('/api/admin/users', {
      email: '  Nyggj.Skrivari@Example.org ',
      password: 'secret6',
      fullName: '  Jóna Hansen ',
    });
    expect(res.statusCode).toBe(201);
    const { user } = res.json();
    expect(user).toMatchObject({
      email: 'nyggj.skrivari@example.org',
      role: 'editor',
      fullName: 'Jóna Hansen',
    });
    await signIn(t, 'nyggj.skrivari@example.org', 'secret6');
    const viewer = await admin.post('/api/admin/users', {
      email: 'lesari@example.org',
      password: 'secret6',
      role: 'viewer',
    });
    expect(viewer.json().user.role).toBe('viewer');
    const logged = await t.db
      .selectFrom('activity_logs')
      .select(['action', 'user_id', 'resource_name'])
      .where('resource_id', '=', user.id)
      .where('action', 'like', 'user.%')
      .execute();
    expect(logged).toEqual([
      { action: 'user.created', user_id: admin.user!.id, resource_name: `Jóna Hansen (${user.displayId})` },
    ]);
  });

  it('logs an account by its name and display id, never its e-mail address, for viewers to read', async () => {
    const admin = await asRole(t, 'admin');
    const viewer = await asRole(t, 'viewer');
    const email = `nameless-${Date.now()}@example.org`;
    const created = await admin.post('/api/admin/users', { email, password: 'secret6', role: 'public' });
    expect(created.statusCode).toBe(201);
    const { id, displayId } = created.json().user;
    expect(displayId).toMatch(/^USER-\d{5}$/);
    expect((await admin.patch(`/api/admin/users/${id}/active`, { isActive: false })).statusCode).toBe(200);
    const res = await viewer.get('/api/admin/activity?limit=100');
    expect(res.statusCode).toBe(200);
    const entries = res.json().items.filter((e: { resourceId: string }) => e.resourceId === id);
    expect(entries.map((e: { action: string; resourceName: string }) => [e.action, e.resourceName])).toEqual([
      ['user.deactivated', displayId],
      ['user.created', displayId],
    ]);
    expect(res.body).not.toContain(email);
  });

  it('migration 0014 replaces the e-mail addresses earlier rows hold as names', async () => {
    const named = await buildUser(t, { fullName: 'Sigrid Dam' });
    const nameless = await buildUser(t, { fullName: '' });
    const goneId = randomUUID();
    await t.db
      .insertInto('activity_logs')
      .values([
        { action: 'user.created', resource_type: 'user', resource_id: named.id, resource_name: named.email },
        {
          action: 'user.updated',
          resource_type: 'user',
          resource_id: nameless.id,
          resource_name: nameless.email,
        },
        {
          action: 'user.deleted',
          resource_type: 'user',
          resource_id: goneId,
          resource_name: 'gone@example.org',
        },
        { action: 'user.updated', resource_type: 'user', resource_id: named.id, resource_name: 'Kept Name' },
      ])
      .execute();
    // biome-ignore lint/suspicious/noExplicitAny: migrations take the untyped schema
    await migrations['20261125_0014_activity_names_without_addresses']!.up(t.db as any);
    const rows = await t.db
      .selectFrom('activity_logs')
      .select(['resource_id', 'resource_name'])
      .where('resource_id', 'in', [named.id, nameless.id, goneId])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.resource_name)).toEqual([
      `Sigrid Dam (${named.display_id})`,
      nameless.display_id,
      `#${goneId.slice(0, 8).toUpperCase()}`,
      'Kept Name',
    ]);
  });

  it("answers with the spec's messages for missing fields and a short password", async () => {
    const admin = await asRole(t, 'admin');
    const missing = await admin.post('/api/admin/users', { password: 'secret6' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().issues).toContainEqual({ path: 'email', message: REQUIRED_FIELDS_MESSAGE });
    const short = await admin.post('/api/admin/users', { email: 'a@example.org', password: '12345' });
    expect(short.statusCode).toBe(400);
    expect(short.json().issues).toContainEqual({
      path: 'password',
      message: 'Password must be at least 6 characters long',
    });
    const taken = await admin.post('/api/admin/users', { email: admin.user!.email, password: 'secret6' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('EMAIL_TAKEN');
  });

  it('is for admins only, and refuses before reading the body', async () => {
    const editor = await asRole(t, 'editor');
    const res = await editor.post('/api/admin/users', { email: 'x@example.org', password: 'secret6' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
    expect((await (await asRole(t, 'anonymous')).post('/api/admin/users', {})).json().code).toBe(
      'UNAUTHORIZED',
    );
  });
});

describe('PATCH /api/admin/users/:id/active', () => {
  it('deactivates another account at once: its session stops working, and the change is logged', async () => {
    const admin = await asRole(t, 'admin');
    const editor = await asRole(t, 'editor');
    expect((await editor.get('/api/me')).json().user.id).toBe(editor.user!.id);
    const res = await admin.patch(`/api/admin/users/${editor.user!.id}/active`, { isActive: false });
    expect(res.statusCode).toBe(200);
    expect((await editor.get('/api/me')).json().user).toBeNull();
    expect((await getUser(t.db, editor.user!.id))?.is_active).toBe(false);
    const logged = await t.db
      .selectFrom('activity_logs')
      .select('action')
      .where('resource_id', '=', editor.user!.id)
      .where('action', 'like', 'user.%')
      .execute();
    expect(logged.map((r) => r.action)).toEqual(['user.deactivated']);
  });

  it('never leaves the archive without an active admin when two admins deactivate each other at once', async () => {
    const own = await createTestApp();
    try {
      const a = await asRole(own, 'admin');
      const b = await asRole(own, 'admin');
      const [ab, ba] = await Promise.all([
        a.patch(`/api/admin/users/${b.user!.id}/active`, { isActive: false }),
        b.patch(`/api/admin/users/${a.user!.id}/active`, { isActive: false }),
      ]);
      // One wins; the other was no longer an active admin when its change came to commit.
      expect([ab.statusCode, ba.statusCode].filter((s) => s === 200)).toHaveLength(1);
      const active = await own.db
        .selectFrom('users')
        .select('id')
        .where('role', '=', 'admin')
        .where('is_active', '=', true)
        .execute();
      expect(active).toHaveLength(1);
    } finally {
      await own.close();
    }
  });

  it('refuses an admin their own account', async () => {
    const admin = await asRole(t, 'admin');
    const res = await admin.patch(`/api/admin/users/${admin.user!.id}/active`, { isActive: false });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
    expect((await getUser(t.db, admin.user!.id))?.is_active).toBe(true);
  });
});
