import type { MediaType } from './enums.ts';
import type { Role } from './roles.ts';

/** Who is asking. `null` is an anonymous visitor. */
export type Actor = { id: string; role: Role; isActive: boolean } | null;

type Allowed = 'anyone' | 'signed-in' | readonly Role[];

const CONTENT: readonly Role[] = ['admin', 'editor'];
const STAFF: readonly Role[] = ['admin', 'editor', 'viewer'];
const ADMIN: readonly Role[] = ['admin'];

/**
 * Everyone who may do each action, from spec §6 of both documents.
 * 'anyone' includes anonymous visitors; 'signed-in' is any active account.
 * Admin is listed explicitly everywhere it is allowed: the spec leaves open whether admin implies
 * editor, and we answer yes by writing it down rather than by a rule hidden in code.
 * Viewers get the dashboard and the activity log, and nothing else (admin-back-office.md §6):
 * no private items, no originals, no submission files.
 */
const TABLE = {
  // Public side (public-site.md §6)
  'gallery:browse': 'anyone',
  /** One item, slideshow or document: public ones for anyone, the rest by RULES below. */
  'media:read': 'anyone',
  'media:read-original': 'anyone',
  'slideshow:read': 'anyone',
  'document:read': 'anyone',
  'submission:create': 'anyone',
  'counter:increment': 'anyone',
  'account:register': 'anyone',
  'account:authenticate': 'anyone',
  'account:read-own': 'signed-in',
  'contributor:dashboard': 'signed-in',
  'submission:read-own': 'signed-in',

  // Back-office (admin-back-office.md §6)
  'admin:dashboard': STAFF,
  'activity:read': STAFF,
  'profile:update-own': CONTENT,
  'media:manage': CONTENT,
  'submission:review': CONTENT,
  'category:manage': CONTENT,
  /** The list of places (issue 28 §3): as categories, content staff keep it. */
  'place:manage': CONTENT,
  'folder:manage': CONTENT,
  'document:manage': CONTENT,
  'slideshow:manage': CONTENT,
  'settings:manage': ADMIN,
  'translation:manage': ADMIN,
  'watermark:manage': ADMIN,
  /** The users screen: list, create, edit names, send a reset mail, sync accounts. */
  'user:manage': ADMIN,
  /** Aimed at one account: never the admin's own, never the last active admin (RULES). */
  'user:edit-role': ADMIN,
  'user:deactivate': ADMIN,
  'user:activate': ADMIN,
  'user:delete': ADMIN,
} as const satisfies Record<string, Allowed>;

export type Action = keyof typeof TABLE;
export const ACTIONS = Object.keys(TABLE) as Action[];

/** What an action is aimed at, for the rules that depend on it. */
export type Resource =
  | {
      kind: 'user';
      id: string;
      /** The target is the only active admin left (the service reads it in its transaction). */
      isLastActiveAdmin?: boolean;
    }
  | { kind: 'submission'; submittedBy: string | null }
  | { kind: 'media'; isPublic: boolean; mediaType: MediaType }
  | { kind: 'slideshow'; isPublic: boolean }
  | { kind: 'document'; isPublic: boolean };

const hasRole = (actor: Actor, roles: readonly Role[]) =>
  Boolean(actor?.isActive && roles.includes(actor.role));

/** An admin acts on other accounts, and never leaves the archive without an active admin. */
const otherAccount = (actor: Actor, resource: Resource | undefined) =>
  resource?.kind !== 'user' || (resource.id !== actor?.id && !resource.isLastActiveAdmin);

/** Rules that look at the resource, after the table allowed the role. */
const RULES: { [A in Action]?: (actor: Actor, resource: Resource | undefined) => boolean } = {
  // Non-public items, slideshows and documents are seen by those who manage them only
  // (DESIGN.md §4.3); everyone else is told they do not exist.
  'media:read': (actor, r) => r?.kind !== 'media' || r.isPublic || hasRole(actor, TABLE['media:manage']),
  // The public gets the watermarked copies of images; originals of public video, audio and
  // documents are what they play and download (DESIGN.md §4.4).
  'media:read-original': (actor, r) =>
    r?.kind !== 'media' || hasRole(actor, TABLE['media:manage']) || (r.isPublic && r.mediaType !== 'image'),
  'slideshow:read': (actor, r) =>
    r?.kind !== 'slideshow' || r.isPublic || hasRole(actor, TABLE['slideshow:manage']),
  'document:read': (actor, r) =>
    r?.kind !== 'document' || r.isPublic || hasRole(actor, TABLE['document:manage']),
  // Contributors see only their own submissions (public-site.md §2).
  'submission:read-own': (actor, r) => r?.kind !== 'submission' || r.submittedBy === actor?.id,
  // admin-back-office.md §6: an admin cannot deactivate or delete their own row; nor demote it.
  'user:edit-role': otherAccount,
  'user:deactivate': otherAccount,
  'user:delete': otherAccount,
  'user:activate': (actor, r) => r?.kind !== 'user' || r.id !== actor?.id,
};

export function can(actor: Actor, action: Action, resource?: Resource): boolean {
  const allowed: Allowed = TABLE[action];
  if (allowed !== 'anyone') {
    if (!actor?.isActive) return false;
    if (allowed !== 'signed-in' && !allowed.includes(actor.role)) return false;
  }
  return RULES[action]?.(actor, resource) ?? true;
}

export const isStaff = (actor: Actor) => can(actor, 'admin:dashboard');
export const canManageContent = (actor: Actor) => can(actor, 'media:manage');
export const canManageUsers = (actor: Actor) => can(actor, 'user:manage');
