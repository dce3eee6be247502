import { type Kysely, sql } from 'kysely';

/**
 * Issue 27 §6: a worker takes the next job with `where status = 'queued' and run_at <= now() order
 * by run_at, id limit 1` (jobs.repository.ts, claimJob). The queued jobs' index held run_at alone,
 * and a planner without statistics (PGlite has no autovacuum; on PostgreSQL a bulk import outruns
 * it) read every queued job and sorted them: 27 ms a job with 45,000 queued, the pace of the
 * 100,000-file import's derivatives. On (run_at, id) the index gives the order asked for, so the
 * first row it holds is the answer whatever the estimates.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index jobs_queued_order_idx on jobs (run_at, id) where status = 'queued'`.execute(db);
  await sql`drop index jobs_queued_idx`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema
export async function down(db: Kysely<any>): Promise<void> {
  await sql`create index jobs_queued_idx on jobs (run_at) where status = 'queued'`.execute(db);
  await sql`drop index jobs_queued_order_idx`.execute(db);
}
