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
export async function claimJob(db: Db, kinds: string[]): Promise<Job | undefined> {
  if (kinds.length === 0) return undefined;
  const { rows } = await sql<Job>`
    update jobs set status = 'running', locked_at = now(), attempts = attempts + 1, updated_at = now()
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
    .set({ status: 'done', locked_at: null, last_error: null, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** A failed attempt is retried later (backing off), until its attempts are used up. */
export async function failJob(
  db: Db,
  job: Job,
  error: string,
  retryInSeconds: number,
): Promise<'retry' | 'failed'> {
  const final = job.attempts >= job.max_attempts;
  await db
    .updateTable('jobs')
    .set({
      status: final ? 'failed' : 'queued',
      locked_at: null,
      last_error: error.slice(0, 2000),
      run_at: final ? undefined : new Date(Date.now() + retryInSeconds * 1000),
      updated_at: new Date(),
    })
    .where('id', '=', job.id)
    .execute();
  return final ? 'failed' : 'retry';
}

/** Jobs left 'running' by a process that died are queued again. */
export async function requeueStaleJobs(db: Db, olderThanSeconds: number): Promise<number> {
  const result = await db
    .updateTable('jobs')
    .set({ status: 'queued', locked_at: null, updated_at: new Date() })
    .where('status', '=', 'running')
    .where('locked_at', '<', new Date(Date.now() - olderThanSeconds * 1000))
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
