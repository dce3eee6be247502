import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { ConfigError, configWarnings, fastifyTrustProxy, loadConfig } from './config.ts';

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
      renderThreads: 1,
      requestTimeoutMs: 60_000,
      idleTimeoutMs: 30_000,
      connectionsPerClient: 64,
    });
    expect(
      loadConfig({ DATA_DIR: dir, REQUEST_TIMEOUT_SECONDS: '5', IDLE_TIMEOUT_SECONDS: '45' }),
    ).toMatchObject({
      requestTimeoutMs: 5000,
      idleTimeoutMs: 45_000,
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
    [{ TRUST_PROXY: 'true' }, /TRUST_PROXY=true .*number of proxies.*addresses/],
    [{ TRUST_PROXY: 'two' }, /TRUST_PROXY .*number of proxies.*addresses/],
    [{ TRUST_PROXY: '-1' }, /TRUST_PROXY/],
    [{ TRUST_PROXY: '10.0.0.1,10.0.0.0/33' }, /TRUST_PROXY .*"10.0.0.0\/33"/],
    [{ TRUST_PROXY: '10.0.0.1,proxy.example' }, /TRUST_PROXY .*"proxy.example"/],
    [{ RENDER_THREADS: 'two' }, /RENDER_THREADS/],
    [{ RENDER_THREADS: '-1' }, /RENDER_THREADS/],
    [{ REQUEST_TIMEOUT_SECONDS: '0' }, /REQUEST_TIMEOUT_SECONDS/],
    [{ IDLE_TIMEOUT_SECONDS: '10' }, /IDLE_TIMEOUT_SECONDS/],
    [{ CONNECTIONS_PER_CLIENT: 'many' }, /CONNECTIONS_PER_CLIENT/],
    [{ MAP_REGION: '-7.8,61.35,-6.2' }, /MAP_REGION must be west,south,east,north/],
    [{ MAP_REGION: '-7.8,62.45,-6.2,61.35' }, /MAP_REGION must be west,south,east,north/],
    [{ MAP_REGION: '-190,61,-6,62' }, /MAP_REGION/],
    [
      { MAP_TILE_URL: 'ftp://tiles.example.org/{z}/{x}/{y}.png', MAP_TILE_ATTRIBUTION: 'x' },
      /MAP_TILE_URL must be an http/,
    ],
    [
      { MAP_TILE_URL: 'https://tiles.example.org/{z}/{x}.png', MAP_TILE_ATTRIBUTION: 'x' },
      /must contain \{z\}, \{x\} and \{y\}/,
    ],
    [
      { MAP_TILE_URL: 'https://tiles.example.org/{z}/{x}/{y}.png' },
      /MAP_TILE_URL needs MAP_TILE_ATTRIBUTION/,
    ],
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

  it('trusts X-Forwarded-For only from the proxies named by TRUST_PROXY, none by default', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: ' 2 ' }).trustProxy).toBe(2);
    expect(
      loadConfig({ DATA_DIR: dir, TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1,fd00::/8' }).trustProxy,
    ).toEqual(['10.0.0.1', '10.1.0.0/16', '::1', 'fd00::/8']);
  });

  it('makes a hop count believe only the address the nearest proxies appended', async () => {
    const clientIp = async (
      trustProxy: string | undefined,
      forwarded: string,
      remoteAddress = '127.0.0.1',
    ) => {
      const app = Fastify({
        trustProxy: fastifyTrustProxy(
          loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: trustProxy }).trustProxy,
        ),
      });
      app.get('/', async (request) => request.ip);
      const res = await app.inject({ url: '/', remoteAddress, headers: { 'x-forwarded-for': forwarded } });
      await app.close();
      return res.body;
    };
    // The client wrote 6.6.6.6 itself; the proxy appended the address it saw.
    expect(await clientIp('1', '6.6.6.6, 203.0.113.5')).toBe('203.0.113.5');
    expect(await clientIp('2', '6.6.6.6, 203.0.113.5, 10.0.0.2')).toBe('203.0.113.5');
    expect(await clientIp('127.0.0.1', '6.6.6.6, 203.0.113.5')).toBe('203.0.113.5');
    expect(await clientIp('10.0.0.0/8', '203.0.113.5', '198.51.100.9')).toBe('198.51.100.9');
    expect(await clientIp(undefined, '203.0.113.5')).toBe('127.0.0.1');
  });

  it('warns when mail with links would only reach the outbox of a public https site', () => {
    const https = loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'https://archive.example.org' });
    expect(configWarnings(https)).toEqual([expect.stringMatching(/SMTP_URL is not set.*outbox/)]);
    expect(configWarnings({ ...https, smtpUrl: 'smtp://mail.example.org' })).toEqual([]);
    expect(configWarnings(loadConfig({ DATA_DIR: dataDir() }))).toEqual([]);
  });

  it('reads the map’s region and an installation’s tile server (none by default)', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).map).toEqual({
      region: undefined,
      tileUrl: undefined,
      tileAttribution: undefined,
    });
    const config = loadConfig({
      DATA_DIR: dataDir(),
      MAP_REGION: '5,45,15,55.5',
      MAP_TILE_URL: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
      MAP_TILE_ATTRIBUTION: '© Example',
    });
    expect(config.map).toEqual({
      region: [5, 45, 15, 55.5],
      tileUrl: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
      tileAttribution: '© Example',
    });
  });

  it('turns on S3 when S3_BUCKET is set', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), S3_BUCKET: 'b', S3_ENDPOINT: 'http://127.0.0.1:9000' });
    expect(config.s3).toMatchObject({ bucket: 'b', endpoint: 'http://127.0.0.1:9000' });
  });
});
