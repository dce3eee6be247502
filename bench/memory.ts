/**
 * The server's memory (issue 13 part 4): resident memory (RSS) of the server as `npm start` runs
 * it (`scripts/serve.sh`: the bundled JavaScript with its memory settings), idle after start and
 * under and after a short crowd (the load bench's visitors and contributors), with BENCH_MEMORY_ITEMS
 * (100,000) items, on PGlite and, with BENCH_DATABASE_URL or TEST_DATABASE_URL, on PostgreSQL.
 * Each figure is printed beside the goal (issue 31 §5: ≤ 256 MB on PGlite, ≤ 160 MB on PostgreSQL,
 * after the crowd; issue 13's were 300 and 200) and split by where it lives (Linux /proc/<pid>/smaps): PGlite's WebAssembly memory, the
 * rest of the anonymous memory (V8's heap, malloc: libvips, compiled WebAssembly code, buffers) and
 * mapped files (node's own code, libvips, …).
 *
 * The baseline, in the same run: the same server started as the tests and the other benches start
 * it (`node --import tsx server/main.ts`, no memory settings), idle, on the same data.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildServer, serverBundleStale } from '../scripts/build-server.ts';
import { freePort } from '../scripts/lib/local-chromium.ts';
import { buildIfNeeded, freshPostgresDatabase, rssMb, startServer, stopServer } from './lib/server.ts';
import { ADMIN, crowd, fmt, learnArchive, outcome, Run, script, table, uploadPictures } from './load.ts';

const ROOT = resolve(import.meta.dirname, '..');
const ITEMS = Number(process.env.BENCH_MEMORY_ITEMS ?? 100_000);
const SECONDS = Number(process.env.BENCH_MEMORY_SECONDS ?? 30);
const VISITORS = Number(process.env.BENCH_MEMORY_VISITORS ?? 100);
const UPLOADERS = Number(process.env.BENCH_MEMORY_UPLOADERS ?? 10);
const GOAL_MB = { PGlite: 256, PostgreSQL: 160 } as const;
type Engine = keyof typeof GOAL_MB;

interface Split {
  rss: number;
  wasm: number;
  anon: number;
  files: number;
}

/**
 * Where a process's resident memory lives. A WebAssembly memory is the one read-write anonymous
 * mapping followed by a reservation of more than 4 GB with no access (V8's guard region).
 */
export function memorySplit(pid: number): Split | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/smaps`, 'utf8');
  } catch {
    return undefined;
  }
  interface Mapping {
    start: bigint;
    end: bigint;
    perm: string;
    name: string;
    rssKb: number;
  }
  const maps: Mapping[] = [];
  for (const line of text.split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      maps.push({
        start: BigInt(`0x${head[1]}`),
        end: BigInt(`0x${head[2]}`),
        perm: head[3]!,
        name: head[4]!,
        rssKb: 0,
      });
      continue;
    }
    const rss = /^Rss:\s+(\d+)/.exec(line);
    if (rss && maps.length > 0) maps[maps.length - 1]!.rssKb = Number(rss[1]);
  }
  const split: Split = { rss: 0, wasm: 0, anon: 0, files: 0 };
  maps.forEach((m, i) => {
    const mb = m.rssKb / 1024;
    split.rss += mb;
    const next = maps[i + 1];
    if (m.name.startsWith('/')) split.files += mb;
    else if (
      m.perm.startsWith('rw') &&
      next?.perm === '---p' &&
      next.start === m.end &&
      next.end - next.start > 4n * 2n ** 30n
    )
      split.wasm += mb;
    else split.anon += mb;
  });
  return split;
}

/** CPU seconds a process has used (user + system), from /proc/<pid>/stat. */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime, fields 14 and 15 of the whole line, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

const show = (s: Split | undefined) =>
  s
    ? `${fmt(s.rss)} MB (PGlite's WebAssembly memory ${fmt(s.wasm)}, other anonymous ${fmt(s.anon)}, files ${fmt(s.files)})`
    : '–';

/**
 * BENCH_MEMORY_DATA_DIR (PGlite) or BENCH_MEMORY_DATABASE_URL (PostgreSQL; with its DATA_DIR in
 * BENCH_MEMORY_DATA_DIR): an archive already seeded with the bench admin, used as it is (the
 * crowd adds to it) instead of seeding a fresh one: quicker when trying settings.
 */
async function measure(engine: Engine, databaseUrl?: string) {
  const work = mkdtempSync(join(tmpdir(), 'bench-memory-'));
  const seeded = process.env.BENCH_MEMORY_DATA_DIR;
  const dataDir = seeded ?? join(work, 'data');
  const webDir = resolve(ROOT, process.env.WEB_DIR ?? 'dist');
  buildIfNeeded(webDir);
  if (serverBundleStale()) await buildServer();
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  let server: ChildProcess | undefined;
  try {
    if (seeded) {
      console.log(`\n### ${engine}: the archive in ${seeded}`);
    } else {
      console.log(`\n### ${engine}: seeding ${ITEMS.toLocaleString('en')} items…`);
      await script(['scripts/admin-create.ts', '--email', ADMIN.email, '--password', ADMIN.password], env);
      await script(['scripts/seed-bench.ts', '--items', String(ITEMS)], env);
    }
    const pictures = await uploadPictures();

    // Baseline: the server as the tests start it, no memory settings, idle.
    server = await startServer({ port: await freePort(), dataDir, webDir, env });
    await sleep(5000);
    const baseline = memorySplit(server.pid!);
    await stopServer(server);

    const port = await freePort();
    server = await startServer({
      port,
      dataDir,
      webDir,
      env: { ...env, TRUST_PROXY: '1' },
      production: true,
    });
    await sleep(5000);
    const idle = memorySplit(server.pid!);
    const app = new Run(new URL(`http://127.0.0.1:${port}`));
    const archive = await learnArchive(app);
    // A crowd at the most the machine can take, arriving at once: what memory must hold under load.
    app.thinkMs = 500;
    app.rampSeconds = 1;
    let peak = 0;
    const pid = server.pid;
    const cpuBefore = cpuSeconds(pid!);
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid) ?? 0)), 250);
    const loaded = outcome(
      app,
      await crowd(app, archive, pictures, SECONDS, { visitors: VISITORS, uploaders: UPLOADERS }),
    );
    clearInterval(sampler);
    const cpuMs = ((cpuSeconds(pid!) - cpuBefore) * 1000) / loaded.total.requests;
    const end = memorySplit(server.pid!);
    await sleep(10_000);
    const after = memorySplit(server.pid!);
    const goal = GOAL_MB[engine];
    const verdict = (s: Split | undefined) =>
      s ? `${s.rss <= goal ? '✓' : '✗'} (${(s.rss / goal).toFixed(2)}× the goal)` : '';

    console.log(
      `\n${engine}, ${ITEMS.toLocaleString('en')} items; goal ≤ ${goal} MB RSS after load. ` +
        `Crowd: ${VISITORS} visitors + ${UPLOADERS} uploaders, ${loaded.seconds.toFixed(0)} s, ` +
        `${fmt(loaded.total.requests)} requests (${fmt(loaded.total.rps, 1)}/s), ${loaded.total.errors} errors, ${loaded.uploads} uploads; ` +
        `the server's CPU time per request ${fmt(cpuMs, 1)} ms (what smaller heaps cost in garbage collection shows here)\n`,
    );
    if (process.env.BENCH_MEMORY_TABLE) table(loaded);
    console.log('| server | RSS |\n|---|---|');
    console.log(
      `| baseline: \`node --import tsx server/main.ts\`, idle 5 s after start | ${show(baseline)} |`,
    );
    console.log(
      `| \`npm start\` (scripts/serve.sh), idle 5 s after start | ${show(idle)} ${verdict(idle)} |`,
    );
    console.log(
      `| … peak under the crowd (sampled every 250 ms) | ${fmt(peak)} MB ${peak <= goal ? '✓' : '✗'} |`,
    );
    console.log(`| … at the crowd's end | ${show(end)} ${verdict(end)} |`);
    console.log(`| … 10 s after | ${show(after)} ${verdict(after)} |`);
  } finally {
    if (server) await stopServer(server);
    rmSync(work, { recursive: true, force: true });
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function run() {
  // BENCH_MEMORY_ENGINES=postgres (or pglite) runs one engine only.
  const engines = (process.env.BENCH_MEMORY_ENGINES ?? 'pglite,postgres').split(',');
  if (engines.includes('pglite')) await measure('PGlite');
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (process.env.BENCH_MEMORY_DATABASE_URL && engines.includes('postgres')) {
    await measure('PostgreSQL', process.env.BENCH_MEMORY_DATABASE_URL);
  } else if (url && engines.includes('postgres')) {
    const database = await freshPostgresDatabase(url, 'archive_bench_memory');
    try {
      await measure('PostgreSQL', database.url);
    } finally {
      await database.drop();
    }
  }
}
