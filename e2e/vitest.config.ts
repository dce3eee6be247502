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
  },
});
