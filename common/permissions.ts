import type { Role } from './roles.ts';

/** Who is asking. `null` is an anonymous visitor. */
export type Actor = { id: string; role: Role; isActive: boolean } | null;

/**
 * Everyone who may do each action, from spec §6 of both documents.
 * 'anyone' includes anonymous visitors; 'signed-in' is any active account.
 * Admin is listed explicitly everywhere it is allowed: the spec leaves open whether admin implies
 * editor, and we answer yes by writing it down rather than by a rule hidden in code.
 */
const TABLE = {
  // Public side (public-site.md §6)
  'gallery:browse': 'anyone',
  'submission:create': 'anyone',
  'counter:increment': 'anyone',
  'account:register': 'anyone',
  'account:authenticate': 'anyone',
  'account:read-own': 'signed-in',
  'contributor:dashboard': 'signed-in',
  'submission:read-own': 'signed-in',

  // Back-office (admin-back-office.md §6)
  'admin:dashboard': ['admin', 'editor', 'viewer'],
  'activity:read': ['admin', 'editor', 'viewer'],
  'profile:update-own': ['admin', 'editor'],
  'media:manage': ['admin', 'editor'],
  'media:read-private': ['admin', 'editor', 'viewer'],
  'submission:review': ['admin', 'editor'],
  'category:manage': ['admin', 'editor'],
  'folder:manage': ['admin', 'editor'],
  'document:manage': ['admin', 'editor'],
  'slideshow:manage': ['admin', 'editor'],
  'settings:manage': ['admin'],
  'user:manage': ['admin'],
  'translation:manage': ['admin'],
  'watermark:manage': ['admin'],
} as const satisfies Record<string, 'anyone' | 'signed-in' | readonly Role[]>;

export type Action = keyof typeof TABLE;
export const ACTIONS = Object.keys(TABLE) as Action[];

/** A resource an action is aimed at, for the rules that depend on it. */
export type Resource =
  | { kind: 'user'; id: string }
  | { kind: 'submission'; submittedBy: string | null }
  | undefined;

export function can(actor: Actor, action: Action, resource?: Resource): boolean {
  const allowed: 'anyone' | 'signed-in' | readonly Role[] = TABLE[action];
  if (allowed === 'anyone') return true;
  if (!actor?.isActive) return false;
  if (allowed !== 'signed-in' && !allowed.includes(actor.role)) return false;

  // An admin manages other accounts, never their own role or activity (admin-back-office.md §6).
  if (action === 'user:manage' && resource?.kind === 'user' && resource.id === actor.id) return false;
  // Contributors see only their own submissions (public-site.md §2).
  if (action === 'submission:read-own' && resource?.kind === 'submission') {
    return resource.submittedBy === actor.id;
  }
  return true;
}

export const isStaff = (actor: Actor) => can(actor, 'admin:dashboard');
export const canManageContent = (actor: Actor) => can(actor, 'media:manage');
export const canManageUsers = (actor: Actor) => can(actor, 'user:manage');
