/**
 * What the benches that run the archive as it runs in production share (bench/web.ts,
 * bench/load.ts): the web build, the server started as `server/main.ts` in its own process on a
 * real port, and a fresh PostgreSQL database for one run.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { scratchPostgres } from '../../server/test/scratch-postgres.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');

/** Builds the web app into webDir when it is missing or older than its sources (as npm start does). */
export function buildIfNeeded(webDir: string) {
  const index = join(webDir, 'index.html');
  const newest = (path: string): number => {
    const stat = statSync(path);
    if (!stat.isDirectory()) return stat.mtimeMs;
    return Math.max(stat.mtimeMs, ...readdirSync(path).map((e) => newest(join(path, e))));
  };
  const sources = ['web', 'common', 'vite.config.ts', 'package-lock.json']
    .map((p) => join(ROOT, p))
    .filter(existsSync);
  if (existsSync(index) && Math.max(...sources.map(newest)) <= statSync(index).mtimeMs) return;
  console.log(`Building the web app into ${webDir}…`);
  const result = spawnSync(
    join(ROOT, 'node_modules', '.bin', 'vite'),
    ['build', '--outDir', webDir, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: ROOT, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error('vite build failed (see above)');
}

/**
 * `server/main.ts` in its own Node process (node --import tsx, so the child's pid is the server's
 * own: its RSS can be read), resolved once it says it is running. `onLine` gets each output line.
 * `production`: the server as `npm start` runs it once built (`scripts/serve.sh`: the JavaScript
 * bundle with the memory settings; the shell execs node, so the pid is still the server's).
 */
export async function startServer(options: {
  port: number;
  dataDir: string;
  webDir: string;
  env?: Record<string, string>;
  onLine?: (line: string) => void;
  production?: boolean;
}): Promise<ChildProcess> {
  const [command, ...args] = options.production
    ? ['sh', 'scripts/serve.sh']
    : [
        process.execPath,
        // BENCH_SERVER_CPU_PROF=DIR: a V8 CPU profile of the server, written there when it stops.
        ...(process.env.BENCH_SERVER_CPU_PROF
          ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_SERVER_CPU_PROF}`]
          : []),
        '--import',
        'tsx',
        'server/main.ts',
      ];
  const child = spawn(command!, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(options.port),
      DATA_DIR: options.dataDir,
      WEB_DIR: options.webDir,
      LOG_LEVEL: 'info',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let started = false;
  let partial = '';
  const onData = (chunk: Buffer) => {
    const text = chunk.toString();
    if (!started) output += text;
    if (options.onLine) {
      const lines = (partial + text).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) options.onLine(line);
    }
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  await new Promise<void>((resolveStarted, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 120_000);
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    };
    const watch = () => {
      if (output.includes('The archive is running at')) {
        started = true;
        output = '';
        clearTimeout(timer);
        child.off('exit', onExit);
        child.stdout!.off('data', watch);
        child.stderr!.off('data', watch);
        resolveStarted();
      }
    };
    child.stdout!.on('data', watch);
    child.stderr!.on('data', watch);
    child.on('exit', onExit);
  });
  return child;
}

export async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** A process's resident memory now (Linux /proc), in MB; undefined where /proc is not there. */
export function rssMb(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A fresh database `name` on the PostgreSQL server of `url` (dropped first if a run left it),
 * its URL, and the drop for the end of the run.
 */
export async function freshPostgresDatabase(url: string, name: string) {
  const database = await scratchPostgres({ serverUrl: url, name });
  return { url: database.url, drop: () => database.drop({ force: true }) };
}
