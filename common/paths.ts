/**
 * Every route of the web app, written once (zod-free: the public pages and the server import it).
 * `ROUTES` holds the patterns React Router matches (`:name` is one path segment); `paths` builds
 * the links; `isAppPath` tells the server which paths the app draws (anything else the web app
 * sends to /, so the server embeds no first answers for it).
 */
export const ROUTES = {
  home: '/',
  about: '/about',
  /** The map of located items (issue 28 §4). */
  map: '/map',
  submit: '/submit',
  login: '/login',
  resetPassword: '/reset-password',
  contributorLogin: '/contributor/login',
  contributorRegister: '/contributor/register',
  contributorDashboard: '/contributor/dashboard',
  /** The old address of contributor sign-in: redirects to `contributorLogin`. */
  legacyContributorLogin: '/contributor-login',
  media: '/media/:id',
  slideshow: '/slideshow/:id',
  /** A person's page (issue 29 §2): every public photo they are named on. */
  person: '/people/:id',
} as const;

/** The back-office screens (admin-back-office.md §2, and the activity log). */
export const ADMIN_ROUTES = {
  dashboard: '/admin',
  media: '/admin/media',
  upload: '/admin/media/upload',
  submissions: '/admin/submissions',
  knowledge: '/admin/knowledge',
  people: '/admin/people',
  personSuggestions: '/admin/people/suggestions',
  categories: '/admin/categories',
  /** The list of places (issue 28 §3). */
  places: '/admin/places',
  documents: '/admin/documents',
  slideshows: '/admin/slideshows',
  profile: '/admin/profile',
  settings: '/admin/settings',
  users: '/admin/users',
  translations: '/admin/translations',
  watermark: '/admin/watermark',
  activity: '/admin/activity',
} as const;

export type AdminPath = (typeof ADMIN_ROUTES)[keyof typeof ADMIN_ROUTES];

const segment = (value: string) => encodeURIComponent(value);

/** Links: the fixed paths as they are, and builders for the ones with a parameter. */
export const paths = {
  home: ROUTES.home,
  about: ROUTES.about,
  map: ROUTES.map,
  submit: ROUTES.submit,
  login: ROUTES.login,
  resetPassword: ROUTES.resetPassword,
  contributorLogin: ROUTES.contributorLogin,
  contributorRegister: ROUTES.contributorRegister,
  contributorDashboard: ROUTES.contributorDashboard,
  media: (id: string) => `/media/${segment(id)}`,
  slideshow: (id: string) => `/slideshow/${segment(id)}`,
  person: (id: string) => `/people/${segment(id)}`,
  admin: ADMIN_ROUTES,
} as const;

/** Every pattern the app has a page for. */
export const ALL_ROUTES: readonly string[] = [...Object.values(ROUTES), ...Object.values(ADMIN_ROUTES)];

const compiled = new Map<string, RegExp>();

/** The pattern's expression, made once per pattern (pages are matched on every request). */
function patternToRegExp(pattern: string): RegExp {
  const known = compiled.get(pattern);
  if (known) return known;
  const body = pattern
    .split('/')
    .map((part) => (part.startsWith(':') ? '([^/]+)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  const made = new RegExp(`^${body}$`);
  compiled.set(pattern, made);
  return made;
}

const MATCHERS = ALL_ROUTES.map(patternToRegExp);

/** Whether `pathname` is one of the app's pages (a trailing slash is not: the router has none). */
export function isAppPath(pathname: string): boolean {
  return MATCHERS.some((matcher) => matcher.test(pathname));
}

/** The parameters of `pathname` if it matches `pattern`, else null: `matchRoute(ROUTES.media, '/media/x')`. */
export function matchRoute(pattern: string, pathname: string): Record<string, string> | null {
  const match = patternToRegExp(pattern).exec(pathname);
  if (!match) return null;
  const names = pattern
    .split('/')
    .filter((part) => part.startsWith(':'))
    .map((part) => part.slice(1));
  try {
    return Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(match[index + 1]!)]));
  } catch {
    return null; // a malformed %-escape is no page of ours
  }
}
