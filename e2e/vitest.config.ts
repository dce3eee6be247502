import { defineConfig } from 'vitest/config';
import AlphabeticalSequencer from './sequencer.ts';

// Browser journeys: one built, running archive for the run (global-setup), Chromium per file.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    fileParallelism: false,
    sequence: { sequencer: AlphabeticalSequencer },
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A page that loads and asks its API takes more than expect.poll's default second when the
    // test, the server and Chromium share two busy cores (a fresh admin screen did, once, in CI).
    // A poll that is going to fail still fails; it only waits longer first.
    expect: { poll: { timeout: 10_000 } },
  },
});
