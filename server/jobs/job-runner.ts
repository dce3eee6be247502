import { randomInt } from 'node:crypto';
import type { DatabaseHandle, Db } from '../db/database.ts';
import {
  claimJob,
  completeJob,
  deleteFinishedJobs,
  failJob,
  JOB_WORKER_LOCK_CLASS,
  type Job,
  requeueAllRunningJobs,
  requeueOrphanedJobs,
} from './jobs.repository.ts';
import { PermanentJobError } from './permanent-job-error.ts';
import type { VisitorsFirst } from './visitors-first.ts';

export type JobHandler = (payload: Record<string, unknown>, job: Job) => Promise<void>;

export interface JobRunnerLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Kinds of job worked through apart from the others', `width` at a time. */
interface Lane {
  kinds: string[];
  width: number;
  timer: NodeJS.Timeout | undefined;
  running: Promise<void> | undefined;
  wakeRequested: boolean;
  /** Places working the queue now (at most `width`): each ends when it finds no job. */
  workers: number;
  /** While the lane is worked: called when its last place ends. */
  allEnded: (() => void) | undefined;
  /** The first error a place of this run of the lane ended with. */
  failure: unknown;
}

/**
 * Runs queued jobs in this process, one at a time in each lane (image work is CPU-bound, and
 * PGlite runs one query at a time anyway; an import widens the first lane, see start()). Kinds
 * given a lane of their own (`separateLanes`: the long sound and video decodes) are worked through
 * beside the rest, so a long one never holds up thumbnails or mail. `wake()` after enqueuing starts work at once; a slow poll picks up
 * jobs other instances queued, retries that came due, and jobs a dead process left running.
 * A handler throwing a PermanentJobError fails its job at once, without the retries.
 *
 * A job claimed by a process that then dies (a crash, kill -9) is queued again as soon as that is
 * known: on PGlite, whose data directory only this process may hold, at start; on PostgreSQL,
 * where several instances may share the queue, once the dead worker's advisory lock is gone
 * (PostgreSQL drops it with the dead process's connection), at this runner's next poll.
 */
export class JobRunner {
  private readonly lanes: Lane[];
  private stopped = true;
  /** Recorded in the jobs this runner claims; on PostgreSQL its advisory lock says it is alive. */
  private worker = randomInt(1, 2 ** 31 - 1);
  /** Settles once start() has taken the worker lock and requeued what a dead process left. */
  private ready: Promise<void> = Promise.resolve();
  private releaseLock: (() => Promise<void>) | undefined;
  /** In the server: each job waits for a moment when visitors leave the event loop some time. */
  private visitorsFirst: VisitorsFirst | undefined;

  constructor(
    private readonly db: Db,
    private readonly handlers: Record<string, JobHandler>,
    private readonly logger: JobRunnerLogger,
    private readonly options = { pollMs: 5_000, staleAfterSeconds: 600, retryBaseSeconds: 5 },
    separateLanes: readonly (readonly string[])[] = [],
  ) {
    const separate = separateLanes.map((kinds) => kinds.filter((kind) => kind in handlers));
    const apart = new Set(separate.flat());
    const rest = Object.keys(handlers).filter((kind) => !apart.has(kind));
    this.lanes = [rest, ...separate].map((kinds) => ({
      kinds,
      width: 1,
      timer: undefined,
      running: undefined,
      wakeRequested: false,
      workers: 0,
      allEnded: undefined,
      failure: undefined,
    }));
  }

  /**
   * Starts working the queue of `database` (the handle this runner's db comes from). `width`: how
   * many jobs of the first lane (image derivatives and the rest) run at once; one in the server,
   * where visitors' answers need the cores, more in an import, whose own work waits on them.
   * `visitorsFirst`: before each job, wait (within bounds) while the server is busy answering
   * visitors (visitors-first.ts); the server's, not an import's.
   */
  start(
    database: Pick<DatabaseHandle, 'engine' | 'holdAdvisoryLock'>,
    { width = 1, visitorsFirst }: { width?: number; visitorsFirst?: VisitorsFirst } = {},
  ): void {
    this.stopped = false;
    this.lanes[0]!.width = width;
    this.visitorsFirst = visitorsFirst;
    this.ready = this.prepare(database).catch((error: unknown) =>
      this.logger.error({ err: error }, 'job runner could not prepare; jobs of a dead process wait'),
    );
    for (const lane of this.lanes) this.schedule(lane, 0);
  }

  private async prepare(database: Pick<DatabaseHandle, 'engine' | 'holdAdvisoryLock'>) {
    if (database.engine === 'pglite') {
      const requeued = await requeueAllRunningJobs(this.db);
      if (requeued > 0) this.logger.warn({ requeued }, 'jobs left running by a stopped process queued again');
      return;
    }
    await this.holdWorkerLock(database);
    const requeued = await requeueOrphanedJobs(this.db, this.workerId, this.options.staleAfterSeconds);
    if (requeued > 0) this.logger.warn({ requeued }, 'jobs left running by a stopped process queued again');
  }

  /** Takes this worker's advisory lock (a new number if taken) and takes it again if it is lost. */
  private async holdWorkerLock(database: Pick<DatabaseHandle, 'holdAdvisoryLock'>): Promise<void> {
    if (!database.holdAdvisoryLock) return;
    const onLost = (error: Error) => {
      this.releaseLock = undefined;
      if (this.stopped) return;
      this.logger.error({ err: error.message }, 'job worker lock lost; taking it again');
      const retry = () => {
        if (this.stopped) return;
        this.holdWorkerLock(database).catch(() => setTimeout(retry, this.options.pollMs).unref());
      };
      setTimeout(retry, this.options.pollMs).unref();
    };
    for (;;) {
      const release = await database.holdAdvisoryLock(JOB_WORKER_LOCK_CLASS, this.workerId, onLost);
      if (release) {
        this.releaseLock = release;
        if (this.stopped) await this.releaseLock();
        return;
      }
      // Another live worker has this number (1 in 2^31): take another.
      this.worker = randomInt(1, 2 ** 31 - 1);
    }
  }

  get workerId(): number {
    return this.worker;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const lane of this.lanes) clearTimeout(lane.timer);
    await Promise.all(this.lanes.map((lane) => lane.running));
    await this.ready;
    await this.releaseLock?.();
    this.releaseLock = undefined;
  }

  /** Starts work at once: in the lane of `kind` (a job just queued), or in every lane. */
  wake(kind?: string): void {
    if (this.stopped) return;
    for (const lane of this.lanes) {
      if (kind !== undefined && !lane.kinds.includes(kind)) continue;
      if (!lane.running) {
        this.schedule(lane, 0, false);
        continue;
      }
      lane.wakeRequested = true;
      // A place that found the queue empty a moment ago has ended: the job just queued may take
      // it now rather than wait for the others (an import queues its files' jobs one by one).
      if (lane.allEnded) this.fill(lane);
    }
  }

  /** Runs jobs of every kind until none is due. Tests call this instead of start(). */
  async drain(): Promise<number> {
    let count = 0;
    while (await this.runOne(Object.keys(this.handlers))) count += 1;
    return count;
  }

  /**
   * `poll`: a run of the lane's timer (at start and every pollMs), which also queues again what a
   * dead process left running; a wake (a job just queued) only works the queue.
   */
  private schedule(lane: Lane, ms: number, poll = true) {
    clearTimeout(lane.timer);
    lane.timer = setTimeout(() => {
      lane.running = this.loop(lane, poll).finally(() => {
        lane.running = undefined;
        if (this.stopped) return;
        const again = lane.wakeRequested;
        lane.wakeRequested = false;
        this.schedule(lane, again ? 0 : this.options.pollMs, !again);
      });
    }, ms);
    lane.timer.unref();
  }

  private async loop(lane: Lane, poll: boolean) {
    try {
      await this.ready;
      if (poll) {
        const requeued = await requeueOrphanedJobs(this.db, this.workerId, this.options.staleAfterSeconds);
        if (requeued > 0)
          this.logger.warn({ requeued }, 'jobs left running by a stopped process queued again');
      }
      // Every place ended, a failed one leaving the others to finish first.
      await new Promise<void>((resolve) => {
        lane.allEnded = resolve;
        this.fill(lane);
      });
      const failure = lane.failure;
      lane.failure = undefined;
      if (failure !== undefined) throw failure;
      if (lane === this.lanes[0]) await deleteFinishedJobs(this.db, 7 * 24 * 3600);
    } catch (error) {
      this.logger.error({ err: error }, 'job runner failed');
    }
  }

  /** Starts places in a lane being worked until it has `width` of them; each runs jobs until none is due. */
  private fill(lane: Lane) {
    const stopped = () => this.stopped;
    const work = async () => {
      for (;;) {
        await this.visitorsFirst?.quiet(stopped);
        if (this.stopped || !(await this.runOne(lane.kinds))) return;
      }
    };
    while (lane.workers < lane.width) {
      lane.workers += 1;
      work()
        .catch((error: unknown) => {
          lane.failure ??= error;
        })
        .finally(() => {
          lane.workers -= 1;
          if (lane.workers > 0) return;
          const ended = lane.allEnded;
          lane.allEnded = undefined;
          ended?.();
        });
    }
  }

  private async runOne(kinds: string[]): Promise<boolean> {
    const job = await claimJob(this.db, kinds, this.workerId);
    if (!job) return false;
    const handler = this.handlers[job.kind]!;
    try {
      await handler(job.payload, job);
      await completeJob(this.db, job.id);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const backoff =
        error instanceof PermanentJobError ? null : this.options.retryBaseSeconds * 2 ** (job.attempts - 1);
      const outcome = await failJob(this.db, job, message, backoff);
      const log = outcome === 'failed' ? this.logger.error : this.logger.warn;
      log.call(
        this.logger,
        { job: job.id, kind: job.kind, attempt: job.attempts, err: message },
        `job ${outcome}`,
      );
    }
    return true;
  }
}
