import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { builtScript, builtServer } from '#server/test/built.ts';
import { freePort } from './lib/local-chromium.ts';

const root = resolve(import.meta.dirname, '..');
// The server and admin:create as the bundles build-server.ts makes (server/test/built.ts): the
// tests are about what they do, and tsx would transform the whole server again at each start.
const server = await builtServer();
const adminCreate = await builtScript('admin-create');
const running: ChildProcess[] = [];
afterAll(() => {
  for (const child of running) child.kill('SIGTERM');
});

const env = (extra: Record<string, string>) => ({ ...process.env, LOG_LEVEL: 'info', PORT: '0', ...extra });

/**
 * Starts the server on a free port and resolves with its URL once it says it is running. A real
 * port, not 0: without PUBLIC_URL the server trusts the browser origins of its own port.
 */
async function startServer(
  dataDir: string,
): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const port = String(await freePort());
  const child = spawn(process.execPath, [server], { cwd: root, env: env({ DATA_DIR: dataDir, PORT: port }) });
  running.push(child);
  return new Promise((resolvePromise, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/The archive is running at (http:\/\/[\d.:]+)/);
      if (match) resolvePromise({ child, url: match[1]!, output: () => output });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
}

describe('starting the archive', () => {
  it('serves on an empty DATA_DIR, refuses a second process on it, and says how to create an admin', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'start-'));
    const { url, output } = await startServer(dataDir);
    expect(output()).toContain('There is no admin yet. Create one with: npm run admin:create -- --email');
    const health = await fetch(`${url}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok' });

    const second = spawnSync(process.execPath, [server], {
      cwd: root,
      env: env({ DATA_DIR: dataDir }),
      encoding: 'utf8',
    });
    expect(second.status).toBe(1);
    const lines = second.stderr
      .trim()
      .split('\n')
      .filter((l) => !l.includes('npm warn'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Error: The data directory is in use by another archive process \(PID \d+\)/);
  }, 120_000);

  it('stops with one clear line when the database cannot be reached', () => {
    const result = spawnSync(process.execPath, [server], {
      cwd: root,
      env: env({
        DATA_DIR: mkdtempSync(join(tmpdir(), 'start-')),
        DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
      }),
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Error: Cannot reach the database at DATABASE_URL/);
  }, 30_000);

  it('stops with one clear line on bad configuration', () => {
    const result = spawnSync(process.execPath, [server], {
      cwd: root,
      env: env({ PORT: 'abc' }),
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toMatch(/^Error: Invalid configuration: PORT/);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  }, 30_000);
});

describe('the production server (npm start: scripts/build-server.ts, then scripts/serve.sh)', () => {
  it('runs the JavaScript bundle without a TypeScript loader, with its memory settings, and stops on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'serve-'));
    // The page shell the web build would write, so the public pages are drawn (by the render
    // worker built beside the bundle).
    const webDir = mkdtempSync(join(tmpdir(), 'serve-web-'));
    writeFileSync(
      join(webDir, 'index.html'),
      '<!doctype html><html lang="fo"><head><title>Myndasavn</title></head><body><div id="root"></div></body></html>',
    );
    const port = String(await freePort());
    const child = spawn('sh', ['scripts/serve.sh'], {
      cwd: root,
      env: env({ DATA_DIR: dataDir, PORT: port, MALLOC_ARENA_MAX: '', GLIBC_TUNABLES: '', WEB_DIR: webDir }),
    });
    running.push(child);
    let output = '';
    await new Promise<void>((resolveRunning, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('The archive is running at')) resolveRunning();
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
    });
    expect(await (await fetch(`http://127.0.0.1:${port}/api/health`)).json()).toEqual({ status: 'ok' });
    const home = await (await fetch(`http://127.0.0.1:${port}/`)).text();
    expect(home).toMatch(/<div id="root" data-rendered-at="\d+"><div/);
    // The shell exec'd node: the child's own pid is the server, as a supervisor signals it.
    const cmdline = readFileSync(`/proc/${child.pid}/cmdline`, 'utf8').split('\0');
    expect(cmdline).toContain('build/server.mjs');
    expect(cmdline).toContain('--max-semi-space-size=4');
    expect(cmdline.some((a) => a.startsWith('--max-old-space-size='))).toBe(true);
    expect(cmdline.join(' ')).not.toContain('tsx');
    const environ = readFileSync(`/proc/${child.pid}/environ`, 'utf8').split('\0');
    expect(environ).toContain('MALLOC_ARENA_MAX=2');
    // (glibc rewrites the variable in place as it reads it: its first setting is what stays.)
    expect(environ.some((v) => v.startsWith('GLIBC_TUNABLES=glibc.malloc.mmap_threshold=131072'))).toBe(true);
    const maps = readFileSync(`/proc/${child.pid}/maps`, 'utf8');
    expect(maps).not.toContain('esbuild');
    const exited = new Promise<number | null>((r) => child.once('exit', r));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 90_000);
});

describe('npm run admin:create', () => {
  it('creates an admin who can sign in, refuses a duplicate, and promotes with --promote', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'admin-create-'));
    const run = (...args: string[]) =>
      spawnSync(process.execPath, [adminCreate, ...args], {
        cwd: root,
        env: env({ DATA_DIR: dataDir }),
        encoding: 'utf8',
      });

    const bad = run('--email', 'not-an-email', '--password', 'secret1');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/--email must be an e-mail address/);

    const created = run('--email', 'Boss@Example.org', '--password', 'secret1', '--name', 'Sjúrður');
    expect(created.stderr).toBe('');
    expect(created.stdout).toMatch(/Created admin boss@example.org \(USER-\d{5}\)/);

    const again = run('--email', 'boss@example.org', '--password', 'secret1');
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/already exists \(role admin\)/);

    const { url, child } = await startServer(dataDir);
    const res = await fetch(`${url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({ email: 'boss@example.org', password: 'secret1' }),
    });
    expect(res.status).toBe(200);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const me = await (await fetch(`${url}/api/me`, { headers: { cookie } })).json();
    expect(me.user).toMatchObject({ role: 'admin', fullName: 'Sjúrður' });

    // Register a contributor, stop the server, then promote them from the command line.
    await fetch(`${url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({ email: 'helga@example.org', password: 'secret1', name: 'Helga' }),
    });
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
    const promoted = run('--email', 'helga@example.org', '--promote');
    expect(promoted.stdout).toMatch(/helga@example.org is now an admin/);
  }, 90_000);
});
