import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const dataDir = () => mkdtempSync(join(tmpdir(), 'config-'));

describe('configuration', () => {
  it('has working defaults and keeps a generated session secret in DATA_DIR', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://127.0.0.1:3000',
      databaseUrl: undefined,
      s3: undefined,
    });
    expect(config.sessionSecret).toBe(readFileSync(join(dir, 'session-secret'), 'utf8'));
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(config.sessionSecret);
  });

  it.each([
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must start with postgres/],
    [{ PORT: 'eighty' }, /PORT/],
    [{ ADMIN_EMAIL: 'a@example.org' }, /both ADMIN_EMAIL and ADMIN_PASSWORD/],
    [{ ADMIN_EMAIL: 'a@example.org', ADMIN_PASSWORD: '123' }, /ADMIN_PASSWORD must be at least 6/],
    [{ PUBLIC_URL: 'ftp://x' }, /PUBLIC_URL/],
    [{ SESSION_SECRET: 'short' }, /SESSION_SECRET must be at least 32/],
  ])('refuses %o with one clear line', (env, message) => {
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: dataDir(), ...env });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain('\n');
  });

  it('turns on S3 when S3_BUCKET is set', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), S3_BUCKET: 'b', S3_ENDPOINT: 'http://127.0.0.1:9000' });
    expect(config.s3).toMatchObject({ bucket: 'b', endpoint: 'http://127.0.0.1:9000' });
  });
});
