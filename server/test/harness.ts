import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import type { Role } from '../../common/roles.ts';
import { buildApp } from '../app.ts';
import { createAuth } from '../auth/auth.ts';
import type { Config } from '../config.ts';
import { type DatabaseHandle, openPgliteInMemory, openPostgres } from '../db/database.ts';
import { createAccount } from '../features/users/create-account.ts';
import { createJobRunner } from '../jobs/create-job-runner.ts';
import type { AppContext } from '../http/context.ts';
import { createMailer } from '../mail/mailer.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { LocalBlobStore } from '../storage/local-blob-store.ts';
import { POSTGRES_TEMPLATE, testEngine } from './engine.ts';

/** A fresh copy of the migrated template database, on the engine this run tests. */
export async function createTestDb(): Promise<DatabaseHandle> {
  if (testEngine() === 'pglite') {
    const template = readFileSync(inject('pgliteTemplate'));
    return openPgliteInMemory(new Blob([template]));
  }
  const url = process.env.TEST_DATABASE_URL!;
  const name = `archive_test_${randomBytes(6).toString('hex')}`;
  const admin = new Kysely({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }),
  });
  await sql.raw(`create database ${name} template ${POSTGRES_TEMPLATE}`).execute(admin);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const handle = await openPostgres(dbUrl.toString());
  return {
    ...handle,
    async close() {
      await handle.close();
      // The pool has ended its connections; a plain drop (not FORCE) never kills one mid-close.
      for (let attempt = 0; ; attempt++) {
        try {
          await sql.raw(`drop database if exists ${name}`).execute(admin);
          break;
        } catch (error) {
          if (attempt >= 20) throw error;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
      await admin.destroy();
    },
  };
}

export const TEST_ORIGIN = 'http://127.0.0.1:3000';

export function testConfig(dataDir: string): Config {
  return {
    port: 3000,
    host: '127.0.0.1',
    dataDir,
    publicUrl: TEST_ORIGIN,
    databaseUrl: undefined,
    s3: undefined,
    smtpUrl: undefined,
    mailFrom: 'Archive <no-reply@localhost>',
    sessionSecret: 'test-secret-test-secret-test-secret-123',
    admin: undefined,
    trustProxy: false,
    logLevel: 'silent',
    webDir: join(dataDir, 'no-web-build'),
  };
}

/** The real app on a fresh database, a temporary file store and a file outbox. */
export async function createTestApp(
  options: { database?: DatabaseHandle; blobs?: BlobStore; webDir?: string } = {},
) {
  const database = options.database ?? (await createTestDb());
  const dataDir = mkdtempSync(join(tmpdir(), 'archive-test-'));
  const config = { ...testConfig(dataDir), ...(options.webDir ? { webDir: options.webDir } : {}) };
  const silent = { info: () => {}, warn: () => {}, error: () => {} };
  const mailer = createMailer({ from: config.mailFrom, outboxDir: join(dataDir, 'outbox'), logger: silent });
  const blobs = options.blobs ?? new LocalBlobStore(join(dataDir, 'files'));
  const tmpDir = join(dataDir, 'tmp');
  // Not started: tests run queued jobs when they choose, with jobs.drain().
  const jobs = createJobRunner({
    db: database.db,
    blobs,
    tmpDir,
    logger: silent,
    mailer,
    publicUrl: config.publicUrl,
  });
  const context: Omit<AppContext, 'logger'> = {
    config,
    db: database.db,
    blobs,
    tmpDir,
    jobs,
    mailer,
    auth: createAuth({
      db: database.db,
      publicUrl: config.publicUrl,
      secret: config.sessionSecret,
      extraOrigins: [],
      mailer,
    }),
  };
  const app = await buildApp({ context });
  await app.ready();
  return {
    app,
    ctx: context,
    db: database.db,
    jobs,
    dataDir,
    /** The messages the mailer wrote, oldest first. */
    outbox(): string[] {
      const dir = join(dataDir, 'outbox');
      try {
        return readdirSync(dir)
          .sort()
          .map((f) => decodeQuotedPrintable(readFileSync(join(dir, f), 'utf8')));
      } catch {
        return [];
      }
    },
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

let counter = 0;
/** A user with a password, through the same path admin:create uses. */
export async function buildUser(
  t: TestApp,
  overrides: { role?: Role; isActive?: boolean; email?: string; password?: string; fullName?: string } = {},
) {
  counter += 1;
  const email = overrides.email ?? `user${counter}-${randomBytes(3).toString('hex')}@example.org`;
  const password = overrides.password ?? 'password123';
  const user = await createAccount(t.db, t.ctx.auth, {
    email,
    password,
    fullName: overrides.fullName ?? `Test User ${counter}`,
    role: overrides.role ?? 'public',
  });
  if (overrides.isActive === false) {
    await t.db.updateTable('users').set({ is_active: false }).where('id', '=', user.id).execute();
  }
  return { ...user, password };
}

/** POSTs as the browser would (better-auth refuses a POST without a trusted Origin). */
export function post(t: TestApp, url: string, payload: unknown, cookie?: string, ip = '127.0.0.1') {
  return t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    remoteAddress: ip,
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
  });
}

/** Signs in and returns the session cookie for later requests. */
export async function signIn(t: TestApp, email: string, password: string): Promise<string> {
  const res = await post(t, '/api/auth/sign-in/email', { email, password });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return cookieFrom(res.headers['set-cookie']);
}

export function cookieFrom(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}

/** Mail bodies with Faroese letters are quoted-printable: undo soft line breaks and =XX bytes. */
function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  return Buffer.from(
    joined.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}
