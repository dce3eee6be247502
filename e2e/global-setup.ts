import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../scripts/lib/local-chromium.ts';

export const E2E_ADMIN = { email: 'admin@example.org', password: 'admin-password-1' };

/** Starts the built archive on a temporary DATA_DIR, as `npm start` would, with a first admin. */
export default async function setup(project: TestProject) {
  const root = resolve(import.meta.dirname, '..');
  // WEB_DIR lets several builds be tested side by side (vite build --outDir dist-x).
  const webDir = resolve(root, process.env.WEB_DIR ?? 'dist');
  if (!existsSync(join(webDir, 'index.html')))
    throw new Error(`Build the web app first: npm run build (${webDir})`);
  const dataDir = mkdtempSync(join(tmpdir(), 'archive-e2e-'));
  // A real port (not 0), so the links the server writes into e-mails point at it.
  const port = await freePort();
  const child: ChildProcess = spawn(join(root, 'node_modules', '.bin', 'tsx'), ['server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIR: webDir,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      // Each browser context says which address it comes from (one X-Forwarded-For address, as
      // the one proxy in front would write it), so the tests' many sign-ins from one machine are
      // counted as different visitors by the rate limits.
      TRUST_PROXY: '1',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const baseUrl = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 180_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/The archive is running at (http:\/\/[\d.:]+)/);
      if (match) {
        clearTimeout(timer);
        resolveUrl(match[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);

  return async () => {
    child.removeAllListeners('exit');
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}
