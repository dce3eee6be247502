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
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
