import type { z } from 'zod';
import type { updateOwnProfileBody } from '#common/api/profile.ts';
import type { createUserBody, updateUserBody, userListQuery } from '#common/api/users.ts';
import type { Actor } from '#common/permissions.ts';
import { publishAccountChanged } from '#server/auth/account-events.ts';
import { authorize } from '#server/http/authorize.ts';
import type { AppContext } from '#server/http/context.ts';
import { AppError, forbidden, notFound } from '#server/errors.ts';
import { logActivity } from '../activity/activity.public.ts';
import { createAccount } from './create-account.public.ts';
import {
  activityNameOf,
  presentAdminUser,
  presentMe,
  presentOwnProfile,
  presentUserStats,
} from './users.presenter.ts';
import * as repo from './users.repository.ts';

/**
 * Activate or deactivate an account (admin only, never one's own, never the last active admin).
 * Deactivating ends every session of the account. The admins are locked first, so two admins
 * deactivating each other at the same moment cannot leave the archive without one.
 */
export async function setUserActive(
  ctx: AppContext,
  actor: Actor,
  { id, isActive }: { id: string; isActive: boolean },
) {
  authorize(actor, isActive ? 'user:activate' : 'user:deactivate', { kind: 'user', id });
  await ctx.db.transaction().execute(async (trx) => {
    const activeAdmins = await repo.lockActiveAdminIds(trx);
    const user = await repo.getUser(trx, id);
    if (!user) throw notFound('User not found');
    const isLastActiveAdmin = activeAdmins.length === 1 && activeAdmins[0] === id;
    authorize(actor, isActive ? 'user:activate' : 'user:deactivate', { kind: 'user', id, isLastActiveAdmin });
    // The acting admin must still be an active admin when the change commits.
    if (!activeAdmins.includes(actor.id)) throw forbidden();
    await repo.updateUserActive(trx, id, isActive);
    await logActivity(trx, actor, isActive ? 'user.activated' : 'user.deactivated', {
      id,
      name: activityNameOf(user),
    });
  });
  publishAccountChanged(id);
  return { id, isActive };
}

/**
 * Create User (admin-back-office.md §5): an admin makes a staff or contributor account with a
 * password. The one way staff accounts come to be besides `admin:create` (DESIGN.md §4.1).
 */
export async function createUser(ctx: AppContext, actor: Actor, body: z.output<typeof createUserBody>) {
  authorize(actor, 'user:manage');
  if (await repo.getUserByEmail(ctx.db, body.email)) {
    throw new AppError(409, 'EMAIL_TAKEN', 'A user with this email already exists.');
  }
  // better-auth writes the account with its own hashing; the log follows in its own statement.
  const user = await createAccount(ctx.db, ctx.auth, {
    email: body.email,
    password: body.password,
    role: body.role,
    fullName: body.fullName ?? null,
  });
  await logActivity(ctx.db, actor, 'user.created', { id: user.id, name: activityNameOf(user) });
  return presentMe(user);
}

/** The users screen's list: search by name, email or display id; filter by role. */
export async function listUsers(ctx: AppContext, actor: Actor, query: z.output<typeof userListQuery>) {
  authorize(actor, 'user:manage');
  const { sort, cursor, limit, ...filters } = query;
  const page = await repo.listUsers(ctx.db, filters, sort, cursor, limit);
  return { items: page.rows.map(presentAdminUser), total: page.total, nextCursor: page.nextCursor };
}

export async function getUserStats(ctx: AppContext, actor: Actor, _input: Record<string, never>) {
  authorize(actor, 'user:manage');
  return presentUserStats(await repo.getUserStats(ctx.db));
}

/**
 * Edit User: name, bio, public profile, and the role. A role change is `user:edit-role`: never
 * one's own, never the last active admin's; the admins are locked as for deactivation.
 */
export async function updateUser(
  ctx: AppContext,
  actor: Actor,
  { id, ...body }: z.output<typeof updateUserBody> & { id: string },
) {
  authorize(actor, 'user:manage');
  const { presented, roleChanged } = await ctx.db.transaction().execute(async (trx) => {
    const activeAdmins = await repo.lockActiveAdminIds(trx);
    const user = await repo.getUser(trx, id);
    if (!user) throw notFound('User not found');
    const roleChanges = body.role !== undefined && body.role !== user.role;
    if (roleChanges) {
      const isLastActiveAdmin = activeAdmins.length === 1 && activeAdmins[0] === id;
      authorize(actor, 'user:edit-role', { kind: 'user', id, isLastActiveAdmin });
      if (!activeAdmins.includes(actor.id)) throw forbidden();
    }
    await repo.updateUserProfile(trx, id, {
      ...(body.fullName !== undefined && { full_name: body.fullName }),
      ...(body.bio !== undefined && { bio: body.bio }),
      ...(body.isPublicProfile !== undefined && { is_public_profile: body.isPublicProfile }),
      ...(roleChanges && { role: body.role }),
    });
    const updated = await repo.getUserWithUploads(trx, id);
    if (!updated) throw notFound('User not found');
    const name = activityNameOf(updated);
    await logActivity(trx, actor, 'user.updated', { id, name });
    if (roleChanges) {
      await logActivity(trx, actor, 'user.role_changed', {
        id,
        name,
        details: { from: user.role, to: body.role },
      });
    }
    return { presented: presentAdminUser(updated), roleChanged: roleChanges };
  });
  if (roleChanged) publishAccountChanged(id);
  return presented;
}

/**
 * Delete User: never one's own account, never the last active admin. The account's sessions and
 * sign-in methods go with it; what it uploaded stays in the archive without an uploader.
 */
export async function deleteUser(ctx: AppContext, actor: Actor, { id }: { id: string }) {
  authorize(actor, 'user:delete', { kind: 'user', id });
  await ctx.db.transaction().execute(async (trx) => {
    const activeAdmins = await repo.lockActiveAdminIds(trx);
    const user = await repo.getUserWithUploads(trx, id);
    if (!user) throw notFound('User not found');
    const isLastActiveAdmin = activeAdmins.length === 1 && activeAdmins[0] === id;
    authorize(actor, 'user:delete', { kind: 'user', id, isLastActiveAdmin });
    if (!activeAdmins.includes(actor.id)) throw forbidden();
    await repo.deleteUser(trx, id);
    await logActivity(trx, actor, 'user.deleted', {
      id,
      name: activityNameOf(user),
      details: { email: user.email, role: user.role, uploads: Number(user.total_uploads) },
    });
  });
  publishAccountChanged(id);
}

/** Sends the account a password reset e-mail (better-auth's own link to /reset-password). */
export async function sendPasswordReset(ctx: AppContext, actor: Actor, { id }: { id: string }) {
  authorize(actor, 'user:manage');
  const user = await repo.getUser(ctx.db, id);
  if (!user) throw notFound('User not found');
  await ctx.auth.api.requestPasswordReset({ body: { email: user.email, redirectTo: '/reset-password' } });
  await logActivity(ctx.db, actor, 'user.password_reset_sent', { id, name: activityNameOf(user) });
  return { sent: true as const, email: user.email };
}

/**
 * Sync Users. The original app kept auth accounts and profiles in two tables and created the
 * missing profiles; here better-auth writes the profile row itself, so none can be missing
 * (`createdProfiles` is what was created: 0 unless that ever changes). What can drift is
 * repaired: names stored blank become null. Accounts with no password are counted.
 */
export async function syncUsers(ctx: AppContext, actor: Actor, _input: Record<string, never>) {
  authorize(actor, 'user:manage');
  return ctx.db.transaction().execute(async (trx) => {
    const repairedProfiles = await repo.clearBlankNames(trx);
    const withoutPassword = await repo.countUsersWithoutPassword(trx);
    const result = { createdProfiles: 0, repairedProfiles, withoutPassword };
    await logActivity(trx, actor, 'users.synced', { type: 'user', details: result });
    return result;
  });
}

/** The signed-in staff member's own profile. */
export async function getOwnProfile(ctx: AppContext, actor: Actor, _input: Record<string, never>) {
  authorize(actor, 'profile:update-own');
  const user = await repo.getUser(ctx.db, actor.id);
  if (!user) throw notFound('Profile information not available');
  return presentOwnProfile(user);
}

/** The profile page changes its own name only (trimmed, empty becomes null). */
export async function updateOwnProfile(
  ctx: AppContext,
  actor: Actor,
  body: z.output<typeof updateOwnProfileBody>,
) {
  authorize(actor, 'profile:update-own');
  return ctx.db.transaction().execute(async (trx) => {
    if (body.fullName !== undefined)
      await repo.updateUserProfile(trx, actor.id, { full_name: body.fullName });
    const user = await repo.getUser(trx, actor.id);
    if (!user) throw notFound('Profile information not available');
    await logActivity(trx, actor, 'profile.updated', { id: user.id, name: activityNameOf(user) });
    return presentOwnProfile(user);
  });
}
