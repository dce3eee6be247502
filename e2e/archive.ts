import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../scripts/lib/local-chromium.ts';
import { builtServer } from '../server/test/built.ts';

export const E2E_ADMIN = { email: 'admin@example.org', password: 'admin-password-1' };

/**
 * Seconds on an idle machine; minutes when two archives start at once on two cores that other
 * work is also using (a first start migrates a new database).
 */
const START_TIMEOUT_MS = 180_000;

export interface Archive {
  baseUrl: string;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * The built archive started as `npm start` would: build/server.mjs (built first when older than
 * its sources, server/test/built.ts; through tsx each start transformed the whole server again), on
 * a temporary DATA_DIR with a first admin (E2E_ADMIN) and a port of its own. global-setup.ts starts
 * one per worker; a journey that needs an archive nobody else touches (first-run.e2e.ts: an empty
 * one) starts its own.
 */
export async function startArchive(options: { dataDir?: string } = {}): Promise<Archive> {
  const root = resolve(import.meta.dirname, '..');
  // WEB_DIR lets several builds be tested side by side (vite build --outDir dist-x).
  const webDir = resolve(root, process.env.WEB_DIR ?? 'dist');
  if (!existsSync(join(webDir, 'index.html')))
    throw new Error(`Build the web app first: npm run build (${webDir})`);
  // A DATA_DIR the caller gives stays when the archive stops (map.e2e.ts starts it again on it).
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'archive-e2e-'));
  const removeData = () => {
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  // A real port (not 0), so the links the server writes into e-mails point at it.
  const port = await freePort();
  const server = await builtServer();
  const child: ChildProcess = spawn(process.execPath, [server], {
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
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start:\n${output}`));
    }, START_TIMEOUT_MS);
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
  }).catch((error: unknown) => {
    removeData();
    throw error;
  });
  return {
    baseUrl,
    dataDir,
    async stop() {
      child.removeAllListeners('exit');
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      removeData();
    },
  };
}
