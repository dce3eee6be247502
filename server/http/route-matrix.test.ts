import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '#common/roles.ts';
import { asRole, type TestRole, type RoleClient } from '#server/test/factories.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '#server/test/harness.ts';

/**
 * Who may call each route, written out from spec §6 of both documents (admin-back-office.md §6:
 * viewers get the dashboard and the activity log only; editors everything of content; admins also
 * settings, users, translations and the watermark), independently of common/permissions.ts, so a
 * wrong entry there fails here. Every route the app declares must have a row, and every row a route:
 * a new route without one fails this test.
 * 'anyone' includes visitors; 'signed-in' is any active account. Rules that depend on the row
 * (private items, own submissions, own account) are tested beside their features.
 */
const ANYONE = 'anyone';
const SIGNED_IN = 'signed-in';
const CONTENT: Role[] = ['admin', 'editor'];
const STAFF: Role[] = ['admin', 'editor', 'viewer'];
const ADMIN: Role[] = ['admin'];

const MATRIX: Record<string, typeof ANYONE | typeof SIGNED_IN | Role[]> = {
  'GET /api/auth/*': ANYONE,
  'POST /api/auth/*': ANYONE,
  'GET /api/health': ANYONE,
  'GET /api/me': ANYONE,
  'PATCH /api/me/preferences': CONTENT,
  'GET /api/gallery': ANYONE,
  'GET /api/gallery/summary': ANYONE,
  'GET /api/gallery/featured': ANYONE,
  'GET /api/gallery/timeline': ANYONE,
  'GET /api/map/basemap': ANYONE,
  'GET /api/map/clusters': ANYONE,
  'GET /api/map/items': ANYONE,
  'GET /api/media/:id': ANYONE,
  'POST /api/media/:id/view': ANYONE,
  'POST /api/admin/media': CONTENT,
  'PATCH /api/admin/media/:id': CONTENT,
  'GET /api/admin/media': CONTENT,
  'GET /api/admin/media/stats': CONTENT,
  'POST /api/admin/media/bulk': CONTENT,
  'POST /api/admin/media/uploads': CONTENT,
  'DELETE /api/admin/media/:id': CONTENT,
  'GET /api/admin/media/export.csv': CONTENT,
  'POST /api/admin/media/csv/preview': CONTENT,
  'POST /api/admin/media/csv/apply': CONTENT,
  'GET /api/admin/folders': CONTENT,
  'POST /api/admin/folders': CONTENT,
  'PATCH /api/admin/folders/:id': CONTENT,
  'DELETE /api/admin/folders/:id': CONTENT,
  'GET /api/admin/categories': CONTENT,
  'GET /api/categories': ANYONE,
  'POST /api/admin/categories': CONTENT,
  'GET /api/admin/categories/cards': CONTENT,
  'GET /api/admin/categories/stats': CONTENT,
  'PATCH /api/admin/categories/:id': CONTENT,
  'DELETE /api/admin/categories/:id': CONTENT,
  'GET /api/places': ANYONE,
  'POST /api/admin/places': CONTENT,
  'PATCH /api/admin/places/:id': CONTENT,
  'DELETE /api/admin/places/:id': CONTENT,
  'GET /api/documents/latest': ANYONE,
  'POST /api/documents/:id/download': ANYONE,
  'POST /api/admin/documents': CONTENT,
  'GET /api/admin/documents': CONTENT,
  'GET /api/admin/documents/stats': CONTENT,
  'PATCH /api/admin/documents/:id': CONTENT,
  'DELETE /api/admin/documents/:id': CONTENT,
  'POST /api/admin/documents/:id/download': CONTENT,
  'GET /api/slideshows/latest': ANYONE,
  'GET /api/slideshows/:id': ANYONE,
  'POST /api/admin/slideshows': CONTENT,
  'GET /api/admin/slideshows': CONTENT,
  'GET /api/admin/slideshows/:id': CONTENT,
  'PATCH /api/admin/slideshows/:id': CONTENT,
  'DELETE /api/admin/slideshows/:id': CONTENT,
  'GET /api/settings/public': ANYONE,
  'PUT /api/admin/settings': ADMIN,
  'GET /api/translations': ANYONE,
  'GET /api/admin/translations': ADMIN,
  'GET /api/admin/translations/export': ADMIN,
  'GET /api/admin/translations/stats': ADMIN,
  'POST /api/admin/translations/seed': ADMIN,
  'GET /api/admin/watermark': ADMIN,
  'PUT /api/admin/watermark': ADMIN,
  'GET /api/admin/watermark/preview': ADMIN,
  'POST /api/admin/translations': ADMIN,
  'PATCH /api/admin/translations/:id': ADMIN,
  'DELETE /api/admin/translations/:id': ADMIN,
  'POST /api/uploads': ANYONE,
  'PATCH /api/uploads': ANYONE,
  'HEAD /api/uploads': ANYONE,
  'DELETE /api/uploads': ANYONE,
  'POST /api/uploads/:id': ANYONE,
  'PATCH /api/uploads/:id': ANYONE,
  'HEAD /api/uploads/:id': ANYONE,
  'DELETE /api/uploads/:id': ANYONE,
  'POST /api/submissions': ANYONE,
  'PATCH /api/admin/submissions/:id': CONTENT,
  'GET /api/admin/submissions': CONTENT,
  'GET /api/admin/submissions/stats': CONTENT,
  'GET /api/admin/submissions/events': CONTENT,
  'GET /api/admin/submissions/:id': CONTENT,
  'POST /api/admin/submissions/review': CONTENT,
  'DELETE /api/admin/submissions/:id': CONTENT,
  'POST /api/admin/submissions/:id/near-duplicate': CONTENT,
  'GET /api/contributor/dashboard': SIGNED_IN,
  'POST /api/admin/users': ADMIN,
  'PATCH /api/admin/users/:id/active': ADMIN,
  'GET /api/admin/users': ADMIN,
  'GET /api/admin/users/stats': ADMIN,
  'POST /api/admin/users/sync': ADMIN,
  'PATCH /api/admin/users/:id': ADMIN,
  'POST /api/admin/users/:id/password-reset': ADMIN,
  'DELETE /api/admin/users/:id': ADMIN,
  'GET /api/admin/profile': CONTENT,
  'PATCH /api/admin/profile': CONTENT,
  'GET /api/admin/activity': STAFF,
  'GET /api/admin/dashboard': STAFF,
  'GET /api/admin/search/by-id': STAFF,
  'GET /files/media/:id/:variant': ANYONE,
  'GET /files/submissions/:id/:variant': ANYONE,
  'GET /files/documents/:id': ANYONE,
  // The public catalogue's downloads on the about page (issue 27 §3).
  'GET /api/catalogue/catalogue.csv': ANYONE,
  'GET /api/catalogue/catalogue.json': ANYONE,
  // OAI-PMH for harvesters (issue 26 §3).
  'GET /oai': ANYONE,
  'POST /oai': ANYONE,
  // For search engines (issue 26 §7).
  'GET /robots.txt': ANYONE,
  'GET /sitemap.xml': ANYONE,
  'GET /sitemaps/pages.xml': ANYONE,
  'GET /sitemaps/items/:file': ANYONE,
  'GET /iiif/*': ANYONE,
  'GET /iiif/image/3/:id': ANYONE,
  'GET /iiif/image/3/:id/info.json': ANYONE,
  'GET /iiif/image/3/:id/:region/:size/:rotation/:qualityFormat': ANYONE,
  'GET /iiif/presentation/3/item/:id': ANYONE,
  'GET /iiif/presentation/3/slideshow/:id': ANYONE,
  'GET /iiif/presentation/3/collection/:id': ANYONE,
  // The pages' forms that work without their script (server/web/auth-forms.ts).
  'POST /login': ANYONE,
  'POST /contributor/login': ANYONE,
  'POST /contributor/register': ANYONE,
  'POST /reset-password': ANYONE,
  // /submit's form sent without script, posted to the page's own address.
  'POST /submit': ANYONE,
  // What visitors know about an item (issue 29 §1), its review beside submissions, and the media
  // page's form sent without script.
  'POST /api/knowledge': ANYONE,
  'GET /api/admin/knowledge': CONTENT,
  'GET /api/admin/knowledge/stats': CONTENT,
  'GET /api/admin/knowledge/events': CONTENT,
  'POST /api/admin/knowledge/:id/accept': CONTENT,
  'POST /api/admin/knowledge/:id/reject': CONTENT,
  'POST /api/admin/knowledge/:id/reply': CONTENT,
  'GET /api/people/:id': ANYONE,
  'GET /api/people/media/:mediaId': ANYONE,
  'POST /api/people/suggestions': ANYONE,
  'GET /api/admin/people': CONTENT,
  'POST /api/admin/people': CONTENT,
  'PATCH /api/admin/people/:id': CONTENT,
  'DELETE /api/admin/people/:id': CONTENT,
  'POST /api/admin/people/:id/merge': CONTENT,
  'GET /api/admin/people/media/:mediaId/boxes': CONTENT,
  'POST /api/admin/people/media/:mediaId/boxes': CONTENT,
  'PATCH /api/admin/people/boxes/:id': CONTENT,
  'DELETE /api/admin/people/boxes/:id': CONTENT,
  'GET /api/admin/people/suggestions': CONTENT,
  'GET /api/admin/people/suggestions/stats': CONTENT,
  'GET /api/admin/people/suggestions/events': CONTENT,
  'POST /api/admin/people/suggestions/:id/accept': CONTENT,
  'POST /api/admin/people/suggestions/:id/reject': CONTENT,
  'POST /media/:id': ANYONE,
  // Face suggestions (issue 29 §3): the switch and its progress, an item's suggested boxes.
  'GET /api/admin/faces': ADMIN,
  'PUT /api/admin/faces': ADMIN,
  'GET /api/admin/faces/media/:id': CONTENT,
};

const ROLES: TestRole[] = ['anonymous', 'public', 'viewer', 'editor', 'admin', 'deactivated'];

let t: TestApp;
let callers: Record<TestRole, RoleClient>;
beforeAll(async () => {
  t = await createTestApp();
  callers = {} as typeof callers;
  for (const role of ROLES) callers[role] = await asRole(t, role);
});
afterAll(() => t.close());

/** The routes as registered, without the HEAD routes Fastify adds to every GET by itself. */
function declaredRoutes() {
  const all = t.app.routeDeclarations.map((r) => `${r.method} ${r.url}`);
  return [...new Set(all)].filter((key) => {
    if (!key.startsWith('HEAD ')) return true;
    return !all.includes(`GET ${key.slice(5)}`) || key in MATRIX;
  });
}

const concrete = (url: string) =>
  url.replace(':id', randomUUID()).replace(':variant', 'thumb').replace('*', 'get-session');

const allowed = (expected: (typeof MATRIX)[string], role: TestRole) => {
  if (expected === ANYONE) return true;
  if (role === 'anonymous' || role === 'deactivated') return false;
  return expected === SIGNED_IN || expected.includes(role);
};

/**
 * An event stream (server-sent events) stays open: read only its head, then hang up as a browser
 * closing the page would (the route ends the stream when its client goes).
 */
async function openStream(cookie: string | undefined, url: string) {
  const res = await t.app.inject({
    method: 'GET',
    url,
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    payloadAsStream: true,
  });
  let body = '';
  if (res.statusCode === 200) res.raw.res.destroy();
  else for await (const chunk of res.stream()) body += chunk;
  return { statusCode: res.statusCode, body, json: () => JSON.parse(body) };
}

describe('the route × role matrix', () => {
  it('has one row for every declared /api and /files route and page form, and no row without a route', () => {
    const declared = declaredRoutes();
    expect(declared.filter((key) => !(key in MATRIX))).toEqual([]);
    expect(Object.keys(MATRIX).filter((key) => !declared.includes(key))).toEqual([]);
  });

  for (const role of ROLES) {
    it(`answers ${role} as the matrix says, refusing before reading the body`, async () => {
      const wrong: string[] = [];
      for (const [key, expected] of Object.entries(MATRIX)) {
        const [method, url] = key.split(' ') as [string, string];
        // An empty body: a caller who may not call the route is refused before it is validated.
        const body = ['POST', 'PATCH', 'PUT'].includes(method) ? {} : undefined;
        const res = url.endsWith('/events')
          ? await openStream(callers[role].cookie, concrete(url))
          : await callers[role].request(method, concrete(url), body);
        const refusedAs = role === 'anonymous' || role === 'deactivated' ? 401 : 403;
        const ok = allowed(expected, role)
          ? res.statusCode !== 401 && res.statusCode !== 403
          : res.statusCode === refusedAs &&
            res.json().code === (refusedAs === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN');
        if (!ok) wrong.push(`${key}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
      expect(wrong).toEqual([]);
    });
  }
});
