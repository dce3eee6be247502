import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDirectoryLock, LockedError } from './lock.ts';

describe('the data directory lock', () => {
  it('refuses a second holder while the first runs, and frees on release', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'lock-')), 'db.lock');
    const release = acquireDirectoryLock(file);
    writeFileSync(file, String(process.ppid)); // pretend another live process holds it
    expect(() => acquireDirectoryLock(file)).toThrow(LockedError);
    writeFileSync(file, String(process.pid));
    release();
    expect(existsSync(file)).toBe(false);
    acquireDirectoryLock(file)();
  });

  it('takes over a lock left by a process that no longer runs', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'lock-')), 'db.lock');
    writeFileSync(file, '999999999');
    const release = acquireDirectoryLock(file);
    expect(existsSync(file)).toBe(true);
    release();
  });
});
