import { defineConfig } from 'vitest/config';

// Browser journeys: built, running archives (global-setup: one per worker), one Chromium per worker.
// Each file makes the content it needs, so the files run in any order and on any worker; the
// files of one worker run one after the other on that worker's archive.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    // Two on two cores: a journey spends much of its time waiting (for the server, a job, a page's
    // chunk), and a second one fills that time (scripts/test.ts prints what each step took).
    maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
    pool: 'forks',
    // A worker's files follow one another in one process: Playwright, the server modules the
    // journeys use and Chromium (support.ts sharedBrowser) start once per worker, not per file.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A page that loads and asks its API takes more than expect.poll's default second when the
    // test, the server and Chromium share two busy cores (a fresh admin screen did, once, in CI).
    // A poll that is going to fail still fails; it only waits longer first.
    expect: { poll: { timeout: 10_000 } },
  },
});
