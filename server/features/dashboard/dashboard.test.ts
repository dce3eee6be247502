import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRefusal } from '#server/test/expect-refusal.ts';
import {
  asRole,
  asRoles,
  buildCategory,
  buildDocument,
  buildMedia,
  buildMediaMany,
  buildSlideshow,
  buildSubmission,
  type RoleClient,
} from '#server/test/factories.ts';
import { buildUser, createTestApp, type TestApp } from '#server/test/harness.ts';
import { logActivity } from '../activity/log-activity.ts';

let t: TestApp;
let admin: RoleClient;
let viewer: RoleClient;

const DAY = 24 * 60 * 60 * 1000;
/** More rows than the original app's sample of 1,000, so a sample would count wrong. */
const MEDIA = 1_250;
/** Items per category: A..F, in order; the rest (180) have none. G has no items at all. */
const SIZES = [400, 300, 200, 100, 50, 20];

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, viewer } = await asRoles(t, ['admin', 'viewer']));
});
afterAll(() => t.close());

describe('GET /api/admin/dashboard', () => {
  it('answers an empty archive with zeros, health 0 and no distribution', async () => {
    const res = await viewer.get('/api/admin/dashboard');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.stats).toEqual({
      totalMedia: 0,
      publicMedia: 0,
      featuredMedia: 0,
      categorizedMedia: 0,
      totalFolders: 0,
      totalCategories: 0,
      pendingSubmissions: 0,
      pendingKnowledge: 0,
      pendingNames: 0,
      totalViews: 0,
      recentUploads: 0,
      totalSlideshows: 0,
      totalDocuments: 0,
      totalUsers: 2,
    });
    expect(body.healthScore).toBe(0);
    expect(body.categoryDistribution).toEqual([]);
  });

  it('counts the whole archive exactly, in the database, beyond 1,000 rows', async () => {
    const categories: { id: string }[] = [];
    for (const name of ['A', 'B', 'C', 'D', 'E', 'F', 'G'])
      categories.push(await buildCategory(t, { name: `Bólkur ${name}`, color: '#3B82F6' }));
    const bounds = SIZES.map((_, i) => SIZES.slice(0, i + 1).reduce((a, b) => a + b, 0));
    const categoryOf = (i: number) => {
      const index = bounds.findIndex((bound) => i < bound);
      return index === -1 ? null : categories[index]!.id;
    };
    const old = new Date(Date.now() - 10 * DAY);
    // Two statements of 625 rows each; i runs over the whole 1,250.
    for (const offset of [0, MEDIA / 2])
      await buildMediaMany(t, MEDIA / 2, (k) => {
        const i = offset + k;
        return {
          category_id: categoryOf(i),
          is_public: i % 2 === 0,
          is_featured: i % 50 === 0,
          view_count: i % 10,
          // The last 150 were uploaded 10 days ago: not this week.
          ...(i >= 1_100 ? { created_at: old } : {}),
        };
      });
    // Just inside and just outside the 7 days.
    await buildMedia(t, { created_at: new Date(Date.now() - 7 * DAY + 60_000) });
    await buildMedia(t, { created_at: new Date(Date.now() - 7 * DAY - 60_000) });

    await t.db
      .insertInto('folders')
      .values([{ name: 'Mappa 1' }, { name: 'Mappa 2' }, { name: 'Mappa 3' }])
      .execute();
    for (let i = 0; i < 4; i++) await buildSubmission(t);
    await buildSubmission(t, { status: 'approved' });
    await buildSubmission(t, { status: 'rejected' });
    const slide = await buildMedia(t, { created_at: old });
    await buildSlideshow(t, [slide.id]);
    await buildSlideshow(t, [slide.id], { is_public: false });
    for (let i = 0; i < 3; i++) await buildDocument(t);
    await buildUser(t, { role: 'public' });

    const res = await viewer.get('/api/admin/dashboard');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const total = MEDIA + 3;
    const categorized = SIZES.reduce((a, b) => a + b, 0);
    expect(body.stats).toEqual({
      totalMedia: total,
      publicMedia: MEDIA / 2 + 3, // every even i, and the three single items (public by default)
      featuredMedia: MEDIA / 50,
      categorizedMedia: categorized,
      totalFolders: 3,
      totalCategories: 7,
      pendingSubmissions: 4,
      pendingKnowledge: 0,
      pendingNames: 0,
      totalViews: (MEDIA / 10) * 45,
      recentUploads: 1_100 + 1,
      totalSlideshows: 2,
      totalDocuments: 3,
      totalUsers: 3,
    });
    expect(body.healthScore).toBe(Math.round((categorized / total) * 100));
    expect(body.healthScore).toBe(85);
    // The top 5 by count, with each one's share of all media.
    expect(
      body.categoryDistribution.map((c: { name: string; count: number; percentage: number }) => [
        c.name,
        c.count,
        c.percentage,
      ]),
    ).toEqual([
      ['Bólkur A', 400, 32],
      ['Bólkur B', 300, 24],
      ['Bólkur C', 200, 16],
      ['Bólkur D', 100, 8],
      ['Bólkur E', 50, 4],
    ]);
    expect(body.categoryDistribution[0]).toMatchObject({ id: categories[0]!.id, color: '#3B82F6' });
  });

  it('lists the newest 8 activity rows with who did them, or none for System', async () => {
    const actor = { id: admin.user!.id, role: 'admin' as const, isActive: true };
    for (let i = 1; i <= 10; i++)
      await logActivity(t.db, actor, 'category.updated', { id: null, name: `Breyting ${i}` });
    await logActivity(t.db, null, 'users.synced', { name: 'Sync' });
    const body = (await admin.get('/api/admin/dashboard')).json();
    expect(body.recentActivity).toHaveLength(8);
    expect(body.recentActivity.map((e: { resourceName: string }) => e.resourceName)).toEqual([
      'Sync',
      'Breyting 10',
      'Breyting 9',
      'Breyting 8',
      'Breyting 7',
      'Breyting 6',
      'Breyting 5',
      'Breyting 4',
    ]);
    expect(body.recentActivity[0]).toMatchObject({ action: 'users.synced', actor: null });
    expect(body.recentActivity[1]).toMatchObject({
      action: 'category.updated',
      resourceType: 'category',
      actor: { id: admin.user!.id, name: admin.user!.full_name, email: admin.user!.email },
    });
  });

  it('is open to every staff role and refused to others, by code', async () => {
    expect((await (await asRole(t, 'editor')).get('/api/admin/dashboard')).statusCode).toBe(200);
    expectRefusal(await (await asRole(t, 'anonymous')).get('/api/admin/dashboard'), 401, 'UNAUTHORIZED');
    expectRefusal(await (await asRole(t, 'public')).get('/api/admin/dashboard'), 403, 'FORBIDDEN');
    expectRefusal(await (await asRole(t, 'deactivated')).get('/api/admin/dashboard'), 401, 'UNAUTHORIZED');
  });
});
