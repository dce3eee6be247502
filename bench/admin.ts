/**
 * Back-office figures at archive scale (issue 11): the dashboard and the media list answered by
 * the real app (in-process HTTP, the session, permission check, service, repositories, presenter,
 * response schema) with 100,000 media items, against the very same SQL statements sent by a bare
 * client of the same database in the same run: the ratio is what our layers add on top of the
 * database's own work.
 *
 * PGlite (embedded) always; PostgreSQL too when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set
 * (a database `archive_bench` is made afresh there and dropped after).
 */
import { Kysely, type LogEvent, PostgresDialect, sql } from 'kysely';
import { createHash } from 'node:crypto';
import pg from 'pg';
import type { DatabaseHandle } from '#server/db/database.ts';
import { pgliteSettings } from '#server/db/pglite-options.ts';
import { PgliteThread, PgliteThreadDialect } from '#server/db/pglite-thread.ts';
import { benchCounts, seedBenchArchive } from '#server/db/bench-seed.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import type { Database } from '#server/db/schema.ts';
import { buildUser, createTestApp, signIn, type TestApp } from '#server/test/harness.ts';

const ITEMS = Number(process.env.BENCH_ADMIN_ITEMS ?? 100_000);
const RUNS = Number(process.env.BENCH_ADMIN_RUNS ?? 30);
const WARMUP = 3;
/** `BENCH_ADMIN_ENGINES=postgres` measures PostgreSQL only (a 1,000,000-item PGlite seed is slow). */
const ENGINES = (process.env.BENCH_ADMIN_ENGINES ?? 'pglite,postgres').split(',');
/** One bench database per checkout, so two checkouts benching on one server never drop each other's. */
const BENCH_DB = `archive_bench_${createHash('sha256').update(process.cwd()).digest('hex').slice(0, 10)}`;

/** What each route is asked, as the screens ask it. */
const ROUTES = [
  { name: 'dashboard', url: '/api/admin/dashboard' },
  { name: 'media list (newest, first page)', url: '/api/admin/media' },
  { name: 'media list (title A-Z)', url: '/api/admin/media?sort=title' },
  { name: 'media list (search)', url: '/api/admin/media?q=bryggja' },
  { name: 'media list (category)', url: '/api/admin/media?category=' },
  { name: 'media stats', url: '/api/admin/media/stats' },
];

type Statement = { sql: string; parameters: readonly unknown[] };

/** One engine: the app's database with every statement recorded, and a bare client of the same data. */
export interface Engine {
  name: string;
  handle: DatabaseHandle;
  bare: (statement: Statement) => Promise<unknown>;
  recorded: Statement[];
  recording: { on: boolean };
  close: () => Promise<void>;
}

function recorder() {
  const recorded: Statement[] = [];
  const recording = { on: false };
  const log = (event: LogEvent) => {
    if (recording.on && event.level === 'query') {
      recorded.push({ sql: event.query.sql, parameters: event.query.parameters });
    }
  };
  return { recorded, recording, log };
}

export async function pgliteEngine(): Promise<Engine> {
  // The server's own path to PGlite (its thread, server/db/database.ts), with a statement log;
  // the bare client posts the same SQL to the same thread.
  const thread = await PgliteThread.start({ settings: pgliteSettings() });
  const { recorded, recording, log } = recorder();
  const db = new Kysely<Database>({ dialect: new PgliteThreadDialect(thread), log });
  return {
    name: 'PGlite',
    handle: { db, engine: 'pglite', close: async () => {} },
    bare: (s) => thread.query(s.sql, s.parameters),
    recorded,
    recording,
    close: async () => {
      await db.destroy();
      await thread.close();
    },
  };
}

export async function postgresEngine(url: string): Promise<Engine> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${BENCH_DB} with (force)`);
  await admin.query(`create database ${BENCH_DB}`);
  const benchUrl = new URL(url);
  benchUrl.pathname = `/${BENCH_DB}`;
  const pool = new pg.Pool({ connectionString: benchUrl.toString(), max: 10 });
  const bareClient = new pg.Client({ connectionString: benchUrl.toString() });
  await bareClient.connect();
  const { recorded, recording, log } = recorder();
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
  return {
    name: 'PostgreSQL',
    handle: { db, engine: 'postgres', close: async () => {} },
    bare: (s) => bareClient.query(s.sql, s.parameters as unknown[]),
    recorded,
    recording,
    close: async () => {
      await db.destroy();
      await bareClient.end();
      await admin.query(`drop database if exists ${BENCH_DB} with (force)`);
      await admin.end();
    },
  };
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
export const p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;
};

async function measure(engine: Engine) {
  const start = performance.now();
  await migrateToLatest(engine.handle.db);
  const t: TestApp = await createTestApp({ database: engine.handle });
  try {
    const admin = await buildUser(t, { role: 'admin' });
    const cookie = await signIn(t, admin.email, admin.password);
    // The archive `npm run seed:bench` makes (server/db/bench-seed.ts), at ITEMS items.
    await seedBenchArchive(engine.handle.db, admin.id, benchCounts(ITEMS));
    const seconds = ((performance.now() - start) / 1000).toFixed(0);
    console.log(`\n### ${engine.name}: ${ITEMS.toLocaleString('en')} media items (set up in ${seconds} s)`);
    const category = await sql<{ id: string }>`select id from categories order by name limit 1`.execute(
      engine.handle.db,
    );
    const rows: string[][] = [];
    for (const route of ROUTES) {
      const url = route.url.endsWith('category=') ? `${route.url}${category.rows[0]!.id}` : route.url;
      const ask = async () => {
        const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        return res;
      };
      for (let i = 0; i < WARMUP; i++) await ask();
      // One answer's statements, as the app sends them (the session's lookups included).
      engine.recorded.length = 0;
      engine.recording.on = true;
      const sample = await ask();
      engine.recording.on = false;
      const statements = [...engine.recorded];
      const appTimes: number[] = [];
      const bareTimes: number[] = [];
      // Interleaved, so both see the same machine.
      for (let i = 0; i < RUNS; i++) {
        let t0 = performance.now();
        await ask();
        appTimes.push(performance.now() - t0);
        t0 = performance.now();
        for (const statement of statements) await engine.bare(statement);
        bareTimes.push(performance.now() - t0);
      }
      const app = median(appTimes);
      const bare = median(bareTimes);
      rows.push([
        route.name,
        String(statements.length),
        `${(sample.rawPayload.length / 1024).toFixed(1)} KB`,
        `${app.toFixed(1)} ms`,
        `${p95(appTimes).toFixed(1)} ms`,
        `${bare.toFixed(1)} ms`,
        `${(app / bare).toFixed(2)}×`,
      ]);
    }
    const header = [
      'route',
      'statements',
      'answer',
      'app median',
      'app p95',
      'bare SQL median',
      'app / bare',
    ];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
    console.log(line(header));
    console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
    for (const row of rows) console.log(line(row));
  } finally {
    await t.close();
    await engine.close();
  }
}

export async function run() {
  console.log(
    `Each route asked ${RUNS} times after ${WARMUP} warm-ups, in-process (no network), as a signed-in admin; ` +
      "'bare SQL' sends the same statements the app sent for one answer through the engine's own client.",
  );
  if (ENGINES.includes('pglite')) await measure(await pgliteEngine());
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (url && ENGINES.includes('postgres')) await measure(await postgresEngine(url));
  else console.log('\n(PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL to measure it too.)');
}
