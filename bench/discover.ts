/**
 * Discovery at archive scale (issue 28): the home page's timeline counts, the gallery narrowed
 * to a period and the map's clusters (its first answer for the whole region and a pan at a closer
 * zoom, with their goals: < 300 ms and < 150 ms at 1,000,000 located items), made by the app's
 * service and repository with ITEMS dated, located public items, beside the
 * very same SQL statements sent by a bare client of the same database in the same run, and beside
 * the count the kept figures replace (a scan of every item's span). Shared answers are not kept
 * here (server/db/data-versions.ts), so every answer is made anew.
 *
 * PGlite always; PostgreSQL too when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set.
 */
import { sql } from 'kysely';
import { keepSharedAnswers } from '#server/db/data-versions.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { getTimeline, listGallery } from '#server/features/gallery/gallery.service.ts';
import { getMapClusters } from '#server/features/map/map.service.ts';
import type { AppContext } from '#server/http/context.ts';
import { createTestApp } from '#server/test/harness.ts';
import { type Engine, median, p95, pgliteEngine, postgresEngine } from './admin.ts';

const ITEMS = Number(process.env.BENCH_DISCOVER_ITEMS ?? 100_000);
const RUNS = Number(process.env.BENCH_DISCOVER_RUNS ?? 30);
const WARMUP = 3;
const ENGINES = (process.env.BENCH_DISCOVER_ENGINES ?? 'pglite,postgres').split(',');
const BATCH = 50_000;

/**
 * ITEMS public items: a tenth undated, the rest a year, a day or a decade between 1880 and 2019;
 * each with a point in the Faroe Islands' box, a third of them within a few kilometres of Tórshavn.
 */
async function seed(engine: Engine) {
  for (let from = 1; from <= ITEMS; from += BATCH) {
    const to = Math.min(ITEMS, from + BATCH - 1);
    await sql`insert into media_items (title, media_type, file_key, file_name, file_size, mime_type, sha256,
        is_public, original_date, original_date_edtf, original_date_earliest, original_date_latest,
        latitude, longitude)
      select 'Mynd ' || i || case when i % 97 = 0 then ' bryggja' else '' end,
        (array['image','image','image','video','audio','document'])[1 + i % 6], 'bench/discover/' || i,
        'f.jpg', 1, 'image/jpeg', md5(i::text) || md5(i::text), true,
        d.text, d.text,
        d.earliest, d.latest,
        case when i % 3 = 0 then 61.98 + ((i::bigint * 7919) % 10007) / 10007.0 * 0.06
          else 61.4 + ((i::bigint * 7919) % 10007) / 10007.0 * 1.0 end,
        case when i % 3 = 0 then -6.85 + ((i::bigint * 104729) % 10009) / 10009.0 * 0.12
          else -7.6 + ((i::bigint * 104729) % 10009) / 10009.0 * 1.3 end
      from generate_series(${from}::int, ${to}::int) i
      cross join lateral (select (1880 + (i::bigint * 7919) % 140)::int as y) y
      cross join lateral (select case
        when i % 10 = 0 then null
        when i % 10 = 1 then (y.y / 10 * 10)::text || 's'
        else y.y::text end as text,
        case when i % 10 = 0 then null
          when i % 10 = 1 then make_date(y.y / 10 * 10, 1, 1)
          else make_date(y.y, 1, 1) end as earliest,
        case when i % 10 = 0 then null
          when i % 10 = 1 then make_date(y.y / 10 * 10 + 9, 12, 31)
          else make_date(y.y, 12, 31) end as latest) d`.execute(engine.handle.db);
  }
}

async function measure(engine: Engine) {
  const start = performance.now();
  await migrateToLatest(engine.handle.db);
  const t = await createTestApp({ database: engine.handle });
  keepSharedAnswers(t.db, false);
  const ctx = t.ctx as AppContext;
  try {
    await seed(engine);
    await sql`analyze`.execute(engine.handle.db);
    const seconds = ((performance.now() - start) / 1000).toFixed(0);
    console.log(
      `\n### ${engine.name}: ${ITEMS.toLocaleString('en')} dated, located items (set up in ${seconds} s)`,
    );
    const map = (query: { bbox: string; zoom: number; q?: string; period?: string }) => () =>
      getMapClusters(ctx, null, query);
    const asks: [string, () => Promise<unknown>, goal?: number][] = [
      ['timeline (decades)', () => getTimeline(ctx, null, {})],
      [
        'timeline (years of the 1950s, images)',
        () => getTimeline(ctx, null, { period: '1950s', type: 'image' }),
      ],
      ['timeline (a search, ≤ 10,000 matches)', () => getTimeline(ctx, null, { q: 'bryggja' })],
      [
        'gallery page (1952, newest)',
        () => listGallery(ctx, null, { period: '1952', sort: 'newest', limit: 24 }),
      ],
      [
        'gallery page (1950s, by date taken)',
        () => listGallery(ctx, null, { period: '1950s', sort: 'taken', limit: 24 }),
      ],
      ['map: first answer (whole region, zoom 8)', map({ bbox: '-7.8,61.35,-6.2,62.45', zoom: 8 }), 300],
      ['map: a pan (Tórshavn, zoom 12)', map({ bbox: '-6.9,61.97,-6.65,62.06', zoom: 12 }), 150],
      ['map: a pan (Tórshavn, zoom 15)', map({ bbox: '-6.79,62.005,-6.76,62.016', zoom: 15 }), 150],
      [
        'map: the 1950s (whole region, zoom 8)',
        map({ bbox: '-7.8,61.35,-6.2,62.45', zoom: 8, period: '1950s' }),
        300,
      ],
      [
        'map: a search (≤ 10,000 matches, zoom 8)',
        map({ bbox: '-7.8,61.35,-6.2,62.45', zoom: 8, q: 'bryggja' }),
      ],
    ];
    const rows: string[][] = [];
    for (const [name, ask, goal] of asks) {
      for (let i = 0; i < WARMUP; i++) await ask();
      engine.recorded.length = 0;
      engine.recording.on = true;
      await ask();
      engine.recording.on = false;
      const statements = [...engine.recorded];
      const appTimes: number[] = [];
      const bareTimes: number[] = [];
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
        name,
        `${app.toFixed(2)} ms`,
        `${p95(appTimes).toFixed(2)} ms`,
        `${bare.toFixed(2)} ms`,
        `${(app / bare).toFixed(2)}×`,
        goal === undefined ? '' : `< ${goal} ms ${app < goal ? '✓' : '✗'}`,
      ]);
    }
    // What the kept figures replace: every public item's span read for each answer.
    const scan = {
      sql: `select p, count(*) from media_items cross join lateral timeline_periods(original_date_earliest, original_date_latest) p where is_public group by p`,
      parameters: [],
    };
    const scanTimes: number[] = [];
    for (let i = 0; i < Math.min(RUNS, 5); i++) {
      const t0 = performance.now();
      await engine.bare(scan);
      scanTimes.push(performance.now() - t0);
    }
    rows.push([
      '(a scan instead of kept figures, bare)',
      '',
      '',
      `${median(scanTimes).toFixed(2)} ms`,
      '',
      '',
    ]);
    const header = ['answer', 'app median', 'app p95', 'bare SQL median', 'app / bare', 'goal (app median)'];
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
    `Each answer made ${RUNS} times after ${WARMUP} warm-ups by the gallery's service (no HTTP, nothing kept); ` +
      "'bare SQL' sends the same statements through the engine's own client.",
  );
  if (ENGINES.includes('pglite')) await measure(await pgliteEngine());
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (url && ENGINES.includes('postgres')) await measure(await postgresEngine(url));
  else console.log('\n(PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL to measure it too.)');
}
