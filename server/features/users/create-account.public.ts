import type { Role } from '#common/roles.ts';
import type { Auth } from '#server/auth/auth.ts';
import type { Db } from '#server/db/database.ts';
import { getUserByEmail, hasAdmin, updateUserRole } from './users.repository.ts';

export interface NewAccount {
  email: string;
  password: string;
  fullName?: string | null;
  role: Role;
}

/**
 * Creates an account with a password through better-auth's own adapter and hashing, then gives
 * it its role (better-auth never sets roles: registration always yields the database default).
 */
export async function createAccount(db: Db, auth: Auth, account: NewAccount) {
  const ctx = await auth.$context;
  const email = account.email.trim().toLowerCase();
  const hash = await ctx.password.hash(account.password);
  const user = await ctx.internalAdapter.createUser(
    {
      email,
      name: account.fullName?.trim() ?? '',
      emailVerified: true,
    },
    { method: 'email-password' },
  );
  await ctx.internalAdapter.linkAccount({
    userId: user.id,
    providerId: 'credential',
    accountId: user.id,
    password: hash,
  });
  await updateUserRole(db, user.id, account.role);
  const created = await getUserByEmail(db, email);
  if (!created) throw new Error(`account ${email} vanished after creation`);
  return created;
}

export type EnsureAdminResult = 'created' | 'exists' | 'email-taken';

/** ADMIN_EMAIL/ADMIN_PASSWORD at start: create that admin only if there is no admin yet. */
export async function ensureAdmin(
  db: Db,
  auth: Auth,
  admin: { email: string; password: string },
): Promise<EnsureAdminResult> {
  if (await hasAdmin(db)) return 'exists';
  // Never promote an existing account: anyone can register any address.
  if (await getUserByEmail(db, admin.email)) return 'email-taken';
  await createAccount(db, auth, {
    email: admin.email,
    password: admin.password,
    role: 'admin',
    fullName: 'Admin',
  });
  return 'created';
}
