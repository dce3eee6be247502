import { defineConfig } from 'vitest/config';

// Unit and integration tests against the real database: PGlite by default, PostgreSQL when
// TEST_DB_ENGINE=postgres (scripts/test.ts runs both when TEST_DATABASE_URL is set).
export default defineConfig({
  test: {
    include: [
      'common/**/*.test.ts',
      'server/**/*.test.ts',
      'scripts/**/*.test.ts',
      'web/**/*.test.ts',
      'bench/**/*.test.ts',
    ],
    globalSetup: ['server/test/global-setup.ts'],
    pool: 'forks',
    // Test files share their worker process: what they import (Fastify, better-auth, the app, the
    // renderer…) is loaded once per process instead of once per file, which was a third of the
    // PGlite pass (a new process and ~2 s of imports for each of 125 files). Each file still gets
    // its own database and app, and server/test/per-file.ts puts back what a file changed of the
    // process (its environment, timers, what it left open); stubs are undone after each test.
    isolate: false,
    setupFiles: ['server/test/per-file.ts'],
    unstubEnvs: true,
    unstubGlobals: true,
    restoreMocks: true,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
