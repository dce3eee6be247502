import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openPglite, openPostgres } from '#server/db/database.ts';
import { builtScript, builtServer } from '#server/test/built.ts';
import { POSTGRES_TEMPLATE, testEngine } from '#server/test/engine.ts';
import { copyMigratedPglite } from '#server/test/migrated-pglite.ts';
import { pollUntil } from '#server/test/poll.ts';
import { scratchPostgres } from '#server/test/scratch-postgres.ts';
import { tusUpload, uploaderCookie } from '#server/test/tus-client.ts';
import { freePort } from '../../scripts/lib/local-chromium.ts';

/**
 * Crash safety (issue 10): the real server as a child process is killed with SIGKILL while 20
 * public uploads (tus, then POST /api/submissions) and 20 approvals (which copy the file into a
 * new item) are in flight, then started again on the same DATA_DIR and database. Whatever the
 * server acknowledged (a 2xx answer reached us) must be there, no row may point to a missing file,
 * jobs the dead process had claimed run again, and `npm run fsck` reports the files no row owns
 * (written before a row that never committed) and `--repair` removes them.
 */
const root = resolve(import.meta.dirname, '..', '..');
/** The server and fsck as build-server.ts bundles them (server/test/built.ts), built once per run. */
const server = await builtServer();
const fsckScript = await builtScript('fsck');
const engine = testEngine();
const ADMIN = { email: 'crash-admin@example.org', password: 'crash-admin-password-1' };
const COUNT = 20;

const running = new Set<ChildProcess>();
afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
});

interface Archive {
  dataDir: string;
  /** PostgreSQL only: the database made for this run. */
  databaseUrl?: string;
  drop(): Promise<void>;
}

/**
 * A fresh DATA_DIR with a migrated database (the test is about crashes, not about the first start's
 * migrations, which would cost seconds of CPU): a copy of the run's template on either engine.
 */
async function freshArchive(): Promise<Archive> {
  const dataDir = mkdtempSync(join(tmpdir(), 'crash-'));
  if (engine === 'pglite') {
    await copyMigratedPglite(join(dataDir, 'db'));
    return { dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const database = await scratchPostgres({ prefix: 'archive_crash', template: POSTGRES_TEMPLATE });
  return {
    dataDir,
    databaseUrl: database.url,
    async drop() {
      // A killed server's connections may linger: they are ended.
      await database.drop({ force: true });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function serverEnv(archive: Archive, port: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: archive.dataDir,
    DATABASE_URL: archive.databaseUrl ?? '',
    S3_BUCKET: '',
    SMTP_URL: '',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    WEB_DIR: join(archive.dataDir, 'no-web-build'),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // The test plays the proxy in front, so each round's anonymous senders have an address of their own.
    TRUST_PROXY: '1',
  };
  delete env.PUBLIC_URL;
  delete env.SESSION_SECRET;
  return env;
}

interface RunningServer {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * The server as `npm start` runs it (build/server.mjs), but as one process (node itself, not the
 * shell of scripts/serve.sh), on a free port; resolves once it says it is running.
 */
async function startServer(archive: Archive): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [server], {
    cwd: root,
    env: serverEnv(archive, port),
  });
  running.add(child);
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) =>
    child.once('exit', (code, signal) => {
      running.delete(child);
      r({ code, signal });
    }),
  );
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  await new Promise<void>((resolveStart, reject) => {
    const check = () => {
      if (/The archive is running at/.test(output)) {
        child.stdout!.off('data', check);
        resolveStart();
      }
    };
    child.stdout!.on('data', check);
    void exited.then(({ code, signal }) =>
      reject(new Error(`the server exited (${code ?? signal}) before it ran:\n${output}`)),
    );
  });
  return { child, url: `http://127.0.0.1:${port}`, output: () => output, exited };
}

async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(ADMIN),
  });
  if (res.status !== 200) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function api(
  url: string,
  method: string,
  path: string,
  cookie: string | undefined,
  body?: unknown,
  from?: string,
) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: {
      origin: url,
      ...(from ? { 'x-forwarded-for': from } : {}),
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/**
 * A tus upload that becomes a submission, by the admin or (with `from`, the sender's address as
 * the proxy in front reports it) anonymously; the submission's id once the server answered 201.
 */
async function submit(
  url: string,
  file: string,
  title: string,
  sender: { adminCookie: string } | { from: string },
): Promise<string> {
  const headers: Record<string, string> =
    'adminCookie' in sender ? { cookie: sender.adminCookie } : { 'x-forwarded-for': sender.from };
  const uploadId = await tusUpload(url, file, { headers });
  const cookie = 'adminCookie' in sender ? sender.adminCookie : uploaderCookie(uploadId);
  const from = 'from' in sender ? sender.from : undefined;
  const res = await api(url, 'POST', '/api/submissions', cookie, { uploadId, title }, from);
  if (res.status !== 201) throw new Error(`submission: ${res.status} ${JSON.stringify(res.json)}`);
  return (res.json.submission as { id: string }).id;
}

/** Distinct small but real JPEGs (noise, so no two are alike and none is a duplicate). */
async function makeImages(dir: string, count: number): Promise<string[]> {
  mkdirSync(dir, { recursive: true });
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const path = join(dir, `photo-${i}.jpg`);
      await sharp(randomBytes(320 * 240 * 3), { raw: { width: 320, height: 240, channels: 3 } })
        .jpeg({ quality: 80 })
        .toFile(path);
      return path;
    }),
  );
}

async function openArchiveDb(archive: Archive): Promise<DatabaseHandle> {
  return archive.databaseUrl ? openPostgres(archive.databaseUrl) : openPglite(join(archive.dataDir, 'db'));
}

/** Every file in the store, by key (leftover temporary files included: they are files too). */
function storedFiles(dataDir: string): string[] {
  const filesDir = join(dataDir, 'files');
  if (!existsSync(filesDir)) return [];
  return readdirSync(filesDir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(filesDir, join(e.parentPath, e.name)).split(sep).join('/'))
    .filter((key) => !key.startsWith('.health/'));
}

function fsck(archive: Archive, repair: boolean) {
  const result = spawnSync(process.execPath, [fsckScript, ...(repair ? ['--repair'] : [])], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: archive.dataDir,
      DATABASE_URL: archive.databaseUrl ?? '',
      S3_BUCKET: '',
    },
    encoding: 'utf8',
  });
  const lines = result.stdout.trim().split('\n');
  return {
    status: result.status,
    stdout: result.stdout,
    stderr: result.stderr,
    orphans: lines.filter((l) => l.startsWith('ORPHAN')).map((l) => l.split(/\s+/)[1]!),
    problems: lines.filter((l) => l.startsWith('MISSING') || l.startsWith('CHANGED')),
  };
}

/** The jobs of the 80 uploads take their time on two busy cores: a long bound, asked seldom. */
const SLOW_POLL = { timeoutMs: 120_000, everyMs: 250 };

describe(`a server killed with SIGKILL mid-flight (${engine})`, () => {
  it('keeps every acknowledged upload and review, runs the jobs it had claimed, and fsck removes what it left', {
    timeout: 480_000,
  }, async () => {
    const started = Date.now();
    const phases: string[] = [];
    let phaseStart = started;
    const phase = (name: string) => {
      phases.push(`${name} ${Date.now() - phaseStart} ms`);
      phaseStart = Date.now();
    };
    const archive = await freshArchive();
    let output = '';
    const figures: string[] = [];
    try {
      const images = await makeImages(join(archive.dataDir, 'images'), 4 * COUNT);
      let server = await startServer(archive);
      let cookie = await signIn(server.url);
      phase('first start');

      // Every answer received before a kill, over both kills: submission id → title, and
      // reviewed submission id → the item its approval made.
      const ackedUploads = new Map<string, string>();
      const ackedReviews = new Map<string, string>();
      const seeds: string[] = [];
      // Killed early (a few answers given, most work still in the server) and late.
      for (const [round, killAfter] of [
        [1, 3],
        [2, 22],
      ] as const) {
        const batch = images.slice((round - 1) * 2 * COUNT, round * 2 * COUNT);
        // 1. Seed: 20 pending submissions to review (sent by the admin).
        const toReview: string[] = [];
        for (let i = 0; i < COUNT; i += 5) {
          toReview.push(
            ...(await Promise.all(
              batch
                .slice(i, i + 5)
                .map((f, j) => submit(server.url, f, `seed ${round}.${i + j}`, { adminCookie: cookie })),
            )),
          );
        }
        seeds.push(...toReview);
        phase(`seed ${round}`);

        // 2. 20 anonymous uploads and 20 approvals at once; SIGKILL after `killAfter` answers.
        const victim = server;
        let acked = 0;
        let killedAt: number | undefined;
        const acknowledged = () => {
          acked += 1;
          if (killedAt === undefined && acked >= killAfter) {
            killedAt = Date.now();
            victim.child.kill('SIGKILL');
          }
        };
        const crashStart = Date.now();
        let roundUploads = 0;
        let roundReviews = 0;
        const uploads = batch.slice(COUNT).map(async (file, i) => {
          const title = `crash ${round} upload ${i}`;
          // Each round's senders from an address of their own (an address may send 30 an hour).
          const id = await submit(victim.url, file, title, { from: `192.0.2.${round}` });
          ackedUploads.set(id, title);
          roundUploads += 1;
          acknowledged();
        });
        const reviews = toReview.map(async (id) => {
          const res = await api(victim.url, 'PATCH', `/api/admin/submissions/${id}`, cookie, {
            status: 'approved',
          });
          if (res.status !== 200) throw new Error(`review: ${res.status} ${JSON.stringify(res.json)}`);
          ackedReviews.set(id, (res.json.submission as { mediaId: string }).mediaId);
          roundReviews += 1;
          acknowledged();
        });
        const outcomes = await Promise.allSettled([...uploads, ...reviews]);
        const exit = await victim.exited;
        output += victim.output();
        expect(killedAt, 'the kill came before every operation was answered').toBeDefined();
        expect(exit.signal).toBe('SIGKILL');
        // Nothing was refused: every failure is the connection the kill cut.
        for (const outcome of outcomes) {
          if (outcome.status === 'rejected')
            expect(String(outcome.reason)).not.toMatch(/submission: |review: /);
        }
        const inFlight = 2 * COUNT - roundUploads - roundReviews;
        expect(inFlight).toBeGreaterThan(0);
        phase(`crash ${round}`);

        // 3. Start again on the same DATA_DIR and database: the killed holder's lock is taken over.
        const restartStart = Date.now();
        server = await startServer(archive);
        const restartMs = Date.now() - restartStart;
        cookie = await signIn(server.url);
        for (const [id, title] of ackedUploads) {
          const res = await api(server.url, 'GET', `/api/admin/submissions/${id}`, cookie);
          expect(res.status, `acknowledged upload ${title}`).toBe(200);
          expect(res.json.submission).toMatchObject({ title, status: 'pending' });
        }
        for (const [id, mediaId] of ackedReviews) {
          const res = await api(server.url, 'GET', `/api/admin/submissions/${id}`, cookie);
          expect(res.json.submission).toMatchObject({ status: 'approved', approvedMedia: { id: mediaId } });
          expect((await api(server.url, 'GET', `/api/media/${mediaId}`, cookie)).status).toBe(200);
        }
        phase(`restart ${round}`);
        figures.push(
          `kill ${round} (after ${killAfter} answers, ${killedAt! - crashStart} ms in): ${roundUploads}/${COUNT} uploads and ` +
            `${roundReviews}/${COUNT} reviews acknowledged, ${inFlight} in flight; restart ${restartMs} ms`,
        );
      }

      // 4. Every thumbnail is made, including those whose job a dead process had claimed, and
      // those of work that committed but whose answer the kill cut (the review list shows all).
      await pollUntil(
        'every derivative is made after the restart',
        async () => {
          const all: { processingStatus: string; approvedMedia: { id: string } | null }[] = [];
          let cursor: string | null = null;
          do {
            const query = `status=all&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
            const page = (await api(server.url, 'GET', `/api/admin/submissions?${query}`, cookie)).json as {
              items: typeof all;
              nextCursor: string | null;
            };
            all.push(...page.items);
            cursor = page.nextCursor;
          } while (cursor);
          expect(all.length).toBeGreaterThanOrEqual(seeds.length + ackedUploads.size);
          for (const submission of all) {
            if (submission.processingStatus !== 'ready') return false;
            if (submission.approvedMedia) {
              const media = await api(server.url, 'GET', `/api/media/${submission.approvedMedia.id}`, cookie);
              if ((media.json.media as { processingStatus: string }).processingStatus !== 'ready')
                return false;
            }
          }
          return true;
        },
        SLOW_POLL,
      );
      if (archive.databaseUrl) {
        // PostgreSQL can be read meanwhile: wait for the queue itself, re-runs included.
        const database = await openArchiveDb(archive);
        try {
          await pollUntil(
            'the derivative jobs are done',
            async () => {
              const left = await sql<{ n: number }>`
              select count(*) as n from jobs where kind = 'derivatives' and status in ('queued', 'running')`.execute(
                database.db,
              );
              return Number(left.rows[0]!.n) === 0;
            },
            SLOW_POLL,
          );
        } finally {
          await database.close();
        }
      }
      phase('derivatives');
      // What the killed process was receiving or making is gone from the scratch area: all of it
      // on PGlite (this process holds DATA_DIR alone); on PostgreSQL instances may share DATA_DIR,
      // so only what nothing touched for a day goes, which none of this is yet.
      const scratchSwept = [
        ...`${output}${server.output()}`.matchAll(/"msg":"scratch files[^"]*","removed":(\d+)/g),
      ].reduce((sum, m) => sum + Number(m[1]), 0);
      const scratchDir = join(archive.dataDir, 'tmp');
      const scratchNow = existsSync(scratchDir) ? readdirSync(scratchDir) : [];
      if (engine === 'pglite') expect(scratchNow).toEqual([]);
      figures.push(
        `${scratchSwept} scratch entries removed at restarts, ${scratchNow.length} left in DATA_DIR/tmp`,
      );
      server.child.kill('SIGTERM');
      expect((await server.exited).code).toBe(0);
      output += `\n--- restarted ---\n${server.output()}`;
      const requeued = [...output.matchAll(/"requeued":(\d+)/g)].reduce((n, m) => n + Number(m[1]), 0);
      figures.push(`${requeued} jobs a killed process had claimed were queued again`);

      // 5. The database after the crashes, read directly: every row's file is in the store.
      const database = await openArchiveDb(archive);
      let owned: Set<string>;
      try {
        const db = database.db;
        const rows = await sql<{ key: string; owner: string }>`
          select file_key as key, 'media_items' as owner from media_items
          union all select file_key, 'documents' from documents
          union all select file_key, 'submissions' from submissions
          union all select file_key, 'derivatives' from derivatives`.execute(db);
        owned = new Set(rows.rows.map((r) => r.key));
        const stored = new Set(storedFiles(archive.dataDir));
        expect(rows.rows.filter((r) => !stored.has(r.key))).toEqual([]);
        expect(
          (
            await sql`select kind, status, last_error from jobs where status in ('running', 'failed')`.execute(
              db,
            )
          ).rows,
          output,
        ).toEqual([]);
        // On PGlite the queue cannot be read while the server runs: a derivative job may still be
        // queued only as a re-run of one whose work was done but not yet marked done at the kill.
        const queued = await sql<{ attempts: number; ready: boolean }>`
          select j.attempts, coalesce(s.processing_status, m.processing_status) = 'ready' as ready
          from jobs j
          left join submissions s on j.payload->>'ownerType' = 'submission' and s.id::text = j.payload->>'ownerId'
          left join media_items m on j.payload->>'ownerType' = 'media' and m.id::text = j.payload->>'ownerId'
          where j.kind = 'derivatives' and j.status = 'queued'`.execute(db);
        for (const job of queued.rows) expect(job).toEqual({ attempts: expect.any(Number), ready: true });
        for (const job of queued.rows) expect(job.attempts).toBeGreaterThan(0);
        const notReady = await sql<{ n: number }>`
          select (select count(*) from submissions where processing_status <> 'ready')
            + (select count(*) from media_items where processing_status <> 'ready') as n`.execute(db);
        expect(Number(notReady.rows[0]!.n)).toBe(0);
        // An approved submission has its item, and every item was made by an approval.
        const approved = await sql<{ id: string; media: string | null }>`
          select s.id, m.id as media from submissions s
          left join media_items m on m.id = s.approved_media_id where s.status = 'approved'`.execute(db);
        for (const row of approved.rows) expect(row.media).not.toBeNull();
        for (const id of ackedReviews.keys()) expect(approved.rows.map((r) => r.id)).toContain(id);
        const media = await sql<{ n: number }>`select count(*) as n from media_items`.execute(db);
        expect(Number(media.rows[0]!.n)).toBe(approved.rows.length);
        figures.push(`${queued.rows.length} re-runs still queued at the end`);
      } finally {
        await database.close();
      }
      phase('database checks');

      // 6. fsck, as if run two hours later (it leaves files younger than an hour alone: an upload
      // may be on its way), with one planted orphan besides what the kills left.
      const planted = 'media/2001/01/planted-orphan.jpg';
      mkdirSync(dirname(join(archive.dataDir, 'files', planted)), { recursive: true });
      writeFileSync(join(archive.dataDir, 'files', planted), 'not owned');
      const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
      for (const key of storedFiles(archive.dataDir)) {
        utimesSync(join(archive.dataDir, 'files', key), twoHoursAgo, twoHoursAgo);
      }
      const orphans = storedFiles(archive.dataDir)
        .filter((key) => !owned.has(key))
        .sort();
      expect(orphans).toContain(planted);

      const report = fsck(archive, false);
      expect(report.problems).toEqual([]);
      expect(report.orphans.sort()).toEqual(orphans);
      expect(report.status, report.stdout + report.stderr).toBe(2);
      const repair = fsck(archive, true);
      expect(repair.orphans.sort()).toEqual(orphans);
      expect(repair.status, repair.stdout + repair.stderr).toBe(0);
      expect(storedFiles(archive.dataDir).filter((key) => !owned.has(key))).toEqual([]);
      const clean = fsck(archive, false);
      expect(clean.stdout).toContain('All files are intact.');
      expect(clean.status).toBe(0);
      phase('fsck x3');

      const leftovers = orphans.filter((key) => key.includes('.tmp-')).length;

      figures.push(
        `${orphans.length - 1} crash orphans (${leftovers} temporary files of interrupted writes) + 1 planted found and removed`,
      );
      console.log(
        `crash safety (${engine}): ${figures.join('; ')}; run ${Date.now() - started} ms (${phases.join(', ')})`,
      );
    } finally {
      await archive.drop();
    }
  });
});
