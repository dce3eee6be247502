import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRefusal } from '#server/test/expect-refusal.ts';
import { asRole, asRoles, buildMedia, type RoleClient } from '#server/test/factories.ts';
import { buildUser, createTestApp, type TestApp } from '#server/test/harness.ts';
import { getUser } from './users.repository.ts';

// Sign-ins are rate limited per address: the clients are made once and shared.
let t: TestApp;
let admin: RoleClient;
let editor: RoleClient;
let viewer: RoleClient;
let anonymous: RoleClient;
beforeAll(async () => {
  t = await createTestApp();
  ({ admin, editor, viewer, anonymous } = await asRoles(t, ['admin', 'editor', 'viewer', 'anonymous']));
});
afterAll(() => t.close());

describe('GET /api/admin/users', () => {
  it('lists accounts with their uploads; searches name, email and display id; filters by role', async () => {
    const marit = await buildUser(t, {
      role: 'editor',
      fullName: 'Marit Súsanna Poulsen',
      email: 'msp@example.org',
    });
    const contributor = await buildUser(t, {
      role: 'public',
      fullName: 'Kári Gjógv',
      email: 'kari@example.org',
    });
    await buildMedia(t, { created_by: marit.id });
    await buildMedia(t, { created_by: marit.id });

    const byName = (await admin.get('/api/admin/users?q=s%C3%BAsanna')).json();
    expect(byName.total).toBe(1);
    expect(byName.items[0]).toMatchObject({
      id: marit.id,
      email: 'msp@example.org',
      fullName: 'Marit Súsanna Poulsen',
      role: 'editor',
      isActive: true,
      totalUploads: 2,
    });
    expect(
      (await admin.get('/api/admin/users?q=KARI@EXAMPLE')).json().items.map((u: { id: string }) => u.id),
    ).toEqual([contributor.id]);
    const displayId = byName.items[0].displayId as string;
    expect(displayId).toMatch(/^USER-\d+/);
    expect((await admin.get(`/api/admin/users?q=${displayId}`)).json().items[0].id).toBe(marit.id);

    const publicOnly = (await admin.get('/api/admin/users?role=public&limit=100')).json();
    expect(publicOnly.items.every((u: { role: string }) => u.role === 'public')).toBe(true);
    expect(publicOnly.items.map((u: { id: string }) => u.id)).toContain(contributor.id);
    const staff = (await admin.get('/api/admin/users?role=staff&limit=100')).json();
    expect(staff.items.every((u: { role: string }) => u.role !== 'public')).toBe(true);
    expect(staff.total).toBe(staff.items.length);
  });

  it('pages by keyset and refuses an editor', async () => {
    const first = (await admin.get('/api/admin/users?limit=2&sort=oldest')).json();
    expect(first.items).toHaveLength(2);
    const second = (
      await admin.get(`/api/admin/users?limit=2&sort=oldest&cursor=${first.nextCursor}`)
    ).json();
    expect(second.items[0].id).not.toBe(first.items[1].id);
    expectRefusal(await editor.get('/api/admin/users'), 403, 'FORBIDDEN');
    expectRefusal(await viewer.get('/api/admin/users/stats'), 403, 'FORBIDDEN');
  });
});

describe('GET /api/admin/users/stats', () => {
  it('counts users, staff, contributors and uploads exactly', async () => {
    const own = await createTestApp();
    try {
      const admin = await asRole(own, 'admin');
      await buildUser(own, { role: 'viewer' });
      const contributor = await buildUser(own, { role: 'public' });
      await buildMedia(own, { created_by: contributor.id });
      await buildMedia(own, { created_by: admin.user!.id });
      await buildMedia(own);
      expect((await admin.get('/api/admin/users/stats')).json()).toEqual({
        totalUsers: 3,
        staff: 2,
        contributors: 1,
        totalUploads: 2,
      });
    } finally {
      await own.close();
    }
  });
});

describe('PATCH /api/admin/users/:id', () => {
  it('edits name, bio, public profile and role (trimmed, empty becomes null) and logs it', async () => {
    const user = await buildUser(t, { role: 'viewer', fullName: 'Old Name' });
    const res = await admin.patch(`/api/admin/users/${user.id}`, {
      fullName: '  Nýtt Navn ',
      bio: '   ',
      role: 'editor',
      isPublicProfile: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({
      fullName: 'Nýtt Navn',
      bio: null,
      role: 'editor',
      isPublicProfile: true,
      email: user.email,
    });
    const logged = await t.db
      .selectFrom('activity_logs')
      .select('action')
      .where('resource_id', '=', user.id)
      .orderBy('created_at')
      .execute();
    expect(logged.map((r) => r.action)).toEqual(['user.updated', 'user.role_changed']);
  });

  it('never changes the email, and refuses unknown fields', async () => {
    const user = await buildUser(t);
    expectRefusal(
      await admin.patch(`/api/admin/users/${user.id}`, { email: 'other@example.org' }),
      400,
      'VALIDATION_ERROR',
    );
    expect((await getUser(t.db, user.id))?.email).toBe(user.email);
  });

  it('refuses an admin their own role, but lets them edit their own name', async () => {
    expectRefusal(
      await admin.patch(`/api/admin/users/${admin.user!.id}`, { role: 'editor' }),
      403,
      'FORBIDDEN',
    );
    expect((await getUser(t.db, admin.user!.id))?.role).toBe('admin');
    const named = await admin.patch(`/api/admin/users/${admin.user!.id}`, { fullName: 'Me', role: 'admin' });
    expect(named.statusCode).toBe(200);
  });

  it('never demotes the last active admin, even when two admins demote each other at once', async () => {
    const own = await createTestApp();
    try {
      const a = await asRole(own, 'admin');
      const b = await asRole(own, 'admin');
      const [ab, ba] = await Promise.all([
        a.patch(`/api/admin/users/${b.user!.id}`, { role: 'editor' }),
        b.patch(`/api/admin/users/${a.user!.id}`, { role: 'editor' }),
      ]);
      expect([ab.statusCode, ba.statusCode].sort()).toEqual([200, 403]);
      const admins = await own.db.selectFrom('users').select('id').where('role', '=', 'admin').execute();
      expect(admins).toHaveLength(1);
    } finally {
      await own.close();
    }
  });

  it('is refused to an editor by the server', async () => {
    const user = await buildUser(t);
    expectRefusal(await editor.patch(`/api/admin/users/${user.id}`, { role: 'admin' }), 403, 'FORBIDDEN');
    expect((await getUser(t.db, user.id))?.role).toBe('public');
  });
});

describe('DELETE /api/admin/users/:id', () => {
  it('removes the account and its sessions; its uploads stay without an uploader', async () => {
    const leaver = await asRole(t, 'editor');
    const item = await buildMedia(t, { created_by: leaver.user!.id, title: 'Uploaded by a leaver' });
    const res = await admin.delete(`/api/admin/users/${leaver.user!.id}`);
    expect(res.statusCode).toBe(204);
    expect(await getUser(t.db, leaver.user!.id)).toBeUndefined();
    expect((await leaver.get('/api/me')).json().user).toBeNull();
    const kept = await t.db
      .selectFrom('media_items')
      .select(['id', 'created_by'])
      .where('id', '=', item.id)
      .executeTakeFirst();
    expect(kept).toEqual({ id: item.id, created_by: null });
    const logged = await t.db
      .selectFrom('activity_logs')
      .select(['action', 'resource_name', 'details'])
      .where('resource_id', '=', leaver.user!.id)
      .where('action', '=', 'user.deleted')
      .executeTakeFirstOrThrow();
    expect(logged.details).toMatchObject({ uploads: 1, email: leaver.user!.email });
    expectRefusal(await admin.delete(`/api/admin/users/${leaver.user!.id}`), 404, 'NOT_FOUND');
  });

  it("refuses an admin's own account and an editor", async () => {
    expectRefusal(await admin.delete(`/api/admin/users/${admin.user!.id}`), 403, 'FORBIDDEN');
    expect(await getUser(t.db, admin.user!.id)).toBeDefined();
    const target = await buildUser(t);
    expectRefusal(await editor.delete(`/api/admin/users/${target.id}`), 403, 'FORBIDDEN');
    expect(await getUser(t.db, target.id)).toBeDefined();
  });

  it('never deletes the last active admin when two admins delete each other at once', async () => {
    const own = await createTestApp();
    try {
      const a = await asRole(own, 'admin');
      const b = await asRole(own, 'admin');
      const [ab, ba] = await Promise.all([
        a.delete(`/api/admin/users/${b.user!.id}`),
        b.delete(`/api/admin/users/${a.user!.id}`),
      ]);
      expect([ab.statusCode, ba.statusCode].filter((s) => s === 204)).toHaveLength(1);
      const admins = await own.db
        .selectFrom('users')
        .select('id')
        .where('role', '=', 'admin')
        .where('is_active', '=', true)
        .execute();
      expect(admins).toHaveLength(1);
    } finally {
      await own.close();
    }
  });
});

describe('POST /api/admin/users/:id/password-reset', () => {
  it('mails the user a reset link to /reset-password and logs it', async () => {
    const user = await buildUser(t);
    const before = t.outbox().length;
    const res = await admin.post(`/api/admin/users/${user.id}/password-reset`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ sent: true, email: user.email });
    await t.jobs.drain();
    const mails = t.outbox();
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)).toContain(`To: ${user.email}`);
    expect(mails.at(-1)).toMatch(/\/api\/auth\/reset-password\/\S+callbackURL=%2Freset-password/);
  });

  it('is refused to an editor and answers 404 for an unknown account', async () => {
    const user = await buildUser(t);
    expectRefusal(await editor.post(`/api/admin/users/${user.id}/password-reset`), 403, 'FORBIDDEN');
    expectRefusal(
      await admin.post('/api/admin/users/00000000-0000-4000-8000-000000000000/password-reset'),
      404,
      'NOT_FOUND',
    );
  });
});

describe('POST /api/admin/users/sync', () => {
  it('repairs blank names, reports what it created, and logs it', async () => {
    const created = await admin.post('/api/admin/users', {
      email: 'nameless@example.org',
      password: 'secret6',
    });
    const id = created.json().user.id as string;
    expect((await getUser(t.db, id))?.full_name).toBe('');
    const res = await admin.post('/api/admin/users/sync');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ createdProfiles: 0 });
    expect(res.json().repairedProfiles).toBeGreaterThanOrEqual(1);
    expect((await getUser(t.db, id))?.full_name ?? null).toBeNull();
    expect((await admin.post('/api/admin/users/sync')).json().repairedProfiles).toBe(0);
    expectRefusal(await editor.post('/api/admin/users/sync'), 403, 'FORBIDDEN');
  });
});

describe('GET and PATCH /api/admin/profile', () => {
  it("answers the staff member's own profile and updates the name (trimmed, empty becomes null)", async () => {
    const got = await editor.get('/api/admin/profile');
    expect(got.statusCode).toBe(200);
    expect(got.json().profile).toMatchObject({
      id: editor.user!.id,
      email: editor.user!.email,
      role: 'editor',
      preferences: { notifyNewSubmissions: false },
    });
    const named = await editor.patch('/api/admin/profile', { fullName: '  Eyð Olsen  ' });
    expect(named.json().profile.fullName).toBe('Eyð Olsen');
    expect(
      (await editor.patch('/api/admin/profile', { fullName: '   ' })).json().profile.fullName,
    ).toBeNull();
    expect((await getUser(t.db, editor.user!.id))?.full_name).toBeNull();
    expectRefusal(
      await editor.patch('/api/admin/profile', { email: 'x@example.org' }),
      400,
      'VALIDATION_ERROR',
    );
    const logged = await t.db
      .selectFrom('activity_logs')
      .select('action')
      .where('user_id', '=', editor.user!.id)
      .where('action', '=', 'profile.updated')
      .execute();
    expect(logged).toHaveLength(2);
  });

  it('is refused to a viewer and a visitor', async () => {
    expectRefusal(await viewer.get('/api/admin/profile'), 403, 'FORBIDDEN');
    expectRefusal(await anonymous.patch('/api/admin/profile', { fullName: 'x' }), 401, 'UNAUTHORIZED');
  });
});

describe('PATCH /api/admin/users/:id/active (activate)', () => {
  it('activates a deactivated account again: it can sign in, and the list shows it active', async () => {
    const user = await buildUser(t, { role: 'editor', fullName: 'Aftur Virkin' });
    expect((await admin.patch(`/api/admin/users/${user.id}/active`, { isActive: false })).statusCode).toBe(
      200,
    );
    const listed = (await admin.get(`/api/admin/users?q=${encodeURIComponent(user.email)}`)).json();
    expect(listed.items[0].isActive).toBe(false);
    expect((await admin.patch(`/api/admin/users/${user.id}/active`, { isActive: true })).json()).toEqual({
      id: user.id,
      isActive: true,
    });
    expect((await getUser(t.db, user.id))?.is_active).toBe(true);
    expectRefusal(
      await editor.patch(`/api/admin/users/${user.id}/active`, { isActive: false }),
      403,
      'FORBIDDEN',
    );
    expect((await getUser(t.db, user.id))?.is_active).toBe(true);
  });
});
