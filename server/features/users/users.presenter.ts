import { type Me, preferences } from '#common/api/account.ts';
import type { OwnProfile } from '#common/api/profile.ts';
import type { AdminUser, UserStats } from '#common/api/users.ts';
import { toNumber } from '#server/db/database.ts';
import type { User } from '#server/db/schema.ts';
import type { UserStatsRow } from './users.repository.ts';

/**
 * How an account is named in the activity log, which viewers read too: its name and display id,
 * never its e-mail address (issue 30 B6; migration 0014 mends the rows written before).
 */
export function activityNameOf(user: Pick<User, 'display_id' | 'full_name'>): string {
  const name = user.full_name?.trim();
  return name ? `${name} (${user.display_id})` : user.display_id;
}

export function presentMe(user: User): Me {
  return {
    id: user.id,
    displayId: user.display_id,
    email: user.email,
    fullName: user.full_name || null,
    role: user.role,
    isActive: user.is_active,
    createdAt: user.created_at.toISOString(),
  };
}

/** A row of the users screen. */
export function presentAdminUser(row: User & { total_uploads: unknown; has_password?: unknown }): AdminUser {
  return {
    id: row.id,
    displayId: row.display_id,
    email: row.email,
    fullName: row.full_name?.trim() ? row.full_name : null,
    role: row.role,
    bio: row.bio,
    isPublicProfile: row.is_public_profile,
    isActive: row.is_active,
    totalUploads: toNumber(row.total_uploads),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    lastSignInAt: row.last_sign_in_at ? row.last_sign_in_at.toISOString() : null,
    emailConfirmed: row.email_verified,
  };
}

/** The signed-in staff member's own profile page. */
export function presentOwnProfile(user: User): OwnProfile {
  return {
    id: user.id,
    displayId: user.display_id,
    email: user.email,
    fullName: user.full_name?.trim() ? user.full_name : null,
    role: user.role,
    bio: user.bio,
    isActive: user.is_active,
    createdAt: user.created_at.toISOString(),
    updatedAt: user.updated_at.toISOString(),
    lastSignInAt: user.last_sign_in_at ? user.last_sign_in_at.toISOString() : null,
    emailConfirmed: user.email_verified,
    preferences: preferences.parse(user.preferences ?? {}),
  };
}

/** The users screen's header counts. */
export function presentUserStats(row: UserStatsRow): UserStats {
  return {
    totalUsers: toNumber(row.total),
    staff: toNumber(row.staff),
    contributors: toNumber(row.contributors),
    totalUploads: toNumber(row.uploads),
  };
}
