/**
 * Runs before each test file (vitest.config.ts `setupFiles`). Test files share worker processes
 * (`isolate: false`: the modules they import are loaded once per process, not once per file), so
 * what a file changes of the process is put back when it ends, and no file sees another's: the
 * databases and apps the harness opened are closed (server/test/left-open.ts), the environment
 * variables are as they were before it, timers are real. Stubs made with vi.stubEnv,
 * vi.stubGlobal and vi.spyOn are undone after each test by the config (unstubEnvs, unstubGlobals,
 * restoreMocks).
 */
import { afterAll, expect, vi } from 'vitest';
import { closeLeftOpen } from './left-open.ts';

const before = { ...process.env };

afterAll(async () => {
  vi.useRealTimers();
  const left = await closeLeftOpen();
  // Closed all the same; said so the file can close what it opens itself.
  if (left > 0) console.warn(`${expect.getState().testPath} left ${left} test database(s) or app(s) open`);
  for (const name of Object.keys(process.env)) if (!(name in before)) delete process.env[name];
  for (const [name, value] of Object.entries(before))
    if (process.env[name] !== value) process.env[name] = value;
});
