/**
 * The archive under a crowd (issue 10 part 6): BENCH_LOAD_VISITORS (200) simulated visitors
 * browsing, searching and viewing, plus BENCH_LOAD_UPLOADERS (10) contributors sending pictures
 * through the public submission path, for BENCH_LOAD_SECONDS (60) against BENCH_LOAD_ITEMS
 * (100,000) items, on PGlite and, when BENCH_DATABASE_URL or TEST_DATABASE_URL is set, on
 * PostgreSQL (a fresh database `archive_bench_load`, dropped after).
 *
 * The archive runs as in production: `server/main.ts` in its own process on a real port, PGlite
 * in a temporary DATA_DIR (or DATABASE_URL), the file store there too, the job runner on (each
 * submission is processed into its derivatives while the crowd browses), the request log on.
 * The data is made by `scripts/seed-bench.ts` (as `npm run seed:bench`) before the server starts.
 *
 * The baseline, in the same run: the same visitors and uploaders, with the same think times and
 * the same client code, against a bare Fastify server in its own process that answers each kind
 * of request with the very bytes the archive gave for it (bench/load-bare.ts). Its figures are
 * what this machine and this client reach with no archive behind them; the ratio is what the
 * archive's own work costs under the same crowd.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import sharp from 'sharp';
import { BENCH_FILES_FOR } from '#server/db/bench-seed.ts';
import { exifFixture } from '#server/test/fixtures.ts';
import { freePort } from '../scripts/lib/local-chromium.ts';
import type { Sample } from './load-bare.ts';
import {
  bootData,
  ClassFigures,
  type ErrorKind,
  pageAssets,
  pickWeighted,
  replayKey,
  type Summary,
  summarise,
} from './load-mix.ts';
import { buildIfNeeded, freshPostgresDatabase, rssMb, startServer, stopServer } from './lib/server.ts';

const ROOT = resolve(import.meta.dirname, '..');
const ITEMS = Number(process.env.BENCH_LOAD_ITEMS ?? 100_000);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const BASELINE_SECONDS = Number(process.env.BENCH_LOAD_BASELINE_SECONDS ?? Math.min(SECONDS, 30));
const VISITORS = Number(process.env.BENCH_LOAD_VISITORS ?? 200);
const UPLOADERS = Number(process.env.BENCH_LOAD_UPLOADERS ?? 10);
/**
 * A visitor's pause between two steps: uniform in [THINK/2, 3·THINK/2] ms. People take 5–30 s to
 * look at a page of pictures or read an item; 2.5–7.5 s is a quick visitor. BENCH_LOAD_THINK_MS=500
 * makes each of the 200 as busy as ten, a crowd of thousands: what the machine can take at most.
 */
const THINK_MS = Number(process.env.BENCH_LOAD_THINK_MS ?? 5000);
/**
 * The crowd arrives over this many seconds (each visitor and uploader at a random moment in it), as
 * visitors come one by one; 1 makes all 200 arrive within one second, a flash crowd. The
 * arrival is measured with the rest: no second of the run is left out.
 */
const RAMP_SECONDS = Number(process.env.BENCH_LOAD_RAMP_SECONDS ?? 10);
const TIMEOUT_MS = 10_000;
/** The run's figures are printed per window of this many seconds too, to show when it was slow. */
const WINDOW_SECONDS = 10;
const GOAL = { errors: 0, p99Ms: 500 };
export const ADMIN = { email: 'load-bench@example.org', password: 'load-bench-password-1' };

const rare = ['sjeldsamt'];
const common = ['bryggjan', 'kirkjan', 'havnin', 'bátar', 'patursson', 'gøta'];

// ---------------------------------------------------------------------------------------------
// The client: node:http with keep-alive, one connection pool per visitor (as each browser has).

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

interface Request {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
}

/**
 * One request; `onSocket` is called when it has a connection (until then it waits, as a browser's
 * request waits, for one of the visitor's six).
 */
function send(base: URL, agent: http.Agent, req: Request, onSocket?: () => void): Promise<Answer> {
  return new Promise((resolveAnswer, reject) => {
    const r = http.request(
      {
        host: base.hostname,
        port: base.port,
        method: req.method ?? 'GET',
        path: req.path,
        agent,
        headers: { 'accept-encoding': 'br, gzip', 'user-agent': 'archive-load-bench', ...req.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolveAnswer({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    // The deadline runs from the connection's assignment and covers connecting too (a socket
    // timeout would not: a connection waiting in a full accept queue retries its SYN for a minute).
    let deadline: NodeJS.Timeout | undefined;
    r.once('socket', () => {
      onSocket?.();
      deadline = setTimeout(() => r.destroy(new TimeoutError()), TIMEOUT_MS);
    });
    r.once('close', () => clearTimeout(deadline));
    r.on('error', reject);
    r.end(req.body);
  });
}

class TimeoutError extends Error {}

/** The body as text, decompressed as a browser would. */
function text(answer: Answer): string {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body).toString();
  if (encoding === 'gzip') return gunzipSync(answer.body).toString();
  return answer.body.toString();
}

function json<T>(answer: Answer): T | undefined {
  try {
    return JSON.parse(text(answer)) as T;
  } catch {
    return undefined;
  }
}

/** Figures per class of request, and, while capturing, the first answer of each replay key. */
export class Run {
  readonly classes = new Map<string, ClassFigures>();
  samples: Map<string, Sample> | null = null;
  uploads = 0;
  clientLagP99 = Number.NaN;
  listenOverflows = Number.NaN;
  stopAt = Number.POSITIVE_INFINITY;
  /** The crowd's pace (the defaults: BENCH_LOAD_THINK_MS and BENCH_LOAD_RAMP_SECONDS). */
  thinkMs = THINK_MS;
  rampSeconds = RAMP_SECONDS;
  /** When the crowd came; each request's latency is kept, too, by the window of the run it ended in. */
  startedAt = 0;
  readonly windows: ClassFigures[] = [];
  constructor(readonly base: URL) {}

  get stopped() {
    return performance.now() >= this.stopAt;
  }

  figures(name: string) {
    const found = this.classes.get(name);
    if (found) return found;
    const made = new ClassFigures();
    this.classes.set(name, made);
    return made;
  }

  /** The figures of `name` and of the window of the run the request ended in. */
  private add(name: string, ms: number, error?: ErrorKind) {
    this.figures(name).add(ms, error);
    const index = Math.max(0, Math.floor((performance.now() - this.startedAt) / (WINDOW_SECONDS * 1000)));
    for (let i = this.windows.length; i <= index; i++) this.windows.push(new ClassFigures());
    this.windows[index]!.add(ms, error);
  }

  /** One request, timed to its last byte and counted under `name`; undefined when it failed. */
  async request(name: string, agent: http.Agent, req: Request): Promise<Answer | undefined> {
    let started = performance.now();
    let answer: Answer;
    try {
      answer = await send(this.base, agent, req, () => {
        started = performance.now();
      });
    } catch (error) {
      this.add(name, performance.now() - started, error instanceof TimeoutError ? 'timeout' : 'socket');
      return undefined;
    }
    const ms = performance.now() - started;
    if (answer.status >= 400) {
      this.add(name, ms, `HTTP ${answer.status}` as ErrorKind);
      if (process.env.BENCH_LOAD_DEBUG)
        console.log(name, req.path, answer.status, text(answer).slice(0, 300));
      return undefined;
    }
    this.add(name, ms);
    if (this.samples) {
      const key = replayKey(req.method ?? 'GET', req.path);
      if (!this.samples.has(key)) {
        const headers: Record<string, string> = {};
        for (const h of [
          'content-type',
          'content-encoding',
          'cache-control',
          'location',
          'set-cookie',
          'tus-resumable',
          'upload-offset',
          'vary',
        ]) {
          const v = answer.headers[h];
          if (v !== undefined) headers[h] = Array.isArray(v) ? v[0]! : v;
        }
        this.samples.set(key, { status: answer.status, headers, body: answer.body.toString('base64') });
      }
    }
    return answer;
  }
}

// ---------------------------------------------------------------------------------------------
// What the archive holds, learnt once over HTTP before the crowd comes.

interface Item {
  id: string;
  files: { thumb: string | null; medium: string | null; display: string | null };
}
interface Page {
  items: Item[];
  nextCursor: string | null;
}

interface Archive {
  /** Items whose pictures exist (the newest public ones; bench-seed.ts writes files only for them). */
  withFiles: Set<string>;
  newest: Item[];
  categories: string[];
  slideshowId: string | null;
}

// ---------------------------------------------------------------------------------------------
// The visitors.

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const think = (run: Run) => sleep(run.thinkMs / 2 + Math.random() * run.thinkMs);
const any = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
let addressCounter = 0;
/** A new visitor's address (X-Forwarded-For; the server trusts its one proxy hop, TRUST_PROXY=1). */
const nextAddress = () => {
  const n = addressCounter++;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

type Step = 'next' | 'search' | 'category' | 'item' | 'about' | 'slideshow';
const STEPS: readonly (readonly [Step, number])[] = [
  ['next', 30],
  ['search', 22],
  ['category', 8],
  ['item', 30],
  ['about', 5],
  ['slideshow', 5],
];

/** One visitor's session: a landing page, then 3–10 steps, each after a pause. */
async function visit(run: Run, archive: Archive) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 6 });
  const headers = { 'x-forwarded-for': nextAddress() };
  const get = (name: string, path: string) => run.request(name, agent, { path, headers });
  let list: Page | undefined;

  const pictures = async (items: Item[], count: number) => {
    const shown = items.filter((i) => archive.withFiles.has(i.id) && i.files.thumb).slice(0, count);
    await Promise.all(shown.map((i) => get('files: thumbnails', i.files.thumb!)));
  };
  const assets = async (html: string) => {
    await Promise.all(pageAssets(html).map((path) => get('static: script, styles', path)));
  };
  const openItem = async (id: string, asPage: boolean) => {
    let media: Item | undefined;
    if (asPage) {
      const page = await get('page: /media/:id', `/media/${id}`);
      if (!page) return;
      const html = text(page);
      await assets(html);
      media = (bootData(html)[`/api/media/${id}`] as { media?: Item } | undefined)?.media;
    } else {
      const answer = await get('api: /api/media/:id', `/api/media/${id}`);
      media = answer && json<{ media: Item }>(answer)?.media;
    }
    await run.request('write: view (POST)', agent, {
      method: 'POST',
      path: `/api/media/${id}/view`,
      headers: { ...headers, origin: run.base.origin },
    });
    const picture = Math.random() < 0.5 ? media?.files.display : media?.files.medium;
    if (picture && archive.withFiles.has(id)) await get('files: display, medium', picture);
  };

  // Landing: most come to the home page, some straight to an item (a shared link), a few to About.
  const landing = Math.random();
  if (landing < 0.7) {
    const home = await get('page: /', '/');
    if (home) {
      const html = text(home);
      await assets(html);
      const answers = bootData(html);
      const key = Object.keys(answers).find((k) => k.startsWith('/api/gallery?'));
      list = key ? (answers[key] as Page) : undefined;
      if (list) await pictures(list.items, 12);
    }
  } else if (landing < 0.95) {
    await openItem(any(archive.newest).id, true);
  } else {
    const about = await get('page: /about', '/about');
    if (about) await assets(text(about));
  }

  const steps = 3 + Math.floor(Math.random() * 8);
  for (let s = 0; s < steps && !run.stopped; s++) {
    await think(run);
    if (run.stopped) break;
    const step = pickWeighted(STEPS, Math.random());
    if (step === 'next') {
      const path = list?.nextCursor
        ? `/api/gallery?cursor=${encodeURIComponent(list.nextCursor)}`
        : '/api/gallery';
      const answer = await get(
        list?.nextCursor ? 'api: gallery, next page' : 'api: gallery, first page',
        path,
      );
      const page = answer && json<Page>(answer);
      if (page) {
        list = page;
        await pictures(page.items, 12);
      }
    } else if (step === 'search') {
      const isRare = Math.random() < 0.3;
      const word = isRare ? any(rare) : any(common);
      const withCategory = Math.random() < 0.3;
      const path = `/api/gallery?q=${encodeURIComponent(word)}${withCategory ? `&category=${any(archive.categories)}` : ''}`;
      const name = `api: search, ${isRare ? 'rare' : 'common'}${withCategory ? ' + category' : ''}`;
      const answer = await get(name, path);
      const page = answer && json<Page>(answer);
      if (page) {
        list = page;
        await pictures(page.items, 12);
      }
    } else if (step === 'category') {
      const answer = await get('api: gallery, category', `/api/gallery?category=${any(archive.categories)}`);
      const page = answer && json<Page>(answer);
      if (page) {
        list = page;
        await pictures(page.items, 12);
      }
    } else if (step === 'item') {
      const from = list?.items.length ? list.items : archive.newest;
      await openItem(any(from).id, Math.random() < 0.1);
    } else if (step === 'about') {
      await get('page: /about', '/about');
    } else if (step === 'slideshow') {
      const latest = await get('api: slideshow', '/api/slideshows/latest');
      const id = latest && json<{ slideshow: { id: string } | null }>(latest)?.slideshow?.id;
      if (id) {
        const show = await get('api: slideshow', `/api/slideshows/${id}`);
        const slides =
          (show && json<{ slideshow: { slides: { media: Item }[] } }>(show)?.slideshow.slides) ?? [];
        // The player shows the first slides while the visitor watches.
        for (const slide of slides.slice(0, 3)) {
          if (slide.media.files.display && archive.withFiles.has(slide.media.id)) {
            await get('files: display, medium', slide.media.files.display);
          }
        }
      }
    }
  }
  agent.destroy();
}

// ---------------------------------------------------------------------------------------------
// The uploaders: the submit page's path, tus creation, the bytes, then the submission.

async function uploadOnce(run: Run, picture: Buffer, n: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
  // A new contributor each time (anonymous senders have 30 submissions an hour per address).
  const headers = { 'x-forwarded-for': nextAddress(), origin: run.base.origin };
  try {
    const created = await run.request('upload: create (tus POST)', agent, {
      method: 'POST',
      path: '/api/uploads',
      headers: {
        ...headers,
        'tus-resumable': '1.0.0',
        'upload-length': String(picture.length),
        'upload-metadata': `filename ${Buffer.from(`gomul-mynd-${n}.jpg`).toString('base64')},filetype ${Buffer.from('image/jpeg').toString('base64')}`,
      },
    });
    const location = created?.headers.location;
    if (!location) return;
    const setCookie = created.headers['set-cookie'] ?? [];
    const cookie = setCookie.map((c) => c.split(';')[0]).join('; ');
    const path = new URL(location, run.base).pathname;
    const sent = await run.request('upload: bytes (tus PATCH)', agent, {
      method: 'PATCH',
      path,
      headers: {
        ...headers,
        cookie,
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      body: picture,
    });
    if (!sent) return;
    const submitted = await run.request('upload: submission (POST)', agent, {
      method: 'POST',
      path: '/api/submissions',
      headers: { ...headers, cookie, 'content-type': 'application/json' },
      body: JSON.stringify({
        uploadId: path.split('/').pop(),
        title: `Gomul mynd ${n}`,
        submitterName: 'Load bench',
        description: 'Send inn undir álagsroynd.',
      }),
    });
    if (submitted) run.uploads++;
  } finally {
    agent.destroy();
  }
}

async function uploader(run: Run, pictures: Buffer[], index: number) {
  for (let n = index; !run.stopped; n += UPLOADERS) {
    await uploadOnce(run, pictures[n % pictures.length]!, n);
    await think(run);
  }
}

/** The crowd for `seconds`; returns when every session and upload under way has ended. */
export async function crowd(
  run: Run,
  archive: Archive,
  pictures: Buffer[],
  seconds: number,
  people = { visitors: VISITORS, uploaders: UPLOADERS },
) {
  // The run's figures are the crowd's only (not those of learning the archive or capturing it).
  run.classes.clear();
  run.windows.length = 0;
  run.uploads = 0;
  run.stopAt = performance.now() + seconds * 1000;
  const started = performance.now();
  run.startedAt = started;
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const overflows = listenOverflows();
  const arrive = () => sleep(Math.random() * run.rampSeconds * 1000);
  const visitor = async () => {
    await arrive();
    while (!run.stopped) await visit(run, archive);
  };
  await Promise.all([
    ...Array.from({ length: people.visitors }, visitor),
    ...Array.from({ length: people.uploaders }, async (_, i) => {
      await arrive();
      await uploader(run, pictures, i);
    }),
  ]);
  lag.disable();
  // The client's own event-loop delay: when it is large, the crowd itself is short of CPU.
  run.clientLagP99 = lag.percentile(99) / 1e6;
  // The whole machine's count: other programs' full queues would show here too.
  run.listenOverflows = listenOverflows() - overflows;
  return (performance.now() - started) / 1000;
}

// ---------------------------------------------------------------------------------------------
// Set-up: pictures to send, what the archive holds, a slideshow, the captured answers.

/** Distinct real photographs, ~1024 × 683 JPEG (crops of the 6000 × 4000 camera fixture). */
export async function uploadPictures(count = 24): Promise<Buffer[]> {
  const camera = await exifFixture('large');
  return Promise.all(
    Array.from({ length: count }, (_, i) =>
      sharp(camera)
        .extract({ left: 100 + (i % 6) * 700, top: 100 + Math.floor(i / 6) * 600, width: 1500, height: 1000 })
        .resize(1024)
        .jpeg({ quality: 82 })
        .toBuffer(),
    ),
  );
}

export async function learnArchive(run: Run): Promise<Archive> {
  const agent = new http.Agent({ keepAlive: true });
  const getJson = async <T>(path: string, headers: Record<string, string> = {}) => {
    const answer = await send(run.base, agent, { path, headers });
    if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${text(answer).slice(0, 200)}`);
    return json<T>(answer)!;
  };
  const withFiles = new Set<string>();
  const newest: Item[] = [];
  let cursor: string | null = null;
  // bench-seed.ts writes pictures for the newest BENCH_FILES_FOR public items: the first pages.
  while (newest.length < BENCH_FILES_FOR) {
    const answer: Page = await getJson<Page>(
      `/api/gallery${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    for (const item of answer.items) {
      withFiles.add(item.id);
      newest.push(item);
    }
    cursor = answer.nextCursor;
    if (!cursor) break;
  }
  const { categories } = await getJson<{ categories: { id: string }[] }>('/api/categories');

  // A public slideshow of twelve pictures, made by an admin through the back-office API.
  const signIn = await send(run.base, agent, {
    method: 'POST',
    path: '/api/auth/sign-in/email',
    headers: { 'content-type': 'application/json', origin: run.base.origin },
    body: JSON.stringify(ADMIN),
  });
  if (signIn.status !== 200) throw new Error(`sign-in: ${signIn.status} ${text(signIn)}`);
  const cookie = (signIn.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
  const made = await send(run.base, agent, {
    method: 'POST',
    path: '/api/admin/slideshows',
    headers: { 'content-type': 'application/json', origin: run.base.origin, cookie },
    body: JSON.stringify({
      title: 'Havnin fyrr',
      isPublic: true,
      slides: newest.slice(0, 12).map((item) => ({ mediaId: item.id, duration: 5 })),
    }),
  });
  if (made.status !== 201) throw new Error(`slideshow: ${made.status} ${text(made)}`);
  const slideshowId = json<{ slideshow: { id: string } }>(made)!.slideshow.id;
  agent.destroy();
  return { withFiles, newest, categories: categories.map((c) => c.id), slideshowId };
}

/** Every kind of request once, capturing the archive's answers for the bare baseline. */
async function capture(run: Run, archive: Archive, picture: Buffer): Promise<Map<string, Sample>> {
  run.samples = new Map();
  const agent = new http.Agent({ keepAlive: true });
  const item = archive.newest[0]!;
  const get = (path: string) => run.request('capture', agent, { path });
  const home = await get('/');
  for (const path of pageAssets(text(home!))) await get(path);
  const first = json<Page>((await get('/api/gallery'))!)!;
  await get(`/api/gallery?cursor=${encodeURIComponent(first.nextCursor!)}`);
  await get(`/api/gallery?q=${common[0]}`);
  await get(`/api/media/${item.id}`);
  await get(`/media/${item.id}`);
  await get('/about');
  await get('/api/slideshows/latest');
  await get(`/api/slideshows/${archive.slideshowId}`);
  await get(item.files.thumb!);
  await get(item.files.display!);
  await run.request('capture', agent, {
    method: 'POST',
    path: `/api/media/${item.id}/view`,
    headers: { origin: run.base.origin },
  });
  await uploadOnce(run, picture, 0);
  agent.destroy();
  const samples = run.samples;
  run.samples = null;
  const failed = run.classes.get('capture')?.errorCount ?? 0;
  if (failed > 0 || run.uploads !== 1) {
    throw new Error(`capturing the archive's answers failed (${failed} errors, ${run.uploads} uploads)`);
  }
  return samples;
}

// ---------------------------------------------------------------------------------------------
// One engine: seed, serve, learn, capture, the baseline, the crowd, the figures.

interface Outcome {
  seconds: number;
  clientLagP99: number;
  listenOverflows: number;
  total: Summary;
  classes: [string, Summary][];
  /** The whole crowd's figures per WINDOW_SECONDS of the run. */
  windows: Summary[];
  uploads: number;
}

export function outcome(run: Run, seconds: number): Outcome {
  const classes = [...run.classes].filter(([name]) => name !== 'capture');
  return {
    seconds,
    clientLagP99: run.clientLagP99,
    listenOverflows: run.listenOverflows,
    total: summarise(
      classes.map(([, f]) => f),
      seconds,
    ),
    classes: classes
      .sort((a, b) => a[0].localeCompare(b[0]))
      .map(([name, f]) => [name, summarise([f], seconds)]),
    windows: run.windows.map((w, i) =>
      summarise([w], Math.min(WINDOW_SECONDS, Math.max(0.001, seconds - i * WINDOW_SECONDS))),
    ),
    uploads: run.uploads,
  };
}

export const fmt = (n: number, digits = 0) =>
  Number.isFinite(n) ? n.toLocaleString('en', { maximumFractionDigits: digits }) : '–';

export function table(outcome: Outcome) {
  const header = ['class', 'requests', 'req/s', 'p50', 'p95', 'p99', 'max', 'errors'];
  console.log(`| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|`);
  const row = (name: string, s: Summary) =>
    console.log(
      `| ${[
        name,
        fmt(s.requests),
        fmt(s.rps, 1),
        `${fmt(s.p50)} ms`,
        `${fmt(s.p95)} ms`,
        `${fmt(s.p99)} ms`,
        `${fmt(s.max)} ms`,
        s.errors > 0 ? `${s.errors} (${s.errorKinds})` : '0',
      ].join(' | ')} |`,
    );
  for (const [name, s] of outcome.classes) row(name, s);
  row('**all**', outcome.total);
  console.log(
    `\nper ${WINDOW_SECONDS} s of the run (requests ended in it): ` +
      outcome.windows
        .map(
          (w, i) =>
            `${i * WINDOW_SECONDS}–${(i + 1) * WINDOW_SECONDS} s ${fmt(w.rps)} req/s, p50 ${fmt(w.p50)} / p99 ${fmt(w.p99)} ms` +
            (w.errors > 0 ? `, ${w.errors} errors` : ''),
        )
        .join('; '),
  );
}

/** Connections the kernel dropped because a listening socket's accept queue was full (Linux). */
function listenOverflows(): number {
  try {
    const lines = readFileSync('/proc/net/netstat', 'utf8').split('\n');
    const header = lines.findIndex((l) => l.startsWith('TcpExt:'));
    const names = lines[header]!.split(/\s+/);
    const values = lines[header + 1]!.split(/\s+/);
    return Number(values[names.indexOf('ListenOverflows')]);
  } catch {
    return Number.NaN;
  }
}

/** One of the project's scripts (`npm run …`) in its own process, as an operator runs it. */
export async function script(args: string[], env: Record<string, string>) {
  const started = performance.now();
  await new Promise<void>((resolveDone, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c));
    child.stderr.on('data', (c: Buffer) => (output += c));
    child.on('exit', (code) =>
      code === 0 ? resolveDone() : reject(new Error(`${args.join(' ')} failed:\n${output}`)),
    );
  });
  return (performance.now() - started) / 1000;
}

async function startBare(samples: Map<string, Sample>, work: string) {
  const file = join(work, 'samples.json');
  writeFileSync(file, JSON.stringify(Object.fromEntries(samples)));
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/load-bare.ts', file], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolvePort, reject) => {
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c;
      const m = /port (\d+)/.exec(out);
      if (m) resolvePort(Number(m[1]));
    });
    child.on('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  return { child, base: new URL(`http://127.0.0.1:${port}`) };
}

async function measure(engine: 'PGlite' | 'PostgreSQL', databaseUrl?: string) {
  const work = mkdtempSync(join(tmpdir(), 'bench-load-'));
  const dataDir = join(work, 'data');
  const webDir = resolve(ROOT, process.env.WEB_DIR ?? 'dist');
  buildIfNeeded(webDir);
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  let server: ChildProcess | undefined;
  let bare: ChildProcess | undefined;
  const serverErrors: string[] = [];
  let serverErrorCount = 0;
  let status5xx = 0;
  // BENCH_LOAD_SERVER_LOG=FILE: the server's own log lines (one a request, with its time) written
  // there, through a stream (the crowd shares this process's event loop), each engine's after the last.
  const serverLog = process.env.BENCH_LOAD_SERVER_LOG
    ? createWriteStream(process.env.BENCH_LOAD_SERVER_LOG, { flags: 'a' })
    : undefined;
  try {
    console.log(`\n### ${engine}: seeding ${ITEMS.toLocaleString('en')} items…`);
    // As an operator would: the first admin (who owns the seeded rows), then `npm run seed:bench`.
    await script(['scripts/admin-create.ts', '--email', ADMIN.email, '--password', ADMIN.password], env);
    const seedSeconds = await script(['scripts/seed-bench.ts', '--items', String(ITEMS)], env);
    const pictures = await uploadPictures();
    const port = await freePort();
    server = await startServer({
      port,
      dataDir,
      webDir,
      env: {
        ...env,
        // The bench is the one proxy in front: each simulated visitor and contributor has its own
        // address (X-Forwarded-For), so per-address limits apply to each as in production.
        TRUST_PROXY: '1',
      },
      onLine: (line) => {
        serverLog?.write(`${line}\n`);
        if (!line.startsWith('{')) return;
        if (line.includes('"statusCode":5')) status5xx++;
        if (/"level":(50|60)/.test(line)) {
          serverErrorCount++;
          if (serverErrors.length < 5) serverErrors.push(line.slice(0, 600));
        }
      },
    });
    let serverExit: string | undefined;
    server.on(
      'exit',
      (code, signal) => (serverExit = `the server exited (${code ?? signal}) during the run`),
    );
    const app = new Run(new URL(`http://127.0.0.1:${port}`));
    const archive = await learnArchive(app);
    const samples = await capture(app, archive, pictures[0]!);
    const rssStart = rssMb(server.pid);

    const started = await startBare(samples, work);
    bare = started.child;
    const baseRun = new Run(started.base);
    const baseline = outcome(baseRun, await crowd(baseRun, archive, pictures, BASELINE_SECONDS));
    await stopServer(bare);
    bare = undefined;

    const loaded = outcome(app, await crowd(app, archive, pictures, SECONDS));
    const rssEnd = rssMb(server.pid);
    // Once the crowd has gone: what the server keeps (a leak keeps growing from run to run).
    await sleep(5000);
    const rssIdle = rssMb(server.pid);

    console.log(
      `\n${engine}: ${ITEMS.toLocaleString('en')} items (seeded in ${seedSeconds.toFixed(0)} s), ` +
        `${VISITORS} visitors + ${UPLOADERS} uploaders arriving over ${app.rampSeconds} s, think ${app.thinkMs / 2}–${(app.thinkMs * 3) / 2} ms, ` +
        `${loaded.seconds.toFixed(0)} s; latency from the connection to the last byte, errors = HTTP ≥ 400, broken sockets, ` +
        `no answer in ${TIMEOUT_MS / 1000} s\n`,
    );
    table(loaded);
    console.log(
      `\nuploads completed (tus + submission): ${loaded.uploads} (${fmt(loaded.uploads / loaded.seconds, 2)}/s); ` +
        `server RSS ${fmt(rssStart ?? Number.NaN)} MB after warm-up, ${fmt(rssEnd ?? Number.NaN)} MB at the end, ` +
        `${fmt(rssIdle ?? Number.NaN)} MB 5 s after; ` +
        `server log: ${status5xx} answers 5xx, ${serverErrorCount} error lines; ` +
        `the crowd's own event-loop delay p99 ${fmt(loaded.clientLagP99)} ms; ` +
        `connections dropped by a full accept queue (SYN retried after 1, 3, 7… s): ${fmt(loaded.listenOverflows)}` +
        (serverExit ? `; ${serverExit}` : ''),
    );
    for (const line of serverErrors) console.log(`  ${line}`);
    console.log(
      `\nbaseline (bare Fastify replaying the archive's own answers from memory, same crowd, ${baseline.seconds.toFixed(0)} s): ` +
        `${fmt(baseline.total.rps, 1)} req/s, p50 ${fmt(baseline.total.p50)} ms, p99 ${fmt(baseline.total.p99)} ms, ` +
        `${baseline.total.errors} errors, ${baseline.uploads} uploads; the crowd's event-loop delay p99 ${fmt(baseline.clientLagP99)} ms`,
    );
    console.log(
      `ratio archive / bare: req/s ${(loaded.total.rps / baseline.total.rps).toFixed(2)}×, ` +
        `p50 ${(loaded.total.p50 / baseline.total.p50).toFixed(1)}×, p99 ${(loaded.total.p99 / baseline.total.p99).toFixed(1)}×`,
    );
    const met = loaded.total.errors === GOAL.errors && loaded.total.p99 < GOAL.p99Ms && !serverExit;
    console.log(
      `goal (0 errors, p99 < ${GOAL.p99Ms} ms): ${met ? 'met ✓' : 'NOT met ✗'} ` +
        `(${loaded.total.errors} errors, p99 ${fmt(loaded.total.p99)} ms)`,
    );
  } finally {
    if (bare) await stopServer(bare);
    if (server) await stopServer(server);
    if (serverLog) await new Promise((closed) => serverLog.end(closed));
    rmSync(work, { recursive: true, force: true });
  }
}

export async function run() {
  // BENCH_LOAD_ENGINES=postgres (or pglite) runs one engine only.
  const engines = (process.env.BENCH_LOAD_ENGINES ?? 'pglite,postgres').split(',');
  if (engines.includes('pglite')) await measure('PGlite');
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (url && engines.includes('postgres')) {
    const database = await freshPostgresDatabase(url, 'archive_bench_load');
    try {
      await measure('PostgreSQL', database.url);
    } finally {
      await database.drop();
    }
  }
}
