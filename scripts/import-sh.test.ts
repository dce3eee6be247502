import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Kysely } from 'kysely';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { PgliteThread, PgliteThreadDialect } from '#server/db/pglite-thread.ts';
import type { Database } from '#server/db/schema.ts';
import { testEngine } from '#server/test/engine.ts';
import { exifFixture } from '#server/test/fixtures.ts';
import { importBundle } from './build-server.ts';

/**
 * `npm run import` as package.json runs it (scripts/import.sh): the JavaScript bundle it builds when
 * a source is newer, started with the import's memory settings (scripts/import.test.ts runs the
 * TypeScript through tsx, for its many cases; this is the command an operator runs).
 */
const root = resolve(import.meta.dirname, '..');
const work = mkdtempSync(join(tmpdir(), 'import-sh-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function npmRunImport(args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn('sh', ['scripts/import.sh', ...args], { cwd: root, env });
  let stdout = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stdout += c.toString()));
  return new Promise<{ code: number | null; stdout: string }>((r) =>
    child.once('exit', (code) => r({ code, stdout })),
  );
}

// The embedded database's pass (its template); the PostgreSQL pass runs the same bundle's code in import.test.ts.
describe.runIf(testEngine() === 'pglite')('npm run import (scripts/import.sh, PGlite)', () => {
  it('imports a camera photo with its derivatives through the built JavaScript', async () => {
    const dataDir = join(work, 'data');
    const folder = join(work, 'photos');
    mkdirSync(folder, { recursive: true });
    mkdirSync(dataDir, { recursive: true });
    copyFileSync(await exifFixture('large'), join(folder, 'DSC00001.jpg'));
    // The migrated template as the archive, with an admin to record the import under.
    const thread = await PgliteThread.start({
      dataDir: join(dataDir, 'db'),
      loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]),
    });
    const db = new Kysely<Database>({ dialect: new PgliteThreadDialect(thread) });
    try {
      await db
        .insertInto('users')
        .values({ email: 'import-sh@example.org', full_name: 'Importer', role: 'admin' })
        .execute();
    } finally {
      await db.destroy();
      await thread.close();
    }
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', S3_BUCKET: '', LOG_LEVEL: 'silent' };
    const run = await npmRunImport([folder, '--report', join(work, 'report.csv')], env);
    expect(run.stdout).toMatch(/Imported 1, skipped 0, refused 0/);
    expect(run.stdout).not.toMatch(/could not be made/);
    expect(run.code).toBe(0);
    // The bundle it ran is at least as new as the import's own source.
    expect(statSync(importBundle).mtimeMs).toBeGreaterThanOrEqual(
      statSync(join(root, 'scripts', 'import.ts')).mtimeMs,
    );
  }, 180_000);
});
