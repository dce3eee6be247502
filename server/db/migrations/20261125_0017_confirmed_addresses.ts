import { type Kysely, sql } from 'kysely';

/**
 * Issue 30 B9: a new contributor confirms their e-mail address before they can sign in (the
 * registration answer no longer tells whether an address has an account). Every account made
 * before counts as confirmed, so nobody already registered is locked out. Down leaves the flags:
 * without the rule they mean nothing, and which were set here is not recorded.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`update users set email_verified = true where not email_verified`.execute(db);
}

export async function down(): Promise<void> {}
