import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.ts';
import { LocalBlobStore } from '../storage/local-blob-store.ts';
import { createTestDb } from '../test/harness.ts';
import { describeFsck, fsck } from './fsck.ts';

let h: DatabaseHandle;
const dir = mkdtempSync(join(tmpdir(), 'fsck-leftovers-'));
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(async () => {
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});

function write(name: string, ageMs: number) {
  const path = join(dir, ...name.split('/'));
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, 'partial');
  const when = new Date(Date.now() - ageMs);
  utimesSync(path, when, when);
  return path;
}

describe('fsck and the temporary files of interrupted writes', () => {
  it('reports an old leftover of a killed put as an orphan and --repair removes it; a fresh one is left alone', async () => {
    const blobs = new LocalBlobStore(dir);
    const old = 'media/2026/11/0b1c9a0e-2f4e-4f0a-9d7e-1a2b3c4d5e6f.jpg.tmp-0123456789abcdef';
    const fresh = 'media/2026/11/1b1c9a0e-2f4e-4f0a-9d7e-1a2b3c4d5e6f.jpg.tmp-fedcba9876543210';
    write(old, 2 * 3600_000);
    write(fresh, 0);
    // Not a key: the store's own listing never names it, so only the leftover scan can find it.
    const keys: string[] = [];
    for await (const blob of blobs.list()) keys.push(blob.key);
    expect(keys).toEqual([]);

    const report = await fsck(h.db, blobs);
    expect(report.orphans).toEqual([{ key: old, size: 7, leftover: true }]);
    expect(describeFsck(report, false)).toContain(`ORPHAN   ${old} (7 bytes, left by an interrupted write)`);

    const repaired = await fsck(h.db, blobs, { repair: true });
    expect(repaired.removed).toEqual([old]);
    const left: string[] = [];
    for await (const blob of blobs.listLeftovers()) left.push(blob.key);
    expect(left).toEqual([fresh]);
  });

  it('removes only leftover names, never a key', async () => {
    const blobs = new LocalBlobStore(dir);
    await expect(blobs.deleteLeftover('media/2026/11/a.jpg')).rejects.toThrow(/Invalid blob key/);
    await expect(blobs.deleteLeftover('../x.jpg.tmp-0123456789abcdef')).rejects.toThrow(/Invalid blob key/);
  });
});
