import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtScript } from '#server/test/built.ts';
import { openPglite } from '#server/db/database.ts';
import { createMedia } from '#server/features/media/media.repository.ts';
import { newBlobKey } from '#server/storage/blob-store.ts';
import { LocalBlobStore } from '#server/storage/local-blob-store.ts';
import { exifFixture } from '#server/test/fixtures.ts';
import { copyMigratedPglite } from '#server/test/migrated-pglite.ts';

const root = resolve(import.meta.dirname, '..');
/** scripts/export.ts bundled once per run: tsx would transform it and the server's modules at each start. */
const exportScript = await builtScript('export');

/** `npm run export -- ARGS` on DATA_DIR (the embedded database, the server stopped). */
function exportCommand(args: string[], dataDir: string) {
  const result = spawnSync(process.execPath, [exportScript, '--', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', S3_BUCKET: '' },
    encoding: 'utf8',
  });
  const stderr = result.stderr
    .split('\n')
    .filter((l) => l.startsWith('Error: ') || l.startsWith('Usage: '))
    .join('\n');
  return { status: result.status, stdout: result.stdout.trim(), stderr };
}

// Each command is a real process opening the embedded database: a few seconds each.
describe('npm run export (embedded database)', { timeout: 120_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'export-cli-'));
  const dataDir = join(dir, 'data');
  let original: Buffer;
  let displayId: string;

  beforeAll(async () => {
    original = readFileSync(await exifFixture('gps'));
    await copyMigratedPglite(join(dataDir, 'db'));
    const database = await openPglite(join(dataDir, 'db'));
    try {
      const key = newBlobKey('media', 'jpg');
      await new LocalBlobStore(join(dataDir, 'files')).put(key, original, { contentType: 'image/jpeg' });
      const row = await createMedia(database.db, {
        title: 'Gøta 1931',
        media_type: 'image',
        file_key: key,
        file_name: 'gota.jpg',
        file_size: original.length,
        mime_type: 'image/jpeg',
        sha256: createHash('sha256').update(original).digest('hex'),
        is_public: false,
      });
      displayId = row.display_id;
    } finally {
      await database.close();
    }
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes a bag with --include-private, and the public catalogue as CSV (without the private item)', () => {
    const bag = join(dir, 'bag');
    const made = exportCommand(['--format', 'bagit', bag, '--include-private'], dataDir);
    expect(made.stderr).toBe('');
    expect(made.stdout).toMatch(new RegExp(`^Wrote a BagIt bag of 1 items \\(3 files, .*\\) to ${bag} in`));
    expect(made.status).toBe(0);
    for (const manifest of ['manifest-sha256.txt', 'tagmanifest-sha256.txt'])
      execFileSync('sha256sum', ['--check', '--strict', '--quiet', manifest], { cwd: bag });
    expect(readFileSync(join(bag, 'data', `${displayId}.jpg`))).toEqual(original);
    expect(readFileSync(join(bag, 'bag-info.txt'), 'utf8')).toMatch(/^Source-Organization: Myndasavn\n/);

    const csv = join(dir, 'catalogue.csv');
    const written = exportCommand(['--format', 'csv', csv], dataDir);
    expect(written).toMatchObject({ status: 0, stderr: '' });
    expect(written.stdout).toMatch(/^Wrote the public catalogue as CSV to /);
    // The header only: the one item is private.
    expect(readFileSync(csv, 'utf8')).toMatch(/^\uFEFFdisplay_id,dc\.title\[fo\],.*\r\n$/);
    expect(existsSync(`${csv}.partial`)).toBe(false);
  });

  it('refuses a bad command line and an existing target, naming the problem', () => {
    expect(exportCommand(['--format', 'xml', join(dir, 'x')], dataDir)).toMatchObject({
      status: 1,
      stderr: expect.stringMatching(/^Error: Usage: npm run export -- --format csv\|json FILE/),
    });
    const csv = join(dir, 'existing.csv');
    writeFileSync(csv, 'kept');
    expect(exportCommand(['--format', 'csv', csv], dataDir)).toMatchObject({
      status: 1,
      stderr: `Error: ${csv} already exists; choose a new file name.`,
    });
    expect(readFileSync(csv, 'utf8')).toBe('kept');
  });
});
