import { performance } from 'node:perf_hooks';

/**
 * Keeps this process's event loop busy for `ms` (as a crowd's requests would), in slices of 20 ms
 * so that timers and I/O still run between them; `then.run` is called once, `then.at` ms in.
 * Resolves with the moment the busy time ended (performance.now()).
 */
export function keepEventLoopBusy(ms: number, then?: { at: number; run: () => void }): Promise<number> {
  const started = performance.now();
  const end = started + ms;
  let pending = then;
  return new Promise((resolve) => {
    const slice = () => {
      const stop = Math.min(end, performance.now() + 20);
      while (performance.now() < stop) {
        // spin: the work of answering
      }
      if (pending && performance.now() - started >= pending.at) {
        const { run } = pending;
        pending = undefined;
        run();
      }
      if (performance.now() < end) setImmediate(slice);
      else resolve(performance.now());
    };
    slice();
  });
}
