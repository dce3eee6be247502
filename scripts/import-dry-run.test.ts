import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Kysely, Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtScript } from '#server/test/built.ts';
import { type DatabaseHandle, openPglite, openPostgres } from '#server/db/database.ts';
import { migrations } from '#server/db/migrations/index.ts';
import { PgliteThread, PgliteThreadDialect } from '#server/db/pglite-thread.ts';
import type { Database } from '#server/db/schema.ts';
import { POSTGRES_TEMPLATE, testEngine } from '#server/test/engine.ts';
import { exifFixture } from '#server/test/fixtures.ts';
import { copyMigratedPglite } from '#server/test/migrated-pglite.ts';
import { scratchPostgres } from '#server/test/scratch-postgres.ts';

/**
 * `npm run import -- … --dry-run` (and `--update … --dry-run`) only looks: it writes nothing, so it
 * migrates nothing either. On an archive one version behind it refuses, saying why and what to do,
 * and leaves the archive exactly as it was; where there is no archive it makes none.
 */
const root = resolve(import.meta.dirname, '..');
const engine = testEngine();
const ADMIN_EMAIL = 'dry-run-admin@example.org';
/** scripts/import.ts bundled once per run: tsx would transform it and the server's modules at each start. */
const importScript = await builtScript('import');
const work = mkdtempSync(join(tmpdir(), 'import-dry-run-'));
const dataDir = join(work, 'data');
const folder = join(work, 'collection');
let env: NodeJS.ProcessEnv;
let cleanup: () => Promise<void> = async () => {};
const LAST_MIGRATION = Object.keys(migrations).at(-1)!;

function run(args: string[], environment = env) {
  const child = spawn(process.execPath, [importScript, ...args], {
    cwd: root,
    env: environment,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c));
  child.stderr.on('data', (c: Buffer) => (stderr += c));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((r) =>
    child.once('exit', (code) =>
      r({
        code,
        stdout,
        stderr: stderr
          .split('\n')
          .filter((l) => l.startsWith('Error: '))
          .join('\n'),
      }),
    ),
  );
}

async function withArchive<T>(read: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  const handle: DatabaseHandle =
    engine === 'pglite' ? await openPglite(join(dataDir, 'db')) : await openPostgres(env.DATABASE_URL!);
  try {
    return await read(handle.db);
  } finally {
    await handle.close();
  }
}

const appliedMigrations = () =>
  withArchive(async (db) =>
    (await new Migrator({ db, provider: { getMigrations: async () => migrations } }).getMigrations())
      .filter((m) => m.executedAt !== undefined)
      .map((m) => m.name),
  );

beforeAll(async () => {
  mkdirSync(folder, { recursive: true });
  mkdirSync(dataDir, { recursive: true });
  copyFileSync(await exifFixture('gps'), join(folder, 'test1.jpg'));
  env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', S3_BUCKET: '', LOG_LEVEL: 'silent' };
  let db: Kysely<Database>;
  let close: () => Promise<void>;
  if (engine === 'pglite') {
    await copyMigratedPglite(join(dataDir, 'db'));
    const thread = await PgliteThread.start({ dataDir: join(dataDir, 'db') });
    db = new Kysely<Database>({ dialect: new PgliteThreadDialect(thread) });
    close = async () => {
      await db.destroy();
      await thread.close();
    };
  } else {
    const database = await scratchPostgres({ prefix: 'archive_dry_run', template: POSTGRES_TEMPLATE });
    env = { ...env, DATABASE_URL: database.url };
    const handle = await openPostgres(database.url);
    db = handle.db;
    close = () => handle.close();
    cleanup = () => database.drop({ force: true });
  }
  try {
    await db
      .insertInto('users')
      .values({ email: ADMIN_EMAIL, full_name: 'Importer', role: 'admin' })
      .execute();
    // The archive one version behind this code: its newest migration taken back.
    const { error } = await new Migrator({
      db,
      provider: { getMigrations: async () => migrations },
    }).migrateDown();
    if (error) throw error;
  } finally {
    await close();
  }
}, 120_000);

afterAll(async () => {
  await cleanup();
  rmSync(work, { recursive: true, force: true });
});

describe(`--dry-run on an archive that is not migrated (${engine})`, { timeout: 120_000 }, () => {
  it('refuses to look, names the migration and what to do, and leaves the archive as it was', async () => {
    expect(await appliedMigrations()).not.toContain(LAST_MIGRATION);
    const dry = await run([folder, '--dry-run', '--report', join(work, 'dry.csv')]);
    expect(dry.code).toBe(1);
    expect(dry.stderr).toContain(
      `Error: nothing was looked at: the archive's database is not yet at this version (1 migration to apply, the first ${LAST_MIGRATION})`,
    );
    expect(dry.stderr).toContain('Start the server once (npm start migrates it), or run without --dry-run');
    expect(existsSync(join(work, 'dry.csv'))).toBe(false);

    const csv = join(work, 'update.csv');
    writeFileSync(csv, 'display_id,title\r\nPHOTO-00001,Nýtt heiti\r\n');
    const update = await run(['--update', csv, '--dry-run']);
    expect(update.code).toBe(1);
    expect(update.stderr).toContain("the archive's database is not yet at this version");

    expect(await appliedMigrations()).not.toContain(LAST_MIGRATION);
  });

  it('without --dry-run the import migrates the archive and imports', async () => {
    const result = await run([folder, '--report', join(work, 'real.csv')]);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/Imported 1, skipped 0, refused 0/);
    expect(result.code).toBe(0);
    expect(await appliedMigrations()).toContain(LAST_MIGRATION);
    // Now at this version, a dry run looks and says so.
    const dry = await run([folder, '--dry-run', '--report', join(work, 'dry2.csv')]);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(/Dry run: 0 would be imported, 1 skipped/);
  });
});

describe.skipIf(engine !== 'pglite')('--dry-run where there is no archive', () => {
  it('makes none: no database is created in DATA_DIR', async () => {
    const empty = join(work, 'empty');
    const result = await run([folder, '--dry-run', '--report', join(work, 'none.csv')], {
      ...env,
      DATA_DIR: empty,
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `Error: nothing was looked at: there is no archive in ${empty} (DATA_DIR)`,
    );
    expect(existsSync(join(empty, 'db'))).toBe(false);
  });
});
