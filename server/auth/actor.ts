import type { Actor } from '#common/permissions.ts';
import type { User } from '../db/schema.ts';

/**
 * The account as the permission table sees it (null: a visitor). A leaf: the session
 * (http/session.ts) and better-auth's hooks (auth.ts) both use it, and neither imports the other.
 */
export function toActor(user: User | null): Actor {
  return user ? { id: user.id, role: user.role, isActive: user.is_active } : null;
}
