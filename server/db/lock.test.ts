import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDirectoryLock, describeProcess, LockedError } from './lock.ts';

const lockFile = () => join(mkdtempSync(join(tmpdir(), 'lock-')), 'db.lock');
const linux = existsSync('/proc/sys/kernel/random/boot_id');

describe('the data directory lock', () => {
  it('refuses a second holder while the first runs, and frees on release', () => {
    const file = lockFile();
    const release = acquireDirectoryLock(file);
    expect(readFileSync(file, 'utf8')).toBe(describeProcess(process.pid));
    // Pretend another live process holds it: named in full, and by its PID alone (older locks).
    for (const other of [describeProcess(process.ppid), String(process.ppid)]) {
      writeFileSync(file, other);
      expect(() => acquireDirectoryLock(file)).toThrow(LockedError);
    }
    writeFileSync(file, describeProcess(process.pid));
    release();
    expect(existsSync(file)).toBe(false);
    acquireDirectoryLock(file)();
  });

  it('takes over a lock left by a process that no longer runs', () => {
    const file = lockFile();
    writeFileSync(file, '999999999');
    const release = acquireDirectoryLock(file);
    expect(existsSync(file)).toBe(true);
    release();
  });

  it.runIf(linux)(
    'takes over a lock whose PID now belongs to another process, or from an earlier boot',
    () => {
      // After a power cut or a container restart the recorded PID may be a live process of another kind.
      const [pid, boot, started] = describeProcess(process.ppid).split(' ');
      expect(started).toMatch(/^\d+$/);
      for (const stale of [
        `${pid} ${boot} ${Number(started) + 1}`,
        `${pid} 00000000-0000-0000-0000-000000000000 ${started}`,
      ]) {
        const file = lockFile();
        writeFileSync(file, stale);
        const release = acquireDirectoryLock(file);
        expect(readFileSync(file, 'utf8')).toBe(describeProcess(process.pid));
        release();
      }
    },
  );
});
