import type { Db } from '../../db/database.ts';

export function getUser(db: Db, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function getUserByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

export async function hasAdmin(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Deactivating also ends every session of the account, in the same transaction. */
export async function updateUserActive(db: Db, id: string, isActive: boolean): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ is_active: isActive, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
    if (!isActive) await trx.deleteFrom('sessions').where('user_id', '=', id).execute();
  });
}

export async function updateUserRole(db: Db, id: string, role: 'admin' | 'editor' | 'viewer' | 'public') {
  await db.updateTable('users').set({ role, updated_at: new Date() }).where('id', '=', id).execute();
}
