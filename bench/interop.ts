/**
 * `npm run bench -- interop` (issue 26 §8): the archive open to the world, at BENCH_INTEROP_ITEMS
 * items (default `100000,1000000`, each size a fresh database) on PGlite and, when
 * BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set, PostgreSQL (BENCH_INTEROP_ENGINES picks).
 *
 * - OAI-PMH `ListRecords`: every page of a harvest of the first BENCH_INTEROP_HARVEST records
 *   (default 100,000), following the resumption tokens over real HTTP, and pages resumed deep in
 *   the list (at half and at the end of all the items, from tokens signed with the server's secret
 *   as its own are): p50 / p99 per page against p99 < 100 ms; and the harvest's records/s beside
 *   two baselines, against ≥ 0.5× each: the same rows read straight out of the database as Dublin
 *   Core XML by the engine's bare client (keyset slices of 1,000), in this process, sent nowhere;
 *   and the same rows and XML streamed as one HTTP answer by a bare node:http server to a client
 *   process that reads it as the harvester reads its pages.
 * - IIIF: the 6000 × 4000 camera photograph uploaded as a public item; its first request (the
 *   pyramid made), then every 512 px tile at full resolution cold (cut on demand, one at a time):
 *   p99 against < 500 ms; one tile warm under autocannon beside a bare `@fastify/static` server
 *   serving the same tile pre-cut by sharp from disk: against ≥ 0.8×; and `/api/health` p99 while
 *   10 clients pan and zoom (random tiles at every scale, in another process) against < 100 ms,
 *   beside its p99 with nothing else asked.
 *
 * The load comes from other processes (autocannon, the panning clients), the harvest and the cold
 * tiles from this one, one request at a time. BENCH_INTEROP_PARTS=oai or =iiif runs one half;
 * BENCH_INTEROP_SECONDS (default 8) is each autocannon run's length.
 */
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import sharp from 'sharp';
import { rightsStatement } from '#common/rights.ts';
import { benchCounts, benchCreator, seedBenchArchive } from '#server/db/bench-seed.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { createTokenCodec } from '#server/features/oai/resumption-token.ts';
import { exifFixture } from '#server/test/fixtures.ts';
import { buildUser, createTestApp, listen, signIn, TEST_ORIGIN, type TestApp } from '#server/test/harness.ts';
import { multipartUpload } from '#server/test/multipart.ts';
import { autocannon, type Load } from './lib/autocannon.ts';
import { benchPostgresUrl, type Engine, pgliteEngine, postgresEngine } from './lib/engines.ts';

const run$ = promisify(execFile);
const SIZES = (process.env.BENCH_INTEROP_ITEMS ?? '100000,1000000').split(',').map(Number);
const ENGINES = (process.env.BENCH_INTEROP_ENGINES ?? 'pglite,postgres').split(',');
const PARTS = (process.env.BENCH_INTEROP_PARTS ?? 'oai,iiif').split(',');
const HARVEST = Number(process.env.BENCH_INTEROP_HARVEST ?? 100_000);
const SECONDS = Number(process.env.BENCH_INTEROP_SECONDS ?? 8);
/** Pages resumed at each deep position. */
const DEEP_PAGES = 50;
const PANNERS = 10;
const TILE = 512;

/** autocannon against one URL for this bench's length. */
const load = (url: string, connections: number): Promise<Load> =>
  autocannon(url, { connections, seconds: SECONDS });

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};
const fmt = (value: number, digits = 0) => value.toLocaleString('en', { maximumFractionDigits: digits });
const check = (ok: boolean, text: string) => `${ok ? '✓' : '✗'} ${text}`;

function printTable(header: string[], rows: string[][]) {
  console.log(`\n| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|`);
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
}

/** Asks one URL and reads the whole answer; its time in ms and its body. */
async function timed(url: string) {
  const start = performance.now();
  const res = await fetch(url);
  const body = await res.text();
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${body.slice(0, 300)}`);
  return { ms: performance.now() - start, body };
}

const tokenOf = (xml: string) => /<resumptionToken[^>]*>([^<]+)<\/resumptionToken>/.exec(xml)?.[1];

// ---------------------------------------------------------------- OAI-PMH

const BASELINE_PUBLISHER = 'Archive';
const BASELINE_DCMI_TYPES: Record<string, string> = {
  image: 'StillImage',
  video: 'MovingImage',
  audio: 'Sound',
  document: 'Text',
};

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/**
 * The baseline: the harvest's rows, with every column its records carry (the public people's names
 * and the place too), read in keyset slices of 1,000 by the bare client and written as oai_dc.
 * Each slice takes its rows from the datestamp index before anything is joined, the fastest way the
 * engine reads them: written as a plain join, the planner misjudges a keyset position past the newest
 * datestamp its statistics know (the seed's slices of 50,000 share one) and hash-joins every later
 * row (220 ms a slice instead of 8 at 100,000 items on PGlite, EXPLAIN ANALYZE 2026-11-27), which made
 * the baseline slower than the fastest reading of the same rows.
 */
async function streamRowsAsXml(engine: Engine, limit: number, sink?: (xml: string) => Promise<void>) {
  let written = 0;
  let pending = '';
  let records = 0;
  let after: { ts: string; id: string } | null = null;
  while (records < limit) {
    const rows: Record<string, unknown>[] = await engine.bare(
      `select m.id, to_char(m.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as ts,
        m.display_id, c.display_id as set_spec, m.title, m.description, m.historical_context, m.photographer,
        m.original_date, m.original_date_edtf, m.keywords, m.location, m.rights, m.copyright_holder,
        m.attribution_text, m.media_type, m.mime_type, m.source, m.category_id, c.name as category_name,
        p.name_fo as place_name_fo, p.name_en as place_name_en, m.latitude, m.longitude,
        array(select distinct n.name from person_boxes b join people n on n.id = b.person_id
          where b.media_id = m.id and b.status = 'confirmed' and not n.is_private order by n.name) as people
      from (select * from media_items i where i.is_public
          ${after ? `and (i.updated_at, i.id) > ($1::timestamptz, $2::uuid)` : ''}
          order by i.updated_at, i.id limit ${Math.min(1000, limit - records)}) m
        left join categories c on c.id = m.category_id and c.is_public
        left join places p on p.id = m.place_id
      order by m.updated_at, m.id`,
      after ? [after.ts, after.id] : [],
    );
    if (rows.length === 0) break;
    for (const row of rows) {
      // The same elements, attributes and namespaces the archive's records carry (so both sides
      // write about the same bytes: printed beside each other), by hand with a template.
      const field = (name: string, value: unknown, lang = '') =>
        value === null || value === undefined || value === ''
          ? ''
          : `<dc:${name}${lang && ` xml:lang="${lang}"`}>${escapeXml(String(value))}</dc:${name}>`;
      const many = (name: string, values: unknown, lang = '') =>
        Array.isArray(values) ? values.map((v) => field(name, v, lang)).join('') : '';
      const statement = rightsStatement(row.rights === null ? null : String(row.rights));
      const xml =
        `<record><header><identifier>oai:127.0.0.1:${row.id}</identifier><datestamp>${String(row.ts).slice(0, 19)}Z</datestamp>` +
        `${row.set_spec ? `<setSpec>${escapeXml(String(row.set_spec))}</setSpec>` : ''}</header><metadata>` +
        '<oai_dc:dc xmlns:oai_dc="http://www.openarchives.org/OAI/2.0/oai_dc/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.openarchives.org/OAI/2.0/oai_dc/ http://www.openarchives.org/OAI/2.0/oai_dc.xsd">' +
        field('title', row.title, 'fo') +
        field('creator', row.photographer) +
        many('subject', row.keywords, 'fo') +
        field('subject', row.category_name, 'fo') +
        many('subject', row.people) +
        field('description', row.description, 'fo') +
        field('description', row.historical_context, 'fo') +
        field('publisher', BASELINE_PUBLISHER) +
        field('contributor', row.copyright_holder === row.photographer ? null : row.copyright_holder) +
        field('date', row.original_date_edtf ?? row.original_date) +
        field('type', BASELINE_DCMI_TYPES[String(row.media_type)]) +
        field('format', row.mime_type) +
        field('identifier', row.display_id) +
        field('identifier', `http://127.0.0.1/media/${row.id}`) +
        field('source', row.source) +
        field('language', row.media_type === 'image' ? null : 'fo') +
        field('relation', row.category_name ? `http://127.0.0.1/?category=${row.category_id}` : null) +
        field('coverage', row.location, 'fo') +
        field('coverage', row.place_name_fo, 'fo') +
        field('coverage', row.place_name_en, 'en') +
        (row.latitude === null ? '' : field('coverage', `east=${row.longitude}; north=${row.latitude}`)) +
        field('rights', row.rights) +
        field('rights', statement?.fo, 'fo') +
        field('rights', statement?.en, 'en') +
        field('rights', row.attribution_text) +
        '</oai_dc:dc></metadata></record>';
      written += Buffer.byteLength(xml);
      if (sink) {
        // Sent in pieces of about 32 kB, as the archive's pages are.
        pending += xml;
        if (pending.length >= 32 * 1024) {
          await sink(pending);
          pending = '';
        }
      }
    }
    records += rows.length;
    const last = rows.at(-1)!;
    after = { ts: String(last.ts), id: String(last.id) };
  }
  if (sink && pending) await sink(pending);
  return { records, written };
}

/**
 * The second baseline: the same rows, read and written the same way, streamed as one answer by a
 * bare node:http server to a client in a process of its own that reads it as the harvester reads
 * its pages. What a harvest over HTTP cannot do without (the bytes sent, and read by another
 * process) is in it; what the protocol adds (pages, tokens, a round trip each) is not.
 */
async function streamRowsOverHttp(engine: Engine, limit: number) {
  let result: { records: number; written: number } | undefined;
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' });
    response.write('<?xml version="1.0" encoding="UTF-8"?>\n<records>');
    streamRowsAsXml(engine, limit, async (xml) => {
      if (!response.write(xml)) await once(response, 'drain');
    })
      .then((done) => {
        result = done;
        response.end('</records>');
      })
      .catch((error: unknown) => response.destroy(error as Error));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const address = server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
    const reader = await run$(process.execPath, ['--input-type=module', '-e', STREAM_READER], {
      env: { ...process.env, STREAM_URL: url },
    });
    const read = JSON.parse(reader.stdout) as { records: number; bytes: number; ms: number };
    if (!result || read.records !== result.records)
      throw new Error(`the bare stream sent ${result?.records} records, the client read ${read.records}`);
    return read;
  } finally {
    server.close();
  }
}

async function measureOai(engine: Engine, t: TestApp, base: string, items: number) {
  const first = `${base}/oai?verb=ListRecords&metadataPrefix=oai_dc`;
  // The harvest: every page of the first HARVEST records, one after the other, asked by a harvester
  // in a process of its own, as a real one is (in this process its reading of the answers, ~30 %
  // of the main thread, was counted against the server that shares the thread).
  const harvester = await run$(process.execPath, ['--input-type=module', '-e', HARVESTER], {
    env: { ...process.env, FIRST_URL: first, HARVEST: String(HARVEST) },
    maxBuffer: 64 * 1024 * 1024,
  });
  const {
    pages,
    records,
    bytes,
    ms: harvestMs,
  } = JSON.parse(harvester.stdout) as {
    pages: number[];
    records: number;
    bytes: number;
    ms: number;
  };

  const bareStarted = performance.now();
  const bare = await streamRowsAsXml(engine, records);
  const bareMs = performance.now() - bareStarted;
  const overHttp = await streamRowsOverHttp(engine, records);

  // Pages resumed deep in the list: a token at the half and near the end of all the public items.
  const [counted] = await engine.bare('select count(*)::int as n from media_items where is_public', []);
  const publicCount = Number(counted?.n ?? 0);
  const codec = createTokenCodec(t.ctx.config.sessionSecret);
  const deep: number[] = [];
  for (const at of [Math.floor(publicCount / 2), Math.max(0, publicCount - DEEP_PAGES * 100 - 1)]) {
    const [row] = await engine.bare(
      `select id, to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as ts
       from media_items where is_public order by updated_at, id offset ${at} limit 1`,
      [],
    );
    if (!row) continue;
    let token: string | undefined = codec.encode({
      verb: 'ListRecords',
      set: null,
      from: null,
      until: null,
      after: { datestamp: String(row.ts), id: String(row.id) },
      cursor: at + 1,
      total: publicCount,
      expires: Math.floor(Date.now() / 1000) + 3600,
    });
    for (let i = 0; i < DEEP_PAGES && token; i++) {
      const answer = await timed(`${base}/oai?verb=ListRecords&resumptionToken=${encodeURIComponent(token)}`);
      deep.push(answer.ms);
      token = tokenOf(answer.body);
    }
  }

  // What other visitors wait while a harvest runs: /api/health one request at a time, alone, then
  // while a harvester takes the whole list again (its pages are written off the server's thread
  // on PostgreSQL: oai-thread.ts).
  const healthSeconds = Math.max(1, Math.min(SECONDS, Math.floor(harvestMs / 1000)));
  const healthAlone = await autocannon(`${base}/api/health`, { connections: 1, seconds: healthSeconds });
  const again = run$(process.execPath, ['--input-type=module', '-e', HARVESTER], {
    env: { ...process.env, FIRST_URL: first, HARVEST: String(HARVEST) },
    maxBuffer: 64 * 1024 * 1024,
  });
  const healthHarvested = await autocannon(`${base}/api/health`, { connections: 1, seconds: healthSeconds });
  await again;

  const harvestRate = records / (harvestMs / 1000);
  const bareRate = bare.records / (bareMs / 1000);
  const ratio = harvestRate / bareRate;
  const httpRate = overHttp.records / (overHttp.ms / 1000);
  const httpRatio = harvestRate / httpRate;
  const pageP99 = percentile(pages, 99);
  const deepP99 = percentile(deep, 99);
  const at1M = items >= 1_000_000 ? '' : ' (the goal is at 1M)';
  printTable(
    ['OAI-PMH', 'figure', 'baseline', 'ratio', 'goal'],
    [
      [
        `ListRecords page, harvest of ${fmt(records)} (${pages.length} pages)`,
        `p50 ${fmt(percentile(pages, 50), 1)} / p99 ${fmt(pageP99, 1)} ms (first page, with its count: ${fmt(pages[0]!, 1)} ms)`,
        '—',
        '—',
        check(pageP99 < 100, `p99 < 100 ms${at1M}`),
      ],
      [
        `ListRecords page, resumed deep (at ${fmt(Math.floor(publicCount / 2))} and near ${fmt(publicCount)}, ${deep.length} pages)`,
        `p50 ${fmt(percentile(deep, 50), 1)} / p99 ${fmt(deepP99, 1)} ms`,
        '—',
        '—',
        check(deepP99 < 100, `p99 < 100 ms${at1M}`),
      ],
      [
        `full harvest of ${fmt(records)} records over HTTP`,
        `${fmt(harvestRate)} records/s (${fmt(harvestMs / 1000, 1)} s, ${fmt(bytes / 1e6, 1)} MB)`,
        `${fmt(bareRate)} records/s: ${engine.name}'s bare client, keyset slices, as XML (${fmt(bareMs / 1000, 1)} s, ${fmt(bare.written / 1e6, 1)} MB)`,
        `${ratio.toFixed(2)}×`,
        check(ratio >= 0.5, '≥ 0.5× bare'),
      ],
      [
        `/api/health while a harvester takes the list (autocannon -c 1 -d ${healthSeconds})`,
        `p50 ${fmt(healthHarvested.p50)} / p99 ${fmt(healthHarvested.p99)} ms`,
        `p50 ${fmt(healthAlone.p50)} / p99 ${fmt(healthAlone.p99)} ms with nothing else asked`,
        `${(healthHarvested.p99 / Math.max(1, healthAlone.p99)).toFixed(1)}× the p99`,
        '—',
      ],
      [
        `full harvest of ${fmt(records)} records over HTTP`,
        `${fmt(harvestRate)} records/s`,
        `${fmt(httpRate)} records/s: the same rows and XML streamed over HTTP as one answer by a bare node:http server, read by a client process (${fmt(overHttp.ms / 1000, 1)} s, ${fmt(overHttp.bytes / 1e6, 1)} MB)`,
        `${httpRatio.toFixed(2)}×`,
        check(httpRatio >= 0.5, '≥ 0.5× bare'),
      ],
    ],
  );
}

// ---------------------------------------------------------------- IIIF

/** The tiles a viewer asks for at every scale of info.json, as OpenSeadragon writes them. */
function tileUrls(service: string, width: number, height: number, scaleFactors: number[]) {
  const urls: string[] = [];
  for (const s of scaleFactors) {
    const side = TILE * s;
    for (let y = 0; y < height; y += side) {
      for (let x = 0; x < width; x += side) {
        const w = Math.min(side, width - x);
        const h = Math.min(side, height - y);
        urls.push(`${service}/${x},${y},${w},${h}/${Math.ceil(w / s)},${Math.ceil(h / s)}/0/default.jpg`);
      }
    }
  }
  return urls;
}

/** The panning clients' program: `PANNERS` loops of random tiles until the time is up. */
/** The harvester: follows the resumption tokens from FIRST_URL until HARVEST records; prints JSON. */
const HARVESTER = `
const base = new URL(process.env.FIRST_URL);
const pages = [];
let records = 0, bytes = 0;
const started = performance.now();
let url = base.href;
for (;;) {
  const start = performance.now();
  const res = await fetch(url);
  const body = await res.text();
  if (res.status !== 200) throw new Error(url + ': ' + res.status + ' ' + body.slice(0, 300));
  pages.push(performance.now() - start);
  records += body.split('<record>').length - 1;
  bytes += body.length;
  const token = /<resumptionToken[^>]*>([^<]+)<\\/resumptionToken>/.exec(body)?.[1];
  if (!token || records >= Number(process.env.HARVEST)) break;
  url = base.origin + base.pathname + '?verb=ListRecords&resumptionToken=' + encodeURIComponent(token);
}
console.log(JSON.stringify({ pages, records, bytes, ms: performance.now() - started }));
`;

/** The bare stream's client: reads the one answer as the harvester reads a page, counting records. */
const STREAM_READER = `
const started = performance.now();
const res = await fetch(process.env.STREAM_URL);
const decoder = new TextDecoder();
let records = 0, bytes = 0, tail = '';
for await (const chunk of res.body) {
  bytes += chunk.length;
  const text = tail + decoder.decode(chunk, { stream: true });
  records += text.split('<record>').length - 1;
  tail = text.slice(-7);
}
console.log(JSON.stringify({ records, bytes, ms: performance.now() - started }));
`;

const PANNER = `
const urls = JSON.parse(process.env.TILE_URLS);
const until = Date.now() + Number(process.env.PAN_MS);
let asked = 0, failed = 0;
async function pan() {
  while (Date.now() < until) {
    const res = await fetch(urls[Math.floor(Math.random() * urls.length)]);
    await res.arrayBuffer();
    asked++;
    if (res.status !== 200) failed++;
  }
}
await Promise.all(Array.from({ length: Number(process.env.PANNERS) }, pan));
console.log(JSON.stringify({ asked, failed }));
`;

async function measureIiif(t: TestApp, base: string) {
  const admin = await buildUser(t, { role: 'admin' });
  const cookie = await signIn(t, admin.email, admin.password);
  const photo = await exifFixture('large');
  const { payload, headers } = multipartUpload({ title: 'Bench 6000 × 4000' }, { path: photo });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/media',
    payload,
    headers: { ...headers, cookie, origin: TEST_ORIGIN },
  });
  if (res.statusCode !== 201) throw new Error(`upload: ${res.statusCode} ${res.body}`);
  await t.jobs.drain();
  const id = res.json().media.id as string;
  const service = `${base}/iiif/image/3/${id}`;

  const pyramid = await timed(`${service}/info.json`);
  const info = JSON.parse(pyramid.body) as {
    width: number;
    height: number;
    tiles: { width: number; scaleFactors: number[] }[];
  };
  if (info.width !== 6000 || info.height !== 4000)
    throw new Error(`the photo is ${info.width} × ${info.height}`);
  const firstTile = tileUrls(service, info.width, info.height, [1])[0]!;
  const made = await timed(firstTile);

  // Cold: every other full-resolution tile, each asked for the first time.
  const full = tileUrls(service, info.width, info.height, [1]).slice(1);
  const cold: number[] = [];
  for (const url of full) cold.push((await timed(url)).ms);

  // Warm: one kept tile under load, beside @fastify/static serving the same tile cut by sharp.
  const warmUrl = full[Math.floor(full.length / 2)]!;
  const [x, y, w, h] = warmUrl.split('/').at(-4)!.split(',').map(Number) as [number, number, number, number];
  const dir = mkdtempSync(join(tmpdir(), 'bench-tile-'));
  const bare = Fastify();
  try {
    await sharp(photo)
      .rotate()
      .extract({ left: x, top: y, width: w, height: h })
      .jpeg({ quality: 90 })
      .toFile(join(dir, 'tile.jpg'));
    await bare.register(fastifyStatic, { root: dir });
    await bare.listen({ port: 0, host: '127.0.0.1' });
    const address = bare.server.address();
    const bareUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/tile.jpg`;
    const bareWarm = await load(bareUrl, 10);
    const appWarm = await load(warmUrl, 10);
    const warmRatio = appWarm.rps / bareWarm.rps;

    // /api/health alone, then while PANNERS clients pan and zoom over every scale.
    const healthIdle = await load(`${base}/api/health`, 1);
    const urls = tileUrls(service, info.width, info.height, info.tiles[0]!.scaleFactors);
    const panning = run$(process.execPath, ['--input-type=module', '-e', PANNER], {
      env: {
        ...process.env,
        TILE_URLS: JSON.stringify(urls),
        PAN_MS: String(SECONDS * 1000 + 1000),
        PANNERS: String(PANNERS),
      },
    });
    const healthBusy = await load(`${base}/api/health`, 1);
    const panned = JSON.parse((await panning).stdout) as { asked: number; failed: number };

    const coldP99 = percentile(cold, 99);
    const errors = (l: Load) => (l.errors + l.non2xx > 0 ? ` (${l.errors} errors, ${l.non2xx} non-2xx)` : '');
    printTable(
      ['IIIF', 'figure', 'baseline', 'ratio', 'goal'],
      [
        [
          'info.json, first (pyramid made)',
          `${fmt(pyramid.ms)} ms; first tile ${fmt(made.ms)} ms`,
          '—',
          '—',
          '—',
        ],
        [
          `512 px tile, cold (${cold.length} full-resolution tiles, one at a time)`,
          `p50 ${fmt(percentile(cold, 50))} / p99 ${fmt(coldP99)} ms`,
          '—',
          '—',
          check(coldP99 < 500, 'p99 < 500 ms'),
        ],
        [
          `512 px tile, warm (autocannon -c 10 -d ${SECONDS})`,
          `${fmt(appWarm.rps)} req/s, p50 ${fmt(appWarm.p50)} / p99 ${fmt(appWarm.p99)} ms${errors(appWarm)}`,
          `${fmt(bareWarm.rps)} req/s, p99 ${fmt(bareWarm.p99)} ms: @fastify/static, the tile pre-cut by sharp`,
          `${warmRatio.toFixed(2)}×`,
          check(warmRatio >= 0.8, '≥ 0.8× bare'),
        ],
        [
          `/api/health while ${PANNERS} clients pan and zoom (${fmt(panned.asked)} tiles of ${urls.length}, ${panned.failed} not 200)`,
          `p50 ${fmt(healthBusy.p50)} / p99 ${fmt(healthBusy.p99)} ms${errors(healthBusy)}`,
          `p50 ${fmt(healthIdle.p50)} / p99 ${fmt(healthIdle.p99)} ms with nothing else asked`,
          `${(healthBusy.p99 / Math.max(1, healthIdle.p99)).toFixed(1)}× the p99`,
          check(healthBusy.p99 < 100, 'p99 < 100 ms'),
        ],
      ],
    );
  } finally {
    await bare.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function measure(makeEngine: () => Promise<Engine>, items: number) {
  const engine = await makeEngine();
  const start = performance.now();
  let t: TestApp | undefined;
  try {
    await migrateToLatest(engine.handle.db);
    t = await createTestApp({ database: engine.handle });
    await seedBenchArchive(engine.handle.db, await benchCreator(engine.handle.db), benchCounts(items));
    console.log(
      `\n### ${engine.name}: ${fmt(items)} media items (seeded in ${fmt((performance.now() - start) / 1000)} s)`,
    );
    const base = await listen(t);
    if (PARTS.includes('oai')) await measureOai(engine, t, base, items);
    if (PARTS.includes('iiif')) await measureIiif(t, base);
  } finally {
    if (t) {
      await t.app.close();
      rmSync(t.dataDir, { recursive: true, force: true });
    }
    await engine.close();
  }
}

export async function run() {
  console.log('Figures taken on this machine as it is: read the ratios, measured in the same run.');
  const url = benchPostgresUrl();
  for (const items of SIZES) {
    if (ENGINES.includes('pglite')) await measure(pgliteEngine, items);
    if (url && ENGINES.includes('postgres'))
      await measure(() => postgresEngine(url, 'archive_bench_interop'), items);
  }
  if (!url && ENGINES.includes('postgres'))
    console.log('\n(PostgreSQL: set BENCH_DATABASE_URL to measure it too.)');
}
