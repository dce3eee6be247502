import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { keepEventLoopBusy } from '../test/busy-loop.ts';
import { VisitorsFirst } from './visitors-first.ts';

describe('background work waits for visitors (the event loop quiet)', () => {
  it('goes on at once when the event loop is idle', async () => {
    const gate = new VisitorsFirst({ busyAbove: 0.8, windowMs: 200, maxWaitMs: 10_000 });
    gate.start();
    try {
      await new Promise((resolve) => setTimeout(resolve, 250));
      expect(gate.busy).toBeLessThan(0.8);
      const asked = performance.now();
      await gate.quiet();
      // Far less than the longest wait: it did not wait for it.
      expect(performance.now() - asked).toBeLessThan(5_000);
    } finally {
      gate.stop();
    }
  });

  it('waits while the event loop is busy and goes on once it is not', async () => {
    const gate = new VisitorsFirst({ busyAbove: 0.8, windowMs: 200, maxWaitMs: 10_000 });
    gate.start();
    try {
      let waited: Promise<number> | undefined;
      const busyUntil = await keepEventLoopBusy(800, {
        at: 400,
        run: () => {
          waited = gate.quiet().then(() => performance.now());
        },
      });
      const quietAt = await waited!;
      expect(quietAt).toBeGreaterThanOrEqual(busyUntil);
      expect(quietAt - busyUntil).toBeLessThan(5_000);
    } finally {
      gate.stop();
    }
  });

  it('waits no longer than its bound when the event loop stays busy', async () => {
    const gate = new VisitorsFirst({ busyAbove: 0.8, windowMs: 200, maxWaitMs: 500 });
    gate.start();
    try {
      let asked = 0;
      let quietAt = 0;
      const busyUntil = await keepEventLoopBusy(1_400, {
        at: 300,
        run: () => {
          asked = performance.now();
          void gate.quiet().then(() => {
            quietAt = performance.now();
          });
        },
      });
      expect(quietAt).toBeGreaterThan(0);
      expect(quietAt - asked).toBeGreaterThanOrEqual(500);
      expect(quietAt).toBeLessThan(busyUntil);
    } finally {
      gate.stop();
    }
  });

  it('stops waiting when told to', async () => {
    const gate = new VisitorsFirst({ busyAbove: 0.8, windowMs: 200, maxWaitMs: 60_000 });
    gate.start();
    try {
      let stopped = false;
      let quietAt = 0;
      const busyUntil = await keepEventLoopBusy(1_000, {
        at: 300,
        run: () => {
          void gate
            .quiet(() => stopped)
            .then(() => {
              quietAt = performance.now();
            });
          setTimeout(() => {
            stopped = true;
          }, 200);
        },
      });
      expect(quietAt).toBeGreaterThan(0);
      expect(quietAt).toBeLessThan(busyUntil);
    } finally {
      gate.stop();
    }
  });

  it("waits while another thread visitors wait on is busy (PGlite's), the event loop idle", async () => {
    const worker = new Worker(
      `const { parentPort } = require('node:worker_threads');
      parentPort.on('message', (ms) => {
        const end = Date.now() + ms;
        while (Date.now() < end) {}
        parentPort.postMessage(Date.now());
      });`,
      { eval: true },
    );
    const gate = new VisitorsFirst({ busyAbove: 0.8, windowMs: 200, maxWaitMs: 10_000 }, [
      worker.performance.eventLoopUtilization,
    ]);
    gate.start();
    try {
      await new Promise((resolve) => worker.once('online', resolve));
      const done = new Promise<number>((resolve) => worker.once('message', resolve));
      worker.postMessage(800);
      await new Promise((resolve) => setTimeout(resolve, 400));
      const quietAt = await gate.quiet().then(() => Date.now());
      expect(quietAt).toBeGreaterThanOrEqual(await done);
    } finally {
      gate.stop();
      await worker.terminate();
    }
  });
});
