import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

export type Job = {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
};

export async function createJob(
  db: Db,
  kind: string,
  payload: Record<string, unknown>,
  options: { maxAttempts?: number; runAt?: Date } = {},
): Promise<string> {
  const row = await db
    .insertInto('jobs')
    .values({
      kind,
      payload,
      max_attempts: options.maxAttempts,
      ...(options.runAt ? { run_at: options.runAt } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

/**
 * Takes the next due job for this worker. SKIP LOCKED lets several instances claim from the same
 * table without waiting on each other or taking the same job twice.
 */
export async function claimJob(db: Db, kinds: string[], workerId: number): Promise<Job | undefined> {
  if (kinds.length === 0) return undefined;
  const { rows } = await sql<Job>`
    update jobs set status = 'running', locked_at = now(), locked_by = ${workerId},
      attempts = attempts + 1, updated_at = now()
    where id = (
      select id from jobs
      where status = 'queued' and run_at <= now() and kind in (${sql.join(kinds)})
      order by run_at, id
      limit 1
      for update skip locked
    )
    returning id, kind, payload, attempts, max_attempts`.execute(db);
  const job = rows[0];
  return job ? { ...job, id: String(job.id) } : undefined;
}

export async function completeJob(db: Db, id: string): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ status: 'done', locked_at: null, locked_by: null, last_error: null, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/**
 * A failed attempt is retried later (backing off), until its attempts are used up; a permanent
 * failure (retryInSeconds null) is final at once.
 */
export async function failJob(
  db: Db,
  job: Job,
  error: string,
  retryInSeconds: number | null,
): Promise<'retry' | 'failed'> {
  const final = retryInSeconds === null || job.attempts >= job.max_attempts;
  await db
    .updateTable('jobs')
    .set({
      status: final ? 'failed' : 'queued',
      locked_at: null,
      locked_by: null,
      last_error: error.slice(0, 2000),
      run_at: final ? undefined : new Date(Date.now() + (retryInSeconds ?? 0) * 1000),
      updated_at: new Date(),
    })
    .where('id', '=', job.id)
    .execute();
  return final ? 'failed' : 'retry';
}

/** The advisory lock class (first key) under which each job worker holds its number (second key). */
export const JOB_WORKER_LOCK_CLASS = 0x4a6f6273; // 'Jobs'

/**
 * Jobs left 'running' by a process that died are queued again: those whose worker (locked_by)
 * no longer holds its advisory lock on PostgreSQL (it died with its connection), and those
 * claimed without a worker number (before it was recorded) once older than `olderThanSeconds`.
 * Never this worker's own jobs.
 */
export async function requeueOrphanedJobs(
  db: Db,
  workerId: number,
  olderThanSeconds: number,
): Promise<number> {
  const result = await db
    .updateTable('jobs')
    .set({ status: 'queued', locked_at: null, locked_by: null, updated_at: new Date() })
    .where('status', '=', 'running')
    // One condition in parentheses: Kysely joins a raw one to the others with `and` as it is, and
    // `status = … and A or B` applied B to every job of every status (a scan of the whole table,
    // with no use of the running jobs' index, at every poll).
    .where(
      sql<boolean>`((locked_by is null and locked_at < now() - make_interval(secs => ${olderThanSeconds}))
        or (locked_by <> ${workerId} and not exists (
          select 1 from pg_locks
          where locktype = 'advisory' and granted and objsubid = 2
            and database = (select oid from pg_database where datname = current_database())
            and classid::bigint = ${JOB_WORKER_LOCK_CLASS} and objid::bigint = jobs.locked_by)))`,
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Every running job is queued again. Only for a database this process holds alone (PGlite, whose
 * data directory is locked): at start, whatever is 'running' was left by a process that died.
 */
export async function requeueAllRunningJobs(db: Db): Promise<number> {
  const result = await db
    .updateTable('jobs')
    .set({ status: 'queued', locked_at: null, locked_by: null, updated_at: new Date() })
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Old finished jobs are removed so the table stays small. */
export async function deleteFinishedJobs(db: Db, olderThanSeconds: number): Promise<void> {
  await db
    .deleteFrom('jobs')
    .where('status', '=', 'done')
    .where('updated_at', '<', new Date(Date.now() - olderThanSeconds * 1000))
    .execute();
}

/** Whether a job of this kind is waiting to run. */
export async function hasQueuedJob(db: Db, kind: string): Promise<boolean> {
  const row = await db
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', kind)
    .where('status', '=', 'queued')
    .executeTakeFirst();
  return row !== undefined;
}
