import { type Kysely, sql } from 'kysely';

// Accounts were logged by `full_name || email`, and viewers read the activity log: an account
// with no name showed its e-mail address there (issue 30 B6). Such rows now name the account as
// the log does today, "name (USER-…)" or the display id alone; an account deleted since gets the
// spec's fallback, '#' and its id's first 8 characters. Names the log held otherwise are kept.

const looksLikeAddress = sql`activity_logs.resource_name ~ '^[^@[:space:]]+@[^@[:space:]]+$'`;

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`update activity_logs
    set resource_name = case when nullif(btrim(users.full_name), '') is null then users.display_id
      else btrim(users.full_name) || ' (' || users.display_id || ')' end
    from users
    where users.id::text = activity_logs.resource_id and ${looksLikeAddress}`.execute(db);
  await sql`update activity_logs set resource_name = '#' || upper(left(resource_id, 8))
    where resource_type = 'user' and resource_id is not null and ${looksLikeAddress}`.execute(db);
}

// The addresses are not brought back into the log.
export async function down(): Promise<void> {}
