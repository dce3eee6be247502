/**
 * The public path at archive scale (issue 13): `/api/gallery` (first page), `/`, searches, a media
 * page and its view write, served over real HTTP by the app with BENCH_API_ITEMS items (default
 * 100,000; 1000000 for the large run), each beside a bare Fastify route serving the very same
 * bytes from memory in the same run. The load comes from autocannon in a child process, so it does
 * not share the server's event loop.
 *
 * PGlite (in memory) always; PostgreSQL too when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set
 * (a database `archive_bench_api` is made afresh there and dropped after).
 * Beside the kept answers (the page cache's 2 s), the same app with PAGE_CACHE_MS=0: `/api/gallery`,
 * `/`, a search and a media page as every visitor's own answer, and `/` signed in as a contributor
 * and as an admin (issue 31), each with its goal. BENCH_API_PROFILE=1 writes a CPU profile of the
 * app's main thread while each row with a goal is under load (bench/profiles/*.cpuprofile) and
 * prints its top costs by self time.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join, resolve } from 'node:path';
import Fastify from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { benchCounts, benchCreator, seedBenchArchive, writeBenchFiles } from '#server/db/bench-seed.ts';
import { type DatabaseHandle, openPgliteInMemory, openPostgres } from '#server/db/database.ts';
import { keepSharedAnswers } from '#server/db/data-versions.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { buildUser, createTestApp, listen, signIn, type TestApp } from '#server/test/harness.ts';
import { autocannon, type Load } from './lib/autocannon.ts';

const ITEMS = Number(process.env.BENCH_API_ITEMS ?? 100_000);
const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_API_CONNECTIONS ?? 50);
const PROFILE = process.env.BENCH_API_PROFILE === '1';
/** `BENCH_API_ONLY=uncached,anew` measures only the rows whose names contain one of these. */
const ONLY = (process.env.BENCH_API_ONLY ?? '').split(',').filter(Boolean);
/** A seeded person's name as a visitor types it (bench-seed.ts: 'Rókur Persónsson 42'). */
const PERSON_QUERY = encodeURIComponent('rokur personsson 42');

interface Engine {
  name: string;
  handle: DatabaseHandle;
  close: () => Promise<void>;
}

async function pgliteEngine(): Promise<Engine> {
  // In memory, on its own thread, as the server runs it (server/db/database.ts).
  const handle = await openPgliteInMemory();
  return { name: 'PGlite', handle, close: () => handle.close() };
}

async function postgresEngine(url: string): Promise<Engine> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query('drop database if exists archive_bench_api with (force)');
  await admin.query('create database archive_bench_api');
  const benchUrl = new URL(url);
  benchUrl.pathname = '/archive_bench_api';
  // The server's own pool (server/db/database.ts), which outlives a connection dropped under it.
  const handle = await openPostgres(benchUrl.toString());
  return {
    name: 'PostgreSQL',
    handle,
    close: async () => {
      await handle.close();
      await admin.query('drop database if exists archive_bench_api with (force)');
      await admin.end();
    },
  };
}

/** The built web app (for `/`): WEB_DIR, else dist/, built when missing. */
function webDir(): string {
  const dir = resolve(process.env.WEB_DIR ?? 'dist');
  if (!existsSync(join(dir, 'index.html'))) {
    console.log(`building the web app into ${dir} …`);
    execFileSync('npx', ['vite', 'build', '--outDir', dir, '--emptyOutDir'], { stdio: 'ignore' });
  }
  return dir;
}

/** autocannon against one URL with this bench's connections and length. */
const load = (url: string, method = 'GET', headers: string[] = []): Promise<Load> =>
  autocannon(url, { connections: CONNECTIONS, seconds: SECONDS, method, headers });

/** Top functions by self time of a V8 CPU profile. */
function topCosts(profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }, n = 20) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    const dt = profile.timeDeltas[i] ?? 0;
    total += dt;
    if (!node) return;
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(server|common)\//, '$1/');
    const key = `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + dt);
  });
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([key, us]) => `${((us / total) * 100).toFixed(1).padStart(5)}%  ${key}`);
}
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface Route {
  name: string;
  path: string;
  method?: string;
  /** The app's address when not the kept one's (the app with PAGE_CACHE_MS=0). */
  base?: string;
  cookie?: string;
  goal?: Goal;
}

type Goal = 'gallery' | 'home' | 'uncached-gallery' | 'uncached-home' | 'uncached-quarter';

/** The goal of a row (issues 13 and 31), with ✓ or ✗. */
function judge(goal: Goal, app: Load, ratio: number): string {
  const check = (ok: boolean, text: string) => `${ok ? '✓' : '✗'} ${text}`;
  switch (goal) {
    case 'gallery':
      return check(ratio >= 0.5 && app.p99 < 100, '≥ 0.5× bare, p99 < 100 ms');
    case 'home':
      return check(ratio >= 0.25 && app.p99 < 200, '≥ 0.25× bare, p99 < 200 ms');
    case 'uncached-gallery':
      return check(ratio >= 0.25 && app.p99 < 100, '≥ 0.25× bare, p99 < 100 ms');
    case 'uncached-home':
      return check(app.rps >= 300 && app.p99 < 250, '≥ 300 req/s, p99 < 250 ms');
    case 'uncached-quarter':
      return check(ratio >= 0.25, '≥ 0.25× bare');
  }
}

/** Runs `make` with these environment variables set (read by what it makes), then restores them. */
async function withEnv<T>(vars: Record<string, string>, make: () => Promise<T>): Promise<T> {
  const before = Object.fromEntries(Object.keys(vars).map((key) => [key, process.env[key]]));
  Object.assign(process.env, vars);
  try {
    return await make();
  } finally {
    for (const [key, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

const fmt = (value: number, digits = 0) => value.toLocaleString('en', { maximumFractionDigits: digits });

async function measure(engine: Engine) {
  const start = performance.now();
  await migrateToLatest(engine.handle.db);
  // FILE_MEMORY_MB as the server reads it (0: every thumbnail read from the disk, as before 2026-11-27).
  const fileMemory = process.env.FILE_MEMORY_MB
    ? { config: { fileMemoryBytes: Number(process.env.FILE_MEMORY_MB) * 1024 ** 2 } }
    : {};
  const t: TestApp = await createTestApp({ database: engine.handle, webDir: webDir(), ...fileMemory });
  const apps = [t];
  const bare = Fastify();
  try {
    const creator = await benchCreator(engine.handle.db);
    await seedBenchArchive(engine.handle.db, creator, benchCounts(ITEMS));
    await writeBenchFiles(engine.handle.db, t.ctx.blobs);
    const seconds = ((performance.now() - start) / 1000).toFixed(0);
    console.log(
      `\n### ${engine.name}: ${ITEMS.toLocaleString('en')} media items (seeded in ${seconds} s), ` +
        `autocannon -c ${CONNECTIONS} -d ${SECONDS}`,
    );
    const base = await listen(t);
    const { rows } = await sql<{ id: string; category_id: string }>`
      select id, category_id from media_items where is_public and category_id is not null
      order by created_at desc limit 1`.execute(engine.handle.db);
    const item = rows[0]!;
    // The same archive served with nothing kept (PAGE_CACHE_MS=0): what a signed-in visitor, a
    // search or a later page costs (issue 31), and the same for a contributor and an admin.
    // (The same stored files: the thumbnails' rows serve them.)
    const uncached = await withEnv({ PAGE_CACHE_MS: '0' }, () =>
      createTestApp({ database: engine.handle, webDir: webDir(), blobs: t.ctx.blobs, ...fileMemory }),
    );
    apps.push(uncached);
    const uncachedBase = await listen(uncached);
    // And with no answer kept at all: the answers every visitor shares (settings, texts, counts,
    // categories, gallery pages) made anew for each request too, as when the content has changed
    // since the last one (server/db/data-versions.ts, here switched off on a database object of
    // its own).
    const anewDb = engine.handle.db.withoutPlugins();
    keepSharedAnswers(anewDb, false);
    const anew = await withEnv({ PAGE_CACHE_MS: '0' }, () =>
      createTestApp({
        database: { ...engine.handle, db: anewDb },
        webDir: webDir(),
        blobs: t.ctx.blobs,
        ...fileMemory,
      }),
    );
    apps.push(anew);
    const anewBase = await listen(anew);
    // A contributor is a self-registered account (role public).
    const cookieOf = async (role: 'public' | 'admin') => {
      const user = await buildUser(t, { role });
      return signIn(t, user.email, user.password);
    };
    const contributor = await cookieOf('public');
    const admin = await cookieOf('admin');
    const allRoutes: Route[] = [
      { name: '/api/gallery (first page)', path: '/api/gallery', goal: 'gallery' },
      { name: '/ (HTML with first answers)', path: '/', goal: 'home' },
      { name: 'search, rare', path: '/api/gallery?q=sjeldsamt' },
      { name: 'search, rare + category', path: `/api/gallery?q=sjeldsamt&category=${item.category_id}` },
      { name: 'search, common', path: '/api/gallery?q=bryggjan' },
      { name: 'search, common + category', path: `/api/gallery?q=bryggjan&category=${item.category_id}` },
      { name: 'media page /media/:id', path: `/media/${item.id}` },
      { name: 'its view write (POST)', path: `/api/media/${item.id}/view`, method: 'POST' },
      // A gallery page brings twelve: most of what a crowd asks for (bench/load.ts).
      { name: 'a thumbnail /files/media/:id/thumb', path: `/files/media/${item.id}/thumb` },
      ...[
        { name: '/api/gallery (first page)', path: '/api/gallery', goal: 'uncached-gallery' as const },
        { name: '/', path: '/', goal: 'uncached-home' as const },
        { name: 'search, rare', path: '/api/gallery?q=sjeldsamt', goal: 'uncached-quarter' as const },
        { name: 'media page /media/:id', path: `/media/${item.id}`, goal: 'uncached-quarter' as const },
        { name: 'search page /?q=', path: '/?q=sjeldsamt' },
        { name: 'a thumbnail', path: `/files/media/${item.id}/thumb` },
        // A person's name (issue 29 §2), typed without its accents: the items' people_names.
        { name: 'search, a person', path: `/api/gallery?q=${PERSON_QUERY}` },
        { name: '/ as a contributor', path: '/', cookie: contributor, goal: 'uncached-home' as const },
        { name: '/ as an admin', path: '/', cookie: admin, goal: 'uncached-home' as const },
      ].map((route) => ({ ...route, name: `uncached: ${route.name}`, base: uncachedBase })),
      ...[
        { name: '/api/gallery (first page)', path: '/api/gallery' },
        { name: '/', path: '/' },
        { name: '/ as a contributor', path: '/', cookie: contributor },
        // What a search and an item's page cost the first time they are asked for (every answer
        // made anew): the query itself, with nothing kept; a search's timeline and its whole page
        // (the gallery's page and the timeline, drawn) too.
        { name: 'search, rare', path: '/api/gallery?q=sjeldsamt', goal: 'uncached-quarter' as const },
        { name: 'search, common', path: '/api/gallery?q=bryggjan', goal: 'uncached-quarter' as const },
        {
          name: 'search, a person',
          path: `/api/gallery?q=${PERSON_QUERY}`,
          goal: 'uncached-quarter' as const,
        },
        { name: 'timeline of a search, rare', path: '/api/gallery/timeline?q=sjeldsamt' },
        { name: 'timeline of a search, common', path: '/api/gallery/timeline?q=bryggjan' },
        { name: 'search page /?q=, common', path: '/?q=bryggjan' },
        { name: 'media page /media/:id', path: `/media/${item.id}` },
      ].map((route) => ({ ...route, name: `anew: ${route.name}`, base: anewBase })),
    ];
    const routes = allRoutes.filter(
      (route) => ONLY.length === 0 || ONLY.some((part) => route.name.includes(part)),
    );
    // The bare routes: the same bytes and content type, from memory, one address per row.
    const bodies = new Map<string, { body: Buffer; type: string }>();
    for (const [index, route] of routes.entries()) {
      const res = await fetch(`${route.base ?? base}${route.path}`, {
        method: route.method ?? 'GET',
        headers: route.cookie ? { cookie: route.cookie } : {},
      });
      if (res.status !== 200) throw new Error(`${route.path}: ${res.status} ${await res.text()}`);
      bodies.set(`/r${index}`, {
        body: Buffer.from(await res.arrayBuffer()),
        type: res.headers.get('content-type') ?? 'application/json',
      });
    }
    bare.route({
      method: ['GET', 'POST'],
      url: '/*',
      handler: (request, reply) => {
        const found = bodies.get(request.url)!;
        reply.type(found.type).send(found.body);
      },
    });
    await bare.listen({ port: 0, host: '127.0.0.1' });
    const address = bare.server.address();
    const bareBase = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

    const table: string[][] = [];
    for (const [index, route] of routes.entries()) {
      const headers = route.cookie ? [`cookie:${route.cookie}`] : [];
      const bareLoad = await load(`${bareBase}/r${index}`, route.method, headers);
      let session: Session | null = null;
      if (PROFILE && route.goal) {
        session = new Session();
        session.connect();
        await session.post('Profiler.enable');
        await session.post('Profiler.setSamplingInterval', { interval: 200 });
        await session.post('Profiler.start');
      }
      const app = await load(`${route.base ?? base}${route.path}`, route.method, headers);
      if (session) {
        const { profile } = await session.post('Profiler.stop');
        session.disconnect();
        const dir = resolve(import.meta.dirname, 'profiles');
        mkdirSync(dir, { recursive: true });
        const slug = route.name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '');
        const file = join(dir, `${engine.name}-${slug || 'home'}.cpuprofile`);
        writeFileSync(file, JSON.stringify(profile));
        console.log(`\nCPU profile of ${route.name} under load (${file}), top self time:`);
        for (const line of topCosts(profile as never)) console.log(`  ${line}`);
      }
      const ratio = app.rps / bareLoad.rps;
      table.push([
        route.name,
        `${bodies.get(`/r${index}`)!.body.length.toLocaleString('en')} B`,
        fmt(app.rps),
        `${fmt(app.p50)} / ${fmt(app.p97_5)} / ${fmt(app.p99)} ms`,
        fmt(bareLoad.rps),
        `${fmt(bareLoad.p50)} / ${fmt(bareLoad.p99)} ms`,
        `${ratio.toFixed(2)}×`,
        route.goal ? judge(route.goal, app, ratio) : '—',
        app.errors + app.non2xx > 0 ? `${app.errors} errors, ${app.non2xx} non-2xx` : '',
      ]);
    }
    const header = [
      'route',
      'answer',
      'app req/s',
      'app p50 / p97.5 / p99',
      'bare req/s',
      'bare p50 / p99',
      'ratio',
      'goal',
      '',
    ];
    console.log(`\n| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|`);
    for (const row of table) console.log(`| ${row.join(' | ')} |`);
  } finally {
    await bare.close();
    for (const app of apps) {
      await app.app.close();
      rmSync(app.dataDir, { recursive: true, force: true });
    }
    await engine.close();
  }
}

export async function run() {
  // `BENCH_API_ENGINES=postgres` measures PostgreSQL only (PGlite seeds 1,000,000 items slowly).
  const engines = (process.env.BENCH_API_ENGINES ?? 'pglite,postgres').split(',');
  if (engines.includes('pglite')) await measure(await pgliteEngine());
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (url && engines.includes('postgres')) await measure(await postgresEngine(url));
}
