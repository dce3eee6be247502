import type { Db } from '../db/database.ts';
import {
  claimJob,
  completeJob,
  deleteFinishedJobs,
  failJob,
  type Job,
  requeueStaleJobs,
} from './jobs.repository.ts';

export type JobHandler = (payload: Record<string, unknown>, job: Job) => Promise<void>;

export interface JobRunnerLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Runs queued jobs in this process, one at a time (image work is CPU-bound, and PGlite runs one
 * query at a time anyway). `wake()` after enqueuing starts work at once; a slow poll picks up
 * jobs other instances queued, retries that came due, and jobs a dead process left running.
 */
export class JobRunner {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;
  private wakeRequested = false;

  constructor(
    private readonly db: Db,
    private readonly handlers: Record<string, JobHandler>,
    private readonly logger: JobRunnerLogger,
    private readonly options = { pollMs: 5_000, staleAfterSeconds: 600, retryBaseSeconds: 5 },
  ) {}

  start(): void {
    this.stopped = false;
    void requeueStaleJobs(this.db, this.options.staleAfterSeconds).catch(() => {});
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.wakeRequested = true;
      return;
    }
    this.schedule(0);
  }

  /** Runs jobs until none is due. Tests call this instead of start(). */
  async drain(): Promise<number> {
    let count = 0;
    while (await this.runOne()) count += 1;
    return count;
  }

  private schedule(ms: number) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.loop().finally(() => {
        this.running = undefined;
        if (this.stopped) return;
        const again = this.wakeRequested;
        this.wakeRequested = false;
        this.schedule(again ? 0 : this.options.pollMs);
      });
    }, ms);
    this.timer.unref();
  }

  private async loop() {
    try {
      await requeueStaleJobs(this.db, this.options.staleAfterSeconds);
      while (!this.stopped && (await this.runOne())) {
        // keep going while there is work
      }
      await deleteFinishedJobs(this.db, 7 * 24 * 3600);
    } catch (error) {
      this.logger.error({ err: error }, 'job runner failed');
    }
  }

  private async runOne(): Promise<boolean> {
    const job = await claimJob(this.db, Object.keys(this.handlers));
    if (!job) return false;
    const handler = this.handlers[job.kind]!;
    try {
      await handler(job.payload, job);
      await completeJob(this.db, job.id);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const backoff = this.options.retryBaseSeconds * 2 ** (job.attempts - 1);
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
