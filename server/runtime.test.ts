import { existsSync, mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { localOrigins, SCRATCH_MAX_AGE_MS, sweepScratch } from './runtime.ts';

const dataDir = () => mkdtempSync(join(tmpdir(), 'runtime-'));

describe('localOrigins', () => {
  it('trusts the local names only while PUBLIC_URL is unset', () => {
    expect(localOrigins(loadConfig({ DATA_DIR: dataDir(), PORT: '4000' }))).toEqual([
      'http://localhost:4000',
      'http://127.0.0.1:4000',
    ]);
    expect(
      localOrigins(loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'https://archive.example.org' })),
    ).toEqual([]);
  });
});

describe('sweepScratch', () => {
  function scratch() {
    const dir = mkdtempSync(join(tmpdir(), 'scratch-'));
    const old = new Date(Date.now() - SCRATCH_MAX_AGE_MS - 60_000);
    writeFileSync(join(dir, 'receive-old'), 'x');
    utimesSync(join(dir, 'receive-old'), old, old);
    writeFileSync(join(dir, 'receive-new'), 'x');
    // A directory whose own time is old but which holds a file being written now is in use.
    mkdirSync(join(dir, 'derive-busy'));
    writeFileSync(join(dir, 'derive-busy', 'poster.png'), 'x');
    utimesSync(join(dir, 'derive-busy'), old, old);
    mkdirSync(join(dir, 'derive-dead'));
    writeFileSync(join(dir, 'derive-dead', 'original'), 'x');
    utimesSync(join(dir, 'derive-dead', 'original'), old, old);
    utimesSync(join(dir, 'derive-dead'), old, old);
    return dir;
  }

  it('removes only what nothing touched for a day when DATA_DIR may be shared', async () => {
    const dir = scratch();
    expect(await sweepScratch(dir, { everything: false })).toBe(2);
    expect(
      ['receive-old', 'receive-new', 'derive-busy', 'derive-dead'].map((n) => existsSync(join(dir, n))),
    ).toEqual([false, true, true, false]);
  });

  it('removes everything when this process holds DATA_DIR alone', async () => {
    const dir = scratch();
    expect(await sweepScratch(dir, { everything: true })).toBe(4);
    expect(await sweepScratch(join(dir, 'missing'), { everything: true })).toBe(0);
  });
});
