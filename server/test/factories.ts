import { randomBytes } from 'node:crypto';
import type { Role } from '#common/roles.ts';
import type {
  CategoriesTable,
  DerivativeVariant,
  DocumentsTable,
  MediaItemsTable,
  SlideshowsTable,
  SubmissionsTable,
} from '#server/db/schema.ts';
import { createCategory } from '#server/features/categories/categories.repository.ts';
import { createDocument } from '#server/features/documents/documents.repository.ts';
import { createMedia, createMediaItems } from '#server/features/media/media.repository.ts';
import { createSlides, createSlideshow } from '#server/features/slideshows/slideshows.repository.ts';
import { createSubmission } from '#server/features/submissions/submissions.repository.ts';
import type { Insertable } from 'kysely';
import { replaceDerivatives } from '#server/media/derivatives/derivatives.repository.ts';
import { buildUser, signIn, TEST_ORIGIN, type TestApp } from './harness.ts';

/**
 * Rows for tests, written through the repositories with everything a row needs; each test names
 * only what it is about. The stored-file columns point at no real file: tests that serve or
 * process files upload a real one through the API instead.
 */
let n = 0;
const next = () => {
  n += 1;
  return n;
};

const fileColumns = (i: number, ext = 'jpg', mime = 'image/jpeg') => ({
  file_key: `media/test/${i}-${randomBytes(4).toString('hex')}.${ext}`,
  file_name: `file-${i}.${ext}`,
  file_size: 1,
  mime_type: mime,
  sha256: randomBytes(32).toString('hex'),
});

type MediaOverrides = Partial<Insertable<MediaItemsTable>>;

const mediaRow = (overrides: MediaOverrides = {}): Insertable<MediaItemsTable> => {
  const i = next();
  return { title: `Mynd ${i}`, media_type: 'image', ...fileColumns(i), ...overrides };
};

export function buildMedia(t: TestApp, overrides: MediaOverrides = {}) {
  return createMedia(t.db, mediaRow(overrides));
}

/** `count` items in one statement: they share one created_at (keyset ties are broken by id). */
export function buildMediaMany(
  t: TestApp,
  count: number,
  overrides: (i: number) => MediaOverrides = () => ({}),
) {
  return createMediaItems(
    t.db,
    Array.from({ length: count }, (_, i) => mediaRow(overrides(i))),
  );
}

export function buildCategory(t: TestApp, overrides: Partial<Insertable<CategoriesTable>> = {}) {
  return createCategory(t.db, { name: `Bólkur ${next()}`, ...overrides });
}

export function buildDocument(t: TestApp, overrides: Partial<Insertable<DocumentsTable>> = {}) {
  const i = next();
  return createDocument(t.db, {
    title: `Skjal ${i}`,
    category: 'general',
    ...fileColumns(i, 'pdf', 'application/pdf'),
    ...overrides,
  });
}

export function buildSubmission(t: TestApp, overrides: Partial<Insertable<SubmissionsTable>> = {}) {
  const i = next();
  return createSubmission(t.db, {
    title: `Sending ${i}`,
    media_type: 'image',
    ...fileColumns(i),
    ...overrides,
  });
}

type Slide = string | { mediaId: string; duration?: number; caption?: string | null };

/** A slideshow with these items as slides, in order (duration 5 s unless given). */
export async function buildSlideshow(
  t: TestApp,
  slides: Slide[],
  overrides: Partial<Insertable<SlideshowsTable>> = {},
) {
  const show = await createSlideshow(t.db, { title: `Myndasýning ${next()}`, ...overrides });
  await createSlides(
    t.db,
    slides.map((slide, index) => {
      const {
        mediaId,
        duration = 5,
        caption = null,
      } = typeof slide === 'string' ? { mediaId: slide } : slide;
      return { slideshow_id: show.id, media_item_id: mediaId, order_index: index, duration, caption };
    }),
  );
  return show;
}

export type TestRole = Role | 'anonymous' | 'deactivated';

/**
 * A client acting as one kind of caller: anonymous, an account of a role, or an account that was
 * deactivated after signing in. Requests carry the trusted Origin, as a browser's would.
 */
export async function asRole(t: TestApp, role: TestRole) {
  let cookie: string | undefined;
  let user: Awaited<ReturnType<typeof buildUser>> | undefined;
  if (role !== 'anonymous') {
    user = await buildUser(t, { role: role === 'deactivated' ? 'editor' : role });
    cookie = await signIn(t, user.email, user.password);
    if (role === 'deactivated') {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/users/${user.id}/active`,
        payload: { isActive: false },
        headers: { origin: TEST_ORIGIN, cookie: await adminCookie(t) },
      });
      if (res.statusCode !== 200) throw new Error(`deactivating failed: ${res.statusCode} ${res.body}`);
    }
  }
  const send =
    (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE' | 'HEAD' | 'OPTIONS') =>
    (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
      t.app.inject({
        method,
        url,
        ...(payload === undefined ? {} : { payload: payload as object }),
        headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}), ...headers },
      });
  return {
    role,
    user,
    cookie,
    get: send('GET'),
    post: send('POST'),
    patch: send('PATCH'),
    put: send('PUT'),
    delete: send('DELETE'),
    request: (method: string, url: string, payload?: unknown) =>
      send(method.toUpperCase() as 'GET')(url, payload),
  };
}

export type RoleClient = Awaited<ReturnType<typeof asRole>>;

const FIVE_ROLES = ['admin', 'editor', 'viewer', 'public', 'anonymous'] as const;

/**
 * A client per role at once (by default the five of the route matrix: admin, editor, viewer,
 * public, anonymous), by name: `({ admin, editor } = await asRoles(t))`.
 */
export async function asRoles<R extends TestRole = (typeof FIVE_ROLES)[number]>(
  t: TestApp,
  roles: readonly R[] = FIVE_ROLES as unknown as readonly R[],
): Promise<Record<R, RoleClient>> {
  const clients = await Promise.all(roles.map((role) => asRole(t, role)));
  return Object.fromEntries(roles.map((role, i) => [role, clients[i]])) as Record<R, RoleClient>;
}

const adminCookies = new WeakMap<TestApp, string>();
async function adminCookie(t: TestApp) {
  let cookie = adminCookies.get(t);
  if (!cookie) {
    const admin = await buildUser(t, { role: 'admin' });
    cookie = await signIn(t, admin.email, admin.password);
    adminCookies.set(t, cookie);
  }
  return cookie;
}

/** Derivative rows of an item, as the derivatives job would record them (no files behind them). */
export function buildDerivatives(
  t: TestApp,
  mediaId: string,
  sizes: { variant: DerivativeVariant; width: number; height: number }[],
) {
  return replaceDerivatives(
    t.db,
    'media',
    mediaId,
    sizes.map((size) => ({
      ...size,
      fileKey: `derivatives/${mediaId}/${size.variant}-abc.webp`,
      mimeType: 'image/webp',
      fileSize: 1,
      watermarked: false,
    })),
  );
}
