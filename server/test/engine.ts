/** Which database the tests run on: PGlite unless TEST_DB_ENGINE=postgres (needs TEST_DATABASE_URL). */
export function testEngine(): 'pglite' | 'postgres' {
  if (process.env.TEST_DB_ENGINE !== 'postgres') return 'pglite';
  if (!process.env.TEST_DATABASE_URL) throw new Error('TEST_DB_ENGINE=postgres needs TEST_DATABASE_URL');
  return 'postgres';
}

export const POSTGRES_TEMPLATE = 'archive_test_template';
