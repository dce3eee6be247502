import { describe, expect, it } from 'vitest';
import { heldTimes } from './event-loop.ts';

/** Keeps the main thread busy for `ms` of this process's CPU time. */
function spin(ms: number) {
  const start = process.cpuUsage();
  for (;;) {
    const used = process.cpuUsage(start);
    if ((used.user + used.system) / 1000 >= ms) return;
  }
}

const later = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

describe('heldTimes: the longest our code held the event loop', () => {
  it('sees one callback that keeps the loop for 120 ms', async () => {
    const held = heldTimes();
    await later(1);
    setTimeout(() => spin(120), 1);
    await later(20);
    expect(held.stop()).toBeGreaterThanOrEqual(100);
  });

  it('sees a chain of 4,000 promise reactions that never lets the loop go on', async () => {
    const held = heldTimes();
    await new Promise<void>((resolve) =>
      setTimeout(async () => {
        for (let i = 0; i < 4000; i += 1) {
          spin(0.04);
          await Promise.resolve();
        }
        resolve();
      }, 1),
    );
    await later(5);
    expect(held.stop()).toBeGreaterThanOrEqual(120);
  });

  it('does not add up 40 short callbacks the loop met at once (a backlog, as after the CPU was taken away)', async () => {
    const held = heldTimes();
    const due = Array.from(
      { length: 40 },
      () =>
        new Promise<void>((resolve) =>
          setTimeout(() => {
            spin(4);
            resolve();
          }, 5),
        ),
    );
    await Promise.all(due);
    const max = held.stop();
    expect(max).toBeGreaterThanOrEqual(3);
    expect(max).toBeLessThan(40);
  });
});
