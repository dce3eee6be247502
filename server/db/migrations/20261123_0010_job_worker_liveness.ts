import { type Kysely, sql } from 'kysely';

// A job left 'running' by a process that died (a crash, kill -9, a power cut) must run again
// soon after, not ten minutes later. Each job runner now records its worker number in the jobs it
// claims and, on PostgreSQL, holds an advisory lock on that number while it lives: a running job
// whose worker's lock is gone belongs to a dead process (server/jobs/jobs.repository.ts).
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table jobs add column if not exists locked_by integer`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table jobs drop column if exists locked_by`.execute(db);
}
