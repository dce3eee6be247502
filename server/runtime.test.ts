import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { localOrigins } from './runtime.ts';

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
