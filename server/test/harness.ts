import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import type { Role } from '#common/roles.ts';
import { type BuildAppOptions, buildApp } from '../app.ts';
import { createAppContext } from '../app-context.ts';
import type { Config } from '../config.ts';
import { type DatabaseHandle, openPgliteInMemory, openPostgres } from '../db/database.ts';
import { createAccount } from '../features/users/create-account.public.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { LocalBlobStore } from '../storage/local-blob-store.ts';
import { MAIL_JOB } from '../mail/mail-job.ts';
import { readOutbox } from '../mail/read-outbox.ts';
import { POSTGRES_TEMPLATE, testEngine } from './engine.ts';
import { closedAtFileEnd } from './left-open.ts';
import { scratchPostgres } from './scratch-postgres.ts';

/** A fresh copy of the migrated template database, on the engine this run tests. */
export async function createTestDb(): Promise<DatabaseHandle> {
  if (testEngine() === 'pglite') {
    const template = readFileSync(inject('pgliteTemplate'));
    const handle = await openPgliteInMemory(new Blob([template]));
    return { ...handle, close: closedAtFileEnd(handle.close) };
  }
  const scratch = await scratchPostgres({ prefix: 'archive_test', template: POSTGRES_TEMPLATE });
  const handle = await openPostgres(scratch.url);
  return {
    ...handle,
    close: closedAtFileEnd(async () => {
      await handle.close();
      await scratch.drop();
    }),
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
    renderThreads: 1,
  };
}

/** The real app on a fresh database, a temporary file store and a file outbox. */
export async function createTestApp(
  options: {
    database?: DatabaseHandle;
    blobs?: BlobStore;
    webDir?: string;
    config?: Partial<Config>;
    /** The request log; none by default. */
    logger?: BuildAppOptions['logger'];
  } = {},
) {
  const database = options.database ?? (await createTestDb());
  const dataDir = mkdtempSync(join(tmpdir(), 'archive-test-'));
  const config = {
    ...testConfig(dataDir),
    ...(options.webDir ? { webDir: options.webDir } : {}),
    ...options.config,
  };
  const silent = { info: () => {}, warn: () => {}, error: () => {} };
  // The job queue is not started: tests run queued jobs when they choose, with jobs.drain().
  const { context, jobs } = createAppContext({
    config,
    db: database.db,
    logger: silent,
    blobs: options.blobs ?? new LocalBlobStore(join(dataDir, 'files')),
  });
  const app = await buildApp({ context, logger: options.logger });
  await app.ready();
  return {
    app,
    ctx: context,
    db: database.db,
    jobs,
    dataDir,
    /** The messages the mailer wrote, oldest first. */
    outbox: () => readOutbox(join(dataDir, 'outbox')),
    close: closedAtFileEnd(async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }),
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

/** Starts the app on a free local port, for clients that need real HTTP (tus, SSE); its base URL. */
export async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

/**
 * A web folder holding only the page shell the build writes (index.html with an empty root), so
 * the app draws its public pages into it (web/web-app.ts) without a web build. Remove it after.
 */
export function pageShellDir(): string {
  const webDir = mkdtempSync(join(tmpdir(), 'archive-web-'));
  writeFileSync(
    join(webDir, 'index.html'),
    '<!doctype html><html lang="fo"><head><title>Myndasavn</title></head><body><div id="root"></div></body></html>',
  );
  return webDir;
}

/** The subjects of the mail jobs to `to` still waiting to be sent (mail is never sent in a request). */
export async function queuedMailsTo(t: TestApp, to: string): Promise<string[]> {
  const jobs = await t.db
    .selectFrom('jobs')
    .select('payload')
    .where('kind', '=', MAIL_JOB)
    .where('status', '=', 'queued')
    .execute();
  return jobs.filter((j) => j.payload.to === to).map((j) => String(j.payload.subject));
}
