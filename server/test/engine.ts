import { createHash } from 'node:crypto';

/** Which database the tests run on: PGlite unless TEST_DB_ENGINE=postgres (needs TEST_DATABASE_URL). */
export function testEngine(): 'pglite' | 'postgres' {
  if (process.env.TEST_DB_ENGINE !== 'postgres') return 'pglite';
  if (!process.env.TEST_DATABASE_URL) throw new Error('TEST_DB_ENGINE=postgres needs TEST_DATABASE_URL');
  return 'postgres';
}

/**
 * The migrated template every PostgreSQL test database is copied from, one per checkout, so two
 * checkouts testing at once on one server never drop each other's template.
 */
export const POSTGRES_TEMPLATE = `archive_test_template_${createHash('sha256').update(process.cwd()).digest('hex').slice(0, 10)}`;
