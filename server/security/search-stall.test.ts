/**
 * Issue 13 part 3: the event loop never stalls. Over real HTTP, against an archive of 10,000
 * items, visitors search (rare and common words, with and without a category), page through the
 * gallery, open items and ask for the public pages' HTML (drawn by React on threads of their own:
 * server/web/render-pool.ts), while a photo is sent through the resumable endpoint and submitted and
 * its derivatives are made. Meanwhile the main thread's longest hold of the event loop is measured
 * (its own CPU time between two ticks of a 5 ms timer) and /api/health is asked every 20 ms.
 * On PGlite the database runs on a thread of its own, so its work is not the main thread's.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchCounts, benchCreator, seedBenchArchive, writeBenchFiles } from '#server/db/bench-seed.ts';
import { describeStall, measureSettled, measureStall } from '#server/test/event-loop.ts';
import { imageFixture } from '#server/test/fixtures.ts';
import { createTestApp, listen, type TestApp } from '#server/test/harness.ts';
import { tusUpload, uploaderCookie } from '#server/test/tus-client.ts';

/** The longest any request may hold the event loop (issue 13 part 3), ms. */
const MAX_HOLD_MS = 50;
/**
 * /api/health waits for the database, which is busy with the searches meanwhile (on PGlite one
 * query at a time): this catches a database held for seconds, granted on top the longest time the
 * whole process waited for a CPU (the wall-clock loop delay), which on a busy machine is not ours.
 */
const MAX_HEALTH_MS = 2_000;
const ITEMS = 10_000;
const VISITORS = 4;
const REQUESTS_PER_VISITOR = 60;

let t: TestApp;
let webDir: string;
let base: string;
let categoryId: string;
let itemIds: string[];

beforeAll(async () => {
  // The page shell the web build would write: / carries its first answers inside it.
  webDir = mkdtempSync(join(tmpdir(), 'archive-web-'));
  writeFileSync(
    join(webDir, 'index.html'),
    '<!doctype html><html lang="fo"><head><title>Myndasavn</title></head><body><div id="root"></div></body></html>',
  );
  t = await createTestApp({ webDir });
  await seedBenchArchive(t.db, await benchCreator(t.db), benchCounts(ITEMS));
  await writeBenchFiles(t.db, t.ctx.blobs);
  base = await listen(t);
  const gallery = await (await fetch(`${base}/api/gallery`)).json();
  itemIds = gallery.items.map((item: { id: string }) => item.id);
  categoryId = gallery.items.find((item: { category: { id: string } | null }) => item.category)!.category.id;
  // The first page drawn on the server loads the page components (in tests: compiles them).
  for (const path of ['/', `/media/${itemIds[0]}`]) await (await fetch(`${base}${path}`)).arrayBuffer();
}, 120_000);
afterAll(async () => {
  await t?.close();
  if (webDir) rmSync(webDir, { recursive: true, force: true });
});

/**
 * The visitors, in a process of their own (their HTTP client's work is the browser's, not the
 * server's). Started before the measuring (starting a process is not a request's work) and let go
 * by a line on stdin: each asks its paths one after the other, as a browser tab would, and the
 * process prints every answer other than 200.
 */
const VISITORS_SCRIPT = `
const [base, visitors, perVisitor, ...paths] = process.argv.slice(1);
await new Promise((resolve) => process.stdin.once('data', resolve));
const visit = async (n) => {
  const wrong = [];
  for (let i = 0; i < Number(perVisitor); i++) {
    const path = paths[(n + i) % paths.length];
    const res = await fetch(base + path);
    await res.arrayBuffer();
    if (res.status !== 200) wrong.push(path + ': ' + res.status);
  }
  return wrong;
};
const wrong = await Promise.all(Array.from({ length: Number(visitors) }, (_, n) => visit(n)));
process.stdout.write(JSON.stringify(wrong.flat()));
process.exit(0);
`;

/** Starts the visitors' process; `go()` lets them loose and resolves to the answers other than 200. */
function startVisitors() {
  const paths = [
    '/api/gallery',
    '/api/gallery?q=bryggjan',
    `/api/gallery?q=b%C3%A1tar&category=${categoryId}`,
    '/api/gallery?q=sjeldsamt',
    `/api/gallery?category=${categoryId}`,
    '/api/gallery?q=mynd',
    ...itemIds.slice(0, 4).map((id) => `/api/media/${id}`),
    // Pages drawn on the server (the page cache is off under vitest: each is drawn again).
    '/',
    '/?q=b%C3%A1tar',
    `/media/${itemIds[1]}`,
  ];
  const child = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      VISITORS_SCRIPT,
      base,
      String(VISITORS),
      String(REQUESTS_PER_VISITOR),
      ...paths,
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  let stdout = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  return {
    async go(): Promise<string[]> {
      child.stdin.end('go\n');
      const code = await exited;
      if (code !== 0) throw new Error(`the visitors' process ended with ${code}`);
      return JSON.parse(stdout);
    },
  };
}

async function uploadAndSubmit(path: string): Promise<number> {
  const uploadId = await tusUpload(base, path);
  const res = await fetch(`${base}/api/submissions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: uploaderCookie(uploadId) ?? '' },
    body: JSON.stringify({ uploadId, title: 'Havnin' }),
  });
  await t.jobs.drain();
  return res.status;
}

describe('the event loop stays free while visitors search and a photo is sent', { timeout: 180_000 }, () => {
  it(`holds the loop under ${MAX_HOLD_MS} ms with ${VISITORS} visitors searching and an upload`, async () => {
    const photo = await imageFixture('jpeg', { width: 4000, height: 3000, name: 'hamnin.jpg' });
    const { result, stall, first } = await measureSettled(MAX_HOLD_MS, () => {
      // The visitors' process started before the measurement, anew for each.
      const crowd = startVisitors();
      return measureStall(
        () => Promise.all([uploadAndSubmit(photo), crowd.go()]),
        async () => (await fetch(`${base}/api/health`)).status,
      );
    });
    console.log(
      `event loop while ${VISITORS} visitors search and a photo is sent:\n${describeStall('searches + upload', stall, first)}`,
    );
    const [submitted, wrongAnswers] = result;
    expect(submitted).toBe(201);
    expect(wrongAnswers, 'answers other than 200').toEqual([]);
    expect(stall.healthChecks).toBeGreaterThan(0);
    expect(stall.heldMs, 'longest hold of the event loop (ms)').toBeLessThan(MAX_HOLD_MS);
    expect(stall.healthMs, 'slowest /api/health (ms)').toBeLessThan(MAX_HEALTH_MS + stall.loopMs);
  });

  it(`holds the loop under ${MAX_HOLD_MS} ms while the home page and media pages are drawn`, async () => {
    const paths = [0, 1, 2, 3, 4].flatMap((i) => [`/?q=b%C3%A1tar&n=${i}`, `/media/${itemIds[i + 2]}`]);
    const { result, stall } = await measureStall(
      async () => {
        const pages: { status: number; drawn: boolean }[] = [];
        // One after the other, as one visitor: each page's hold is its own. Another query each
        // time: the anonymous page cache would answer a repeat.
        for (const path of paths) {
          const res = await fetch(`${base}${path}`);
          const html = await res.text();
          // Drawn: the root holds the page (the gallery's cards, the item's heading), not nothing.
          const root = /<div id="root" data-rendered-at="\d+">([\s\S]*)<\/div><script/.exec(html)?.[1];
          pages.push({ status: res.status, drawn: (root?.length ?? 0) > 1000 });
        }
        return pages;
      },
      async () => (await fetch(`${base}/api/health`)).status,
    );
    console.log(`event loop while ${paths.length} pages are drawn:\n${describeStall('pages drawn', stall)}`);
    expect(result).toEqual(paths.map(() => ({ status: 200, drawn: true })));
    expect(stall.heldMs, 'longest hold of the event loop (ms)').toBeLessThan(MAX_HOLD_MS);
  });
});
