import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtScript } from '#server/test/built.ts';
import { openPglite } from '#server/db/database.ts';
import { createMedia } from '#server/features/media/media.repository.ts';
import { newBlobKey } from '#server/storage/blob-store.ts';
import { LocalBlobStore } from '#server/storage/local-blob-store.ts';
import { copyMigratedPglite } from '#server/test/migrated-pglite.ts';

const root = resolve(import.meta.dirname, '..');
/** The scripts bundled once per run: tsx would transform them and the server's modules at each start. */
const scripts = {
  backup: await builtScript('backup'),
  restore: await builtScript('restore'),
  fsck: await builtScript('fsck'),
};

/** Runs one of the npm scripts' files as `npm run <name>` would, on DATA_DIR. */
function run(script: keyof typeof scripts, args: string[], dataDir: string) {
  const result = spawnSync(process.execPath, [scripts[script], ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', S3_BUCKET: '' },
    encoding: 'utf8',
  });
  // stderr also carries Node's and npm's own warnings (the AWS SDK's Node version notice): ours
  // start with Error: or Warning:.
  const stderr = result.stderr
    .split('\n')
    .filter((l) => l.startsWith('Error: ') || l.startsWith('Warning: '))
    .join('\n');
  return { status: result.status, stdout: result.stdout.trim(), stderr };
}

// Each command is a real process opening the embedded database: a few seconds each.
describe('npm run backup / restore / fsck (embedded database)', { timeout: 180_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'backup-cli-'));
  const source = join(dir, 'source');
  const file = join(dir, 'archive.tar');
  const original = randomBytes(20_000);
  let key: string;

  beforeAll(async () => {
    await copyMigratedPglite(join(source, 'db'));
    const database = await openPglite(join(source, 'db'));
    try {
      key = newBlobKey('media', 'jpg');
      await new LocalBlobStore(join(source, 'files')).put(key, original, { contentType: 'image/jpeg' });
      await createMedia(database.db, {
        title: 'Gøta 1931',
        media_type: 'image',
        file_key: key,
        file_name: 'gota.jpg',
        file_size: original.length,
        mime_type: 'image/jpeg',
        sha256: createHash('sha256').update(original).digest('hex'),
      });
    } finally {
      await database.close();
    }
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('backs up, restores into an empty DATA_DIR only, and checks fixity', () => {
    const backup = run('backup', ['--', file], source);
    expect(backup.stderr).toBe('');
    expect(backup.stdout).toMatch(/^Backed up \d+ rows in \d+ tables and 1 files/);
    expect(backup.status).toBe(0);
    expect(run('backup', [file], source).stderr).toBe(
      `Error: ${file} already exists; choose a new file name.`,
    );

    const target = join(dir, 'restored');
    const restore = run('restore', [file], target);
    expect(restore.stdout).toMatch(
      /^Restored \d+ rows .* and 1 files .* Every SHA-256 matched the manifest\.$/,
    );
    expect(restore.status).toBe(0);
    expect(readFileSync(join(target, 'files', ...key.split('/')))).toEqual(original);

    const again = run('restore', [file], target);
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/^Error: The file store is not empty/);
    rmSync(join(target, 'files'), { recursive: true });
    expect(run('restore', [file], target).stderr).toMatch(
      /^Error: DATA_DIR .* already holds a database .* Restore needs an empty DATA_DIR/,
    );

    expect(run('fsck', [], target)).toMatchObject({
      status: 2,
      stdout: expect.stringContaining(`MISSING  ${key}`),
    });
    mkdirSync(dirname(join(target, 'files', ...key.split('/'))), { recursive: true });
    writeFileSync(join(target, 'files', ...key.split('/')), original);
    const orphan = join(target, 'files', 'media', '2001', '01', 'orphan.jpg');
    mkdirSync(dirname(orphan), { recursive: true });
    writeFileSync(orphan, 'x');
    const longAgo = new Date(Date.now() - 2 * 3600 * 1000);
    utimesSync(orphan, longAgo, longAgo);
    const report = run('fsck', [], target);
    expect(report.stdout).toContain('ORPHAN   media/2001/01/orphan.jpg (1 bytes, no row owns it)');
    expect(report.stdout).toContain('Run npm run fsck -- --repair to remove the orphans.');
    expect(report.status).toBe(2);
    const repair = run('fsck', ['--repair'], target);
    expect(repair.stdout).toContain('ORPHAN   media/2001/01/orphan.jpg (1 bytes, no row owns it) — removed');
    expect(repair.status).toBe(0);
    expect(existsSync(orphan)).toBe(false);
    expect(run('fsck', [], target)).toMatchObject({
      status: 0,
      stdout: expect.stringContaining('All files are intact.'),
    });
  });

  it('refuses a damaged backup and leaves the DATA_DIR empty for another try', () => {
    const tar = readFileSync(file);
    const at = tar.indexOf(original.subarray(0, 64));
    tar[at + 100] = tar[at + 100]! ^ 1;
    const damaged = join(dir, 'damaged.tar');
    writeFileSync(damaged, tar);
    const target = join(dir, 'refused');
    const restore = run('restore', [damaged], target);
    expect(restore.stderr).toMatch(/^Error: The backup is damaged: files\/media\/.* Nothing was restored\.$/);
    expect(restore.status).toBe(1);
    expect(existsSync(join(target, 'db'))).toBe(false);
    expect(
      readdirSync(join(target, 'files'), { recursive: true }).filter((f) => String(f).includes('.')),
    ).toEqual([]);
  });
});
