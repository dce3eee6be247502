import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRefusal } from '#server/test/expect-refusal.ts';
import { ACTIONS } from '#common/permissions.ts';
import { buildUser, createTestApp, signIn, type TestApp } from '../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the route table', () => {
  it('declares a known permission on every /api and /files route', () => {
    const routes = t.app.routeDeclarations;
    expect(routes.length).toBeGreaterThan(5);
    const undeclared = routes.filter((r) => !r.permission || !ACTIONS.includes(r.permission));
    expect(undeclared.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('refuses a guest with 401 and a signed-in account without the right with 403', async () => {
    const editor = await buildUser(t, { role: 'editor' });
    const admin = await buildUser(t, { role: 'admin' });
    const target = await buildUser(t);
    const url = `/api/admin/users/${target.id}/active`;
    const patch = (cookie?: string) =>
      t.app.inject({ method: 'PATCH', url, payload: { isActive: false }, headers: cookie ? { cookie } : {} });

    const guest = await patch();
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toEqual({ code: 'UNAUTHORIZED', message: 'Please sign in.' });
    expectRefusal(await patch(await signIn(t, editor.email, editor.password)), 403, 'FORBIDDEN');
    expectRefusal(await patch(await signIn(t, target.email, target.password)), 403, 'FORBIDDEN');
    expect((await patch(await signIn(t, admin.email, admin.password))).statusCode).toBe(200);
  });

  it('refuses an admin deactivating their own account', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    const cookie = await signIn(t, admin.email, admin.password);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${admin.id}/active`,
      payload: { isActive: false },
      headers: { cookie },
    });
    expectRefusal(res, 403, 'FORBIDDEN');
    const row = await t.db
      .selectFrom('users')
      .select('is_active')
      .where('id', '=', admin.id)
      .executeTakeFirstOrThrow();
    expect(row.is_active).toBe(true);
  });

  it('answers bad input with 400 and a message naming the field', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    const cookie = await signIn(t, admin.email, admin.password);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/users/not-a-uuid/active',
      payload: { isActive: 'yes' },
      headers: { cookie },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
  });

  it('reports health and unknown API paths as JSON', async () => {
    expect((await t.app.inject('/api/health')).json()).toEqual({ status: 'ok' });
    const missing = await t.app.inject('/api/nothing-here');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NOT_FOUND');
  });

  it('sends security headers', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });
});
