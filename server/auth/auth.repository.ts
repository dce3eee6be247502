import type { Db } from '#server/db/database.ts';

/** better-auth keeps a reset link as `reset-password:<token>` with the account's id as value. */
const RESET_PREFIX = 'reset-password:';

/** Removes every password-reset link of the account that has not been used yet. */
export async function deleteResetTokensOf(db: Db, userId: string): Promise<void> {
  await db
    .deleteFrom('verifications')
    .where('identifier', 'like', `${RESET_PREFIX}%`)
    .where('value', '=', userId)
    .execute();
}

/** Marks the account's e-mail address as confirmed. */
export async function confirmEmailOf(db: Db, userId: string): Promise<void> {
  await db.updateTable('users').set({ email_verified: true }).where('id', '=', userId).execute();
}
