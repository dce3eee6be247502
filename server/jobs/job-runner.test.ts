import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.ts';
import { testEngine } from '../test/engine.ts';
import { createTestDb } from '../test/harness.ts';
import { keepEventLoopBusy } from '../test/busy-loop.ts';
import { pollUntil } from '../test/poll.ts';
import { JobRunner } from './job-runner.ts';
import { claimJob, createJob, JOB_WORKER_LOCK_CLASS } from './jobs.repository.ts';
import { PermanentJobError } from './permanent-job-error.ts';
import { visitorsFirstFor } from './visitors-first.ts';

const silent = { info: () => {}, warn: () => {}, error: () => {} };
const fast = { pollMs: 50, staleAfterSeconds: 600, retryBaseSeconds: 1 };

let h: DatabaseHandle;
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(() => h.close());

async function statusOf(id: string) {
  const row = await h.db
    .selectFrom('jobs')
    .select(['status', 'locked_by'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row;
}

describe('jobs a dead process had claimed', () => {
  it('run again at once after a restart, not after the ten-minute stale limit', async () => {
    const ran: string[] = [];
    const kind = `test-${Math.random()}`;
    const id = await createJob(h.db, kind, { n: 1 });
    // Claimed by a worker that then died (kill -9): no lock held, recent locked_at.
    const claimed = await claimJob(h.db, [kind], 4242);
    expect(claimed?.id).toBe(id);
    expect(await statusOf(id)).toEqual({ status: 'running', locked_by: 4242 });

    const runner = new JobRunner(
      h.db,
      { [kind]: async (payload) => void ran.push(String(payload.n)) },
      silent,
      fast,
    );
    runner.start(h);
    try {
      await pollUntil('the job is done', async () => (await statusOf(id)).status === 'done');
      expect(ran).toEqual(['1']);
      expect((await statusOf(id)).locked_by).toBeNull();
    } finally {
      await runner.stop();
    }
  });

  // PGlite has one process by construction (its data directory is locked): nothing to tell apart.
  if (testEngine() === 'postgres')
    it("leave a live worker's job alone on PostgreSQL, and take it over once its worker is gone", async () => {
      const kind = `test-${Math.random()}`;
      const id = await createJob(h.db, kind, {});
      const release = await h.holdAdvisoryLock!(JOB_WORKER_LOCK_CLASS, 4343, () => {});
      expect(release).not.toBeNull();
      await claimJob(h.db, [kind], 4343);
      // A second hold of the same number is refused: the number says which process is alive.
      expect(await h.holdAdvisoryLock!(JOB_WORKER_LOCK_CLASS, 4343, () => {})).toBeNull();

      const ran: string[] = [];
      // A job of another kind queued before each poll: it is done once that poll has run, and every
      // poll looks for orphans before it claims (job-runner.ts loop), so three done are three polls.
      const tick = `tick-${Math.random()}`;
      const runner = new JobRunner(
        h.db,
        { [kind]: async () => void ran.push('ran'), [tick]: async () => {} },
        silent,
        fast,
      );
      runner.start(h);
      try {
        // Several polls pass: the job stays with its live worker.
        for (let poll = 0; poll < 3; poll++) {
          const tickId = await createJob(h.db, tick, { poll });
          await pollUntil(
            "the poll's tick job is done",
            async () => (await statusOf(tickId)).status === 'done',
          );
        }
        expect(await statusOf(id)).toEqual({ status: 'running', locked_by: 4343 });
        expect(ran).toEqual([]);
        await release!();
        await pollUntil('the job is done', async () => (await statusOf(id)).status === 'done');
        expect(ran).toEqual(['ran']);
      } finally {
        await runner.stop();
      }
    });
});

describe('lanes and permanent failures', () => {
  it('runs a kind given a lane of its own beside the others: a long job there holds up nothing', async () => {
    const heavy = `heavy-${Math.random()}`;
    const light = `light-${Math.random()}`;
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let heavyStarted = false;
    const runner = new JobRunner(
      h.db,
      {
        [heavy]: async () => {
          heavyStarted = true;
          await held;
        },
        [light]: async () => {},
      },
      silent,
      fast,
      [[heavy]],
    );
    const heavyId = await createJob(h.db, heavy, {});
    const lightId = await createJob(h.db, light, {});
    runner.start(h);
    try {
      await pollUntil('the heavy job has started', async () => heavyStarted);
      // The light job, queued after the heavy one, is done while the heavy one still runs.
      await pollUntil('the light job is done', async () => (await statusOf(lightId)).status === 'done');
      expect((await statusOf(heavyId)).status).toBe('running');
      release();
      await pollUntil('the heavy job is done', async () => (await statusOf(heavyId)).status === 'done');
    } finally {
      release();
      await runner.stop();
    }
  });

  it('fails a job whose handler throws a PermanentJobError at once, without retries', async () => {
    const kind = `refused-${Math.random()}`;
    let runs = 0;
    const runner = new JobRunner(
      h.db,
      {
        [kind]: async () => {
          runs += 1;
          throw new PermanentJobError('Refused: too long');
        },
      },
      silent,
      { ...fast, retryBaseSeconds: 0 },
    );
    const id = await createJob(h.db, kind, {});
    await runner.drain();
    const row = await h.db
      .selectFrom('jobs')
      .select(['status', 'attempts', 'last_error'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'failed', attempts: 1, last_error: 'Refused: too long' });
    expect(runs).toBe(1);
  });
});

describe('the first lane at a width of two (an import)', () => {
  it('runs two of its jobs at once, and still every job once', async () => {
    const kind = `test-${Math.random()}`;
    const ids = await Promise.all([1, 2, 3, 4].map((n) => createJob(h.db, kind, { n })));
    const ran: number[] = [];
    let running = 0;
    let most = 0;
    // Each job waits until another is running beside it (or none is left to come): one at a time,
    // the first would wait for ever and the test time out.
    const waiting: (() => void)[] = [];
    const runner = new JobRunner(
      h.db,
      {
        [kind]: async (payload) => {
          running += 1;
          most = Math.max(most, running);
          ran.push(Number(payload.n));
          if (ran.length < ids.length && running < 2) await new Promise<void>((r) => waiting.push(r));
          for (const go of waiting.splice(0)) go();
          running -= 1;
        },
      },
      silent,
      fast,
    );
    runner.start(h, { width: 2 });
    try {
      await pollUntil('every job is done', async () =>
        (await Promise.all(ids.map(statusOf))).every((s) => s.status === 'done'),
      );
      expect(most).toBe(2);
      expect(ran.sort()).toEqual([1, 2, 3, 4]);
    } finally {
      await runner.stop();
    }
  });
  it('takes a job queued while another runs into its second place at once (an import queues them one by one)', async () => {
    const kind = `test-${Math.random()}`;
    const entered: number[] = [];
    let releaseFirst = () => {};
    const firstHeld = new Promise<void>((r) => {
      releaseFirst = r;
    });
    const runner = new JobRunner(
      h.db,
      {
        [kind]: async (payload) => {
          entered.push(Number(payload.n));
          if (payload.n === 1) await firstHeld;
        },
      },
      silent,
      // No poll comes to the rescue while the test runs: only the wake may start the second job.
      { ...fast, pollMs: 120_000 },
    );
    runner.start(h, { width: 2 });
    try {
      await createJob(h.db, kind, { n: 1 });
      runner.wake(kind);
      // One place takes the first job; the other finds nothing more and ends.
      await pollUntil('the first job runs', () => entered.includes(1));
      // Queued while the first still runs, as the import queues the next file's derivatives.
      await createJob(h.db, kind, { n: 2 });
      runner.wake(kind);
      await pollUntil('the second job runs beside the first', () => entered.includes(2), {
        timeoutMs: 10_000,
      });
      expect(entered).toEqual([1, 2]);
    } finally {
      releaseFirst();
      await runner.stop();
    }
  });
});

describe("the server's runner, visitors first", () => {
  it('starts a job only once the event loop is no longer busy answering', async () => {
    const kind = `test-${Math.random()}`;
    let startedAt = 0;
    const runner = new JobRunner(
      h.db,
      {
        [kind]: async () => {
          startedAt = performance.now();
        },
      },
      silent,
      fast,
    );
    const visitorsFirst = visitorsFirstFor(h, { busyAbove: 0.8, windowMs: 200, maxWaitMs: 30_000 });
    runner.start(h, { visitorsFirst });
    try {
      let id: string | undefined;
      // The job is queued (and the runner woken) while the loop is busy, as an upload in a crowd.
      const busyUntil = await keepEventLoopBusy(1_000, {
        at: 300,
        run: () => {
          void createJob(h.db, kind, {}).then((queued) => {
            id = queued;
            runner.wake(kind);
          });
        },
      });
      await pollUntil(
        'the job is done',
        async () => id !== undefined && (await statusOf(id)).status === 'done',
      );
      expect(startedAt).toBeGreaterThanOrEqual(busyUntil);
    } finally {
      await runner.stop();
      visitorsFirst.stop();
    }
  });
});
