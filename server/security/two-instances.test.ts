import type { ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, stopServer } from '../../bench/lib/server.ts';
import { readOutbox } from '../mail/read-outbox.ts';
import { S3_UPLOAD_PREFIX } from '../features/uploads/s3-upload-store.ts';
import { NOTIFY_SUBMITTER_JOB } from '../features/submissions/submission-notices.ts';
import { freePort } from '../../scripts/lib/local-chromium.ts';
import { pollUntil } from '../test/poll.ts';
import { startS3rver } from '../test/s3rver.ts';
import { type ScratchPostgres, scratchPostgres } from '../test/scratch-postgres.ts';

/**
 * Several instances (issue 13 part 7): two real server processes (server/main.ts) on one
 * PostgreSQL database and one S3-compatible store (s3rver), each with a DATA_DIR of its own, as
 * behind a load balancer. A session made on one works on the other, a rate limit counts requests
 * to both, a change made on one reaches a live stream held by the other and empties its kept
 * public answers, a queued job runs once, and a resumable upload begun on one is finished on the
 * other with the same bytes stored.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
const PUBLIC_URL = 'http://archive.test';
const ADMIN = { email: 'two-admin@example.org', password: 'two-instances-password-1' };
const BUCKET = 'two-instances';

const reason = databaseUrl
  ? ''
  : ' — SKIPPED: TEST_DATABASE_URL is not set (two instances need a shared PostgreSQL; CI sets it)';

describe.skipIf(!databaseUrl)(`two server instances on one PostgreSQL and one S3${reason}`, () => {
  let s3: Awaited<ReturnType<typeof startS3rver>>;
  let database: ScratchPostgres;
  const dataDirs: string[] = [];
  const children: ChildProcess[] = [];
  let a = '';
  let b = '';
  /** Warnings and errors the instances logged, shown when a check fails. */
  const errors: string[] = [];

  beforeAll(async () => {
    s3 = await startS3rver([BUCKET]);
    database = await scratchPostgres({ prefix: 'archive_two' });
    const start = async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'two-instances-'));
      dataDirs.push(dataDir);
      const port = await freePort();
      const child = await startServer({
        port,
        dataDir,
        webDir: join(dataDir, 'no-web-build'),
        onLine: (line) => {
          if (line.includes('"level":50') || line.includes('"level":40')) errors.push(line.slice(0, 2000));
        },
        env: {
          DATABASE_URL: database.url,
          S3_BUCKET: BUCKET,
          S3_ENDPOINT: s3.endpoint,
          S3_REGION: 'us-east-1',
          S3_ACCESS_KEY_ID: s3.credentials.accessKeyId,
          S3_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
          // Every instance signs sessions with the same secret (docs/production.md).
          SESSION_SECRET: 'two-instances-shared-secret-0123456789abcdef',
          PUBLIC_URL,
          ADMIN_EMAIL: ADMIN.email,
          ADMIN_PASSWORD: ADMIN.password,
          SMTP_URL: '',
          // The test plays the proxy: each part below comes from an address of its own.
          TRUST_PROXY: '1',
          // Kept answers live long here, so only the other instance's word can empty them in time.
          PAGE_CACHE_MS: '60000',
          TEST_DB_ENGINE: '',
          VITEST: '',
        },
      });
      children.push(child);
      return `http://127.0.0.1:${port}`;
    };
    // One after the other: the first migrates the empty database.
    a = await start();
    b = await start();
  }, 180_000);

  afterAll(async () => {
    if (errors.length > 0) console.log(`What the instances logged:\n${errors.join('\n')}`);
    for (const child of children) await stopServer(child);
    await database?.drop({ force: true });
    await s3?.close();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  const request = (
    base: string,
    method: string,
    path: string,
    options: { cookie?: string; from?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) =>
    fetch(`${base}${path}`, {
      method,
      headers: {
        origin: PUBLIC_URL,
        'x-forwarded-for': options.from ?? '198.51.100.1',
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });

  const cookieOf = (res: Response) =>
    res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');

  let adminCookie = '';

  it('a session made on one instance is valid on the other', async () => {
    const signIn = await request(a, 'POST', '/api/auth/sign-in/email', {
      body: ADMIN,
      from: '198.51.100.10',
    });
    expect(signIn.status).toBe(200);
    adminCookie = cookieOf(signIn);
    const me = await request(b, 'GET', '/api/me', { cookie: adminCookie });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { email: string } | null }).user?.email).toBe(ADMIN.email);
    // Signed out on B: the session is gone on A too.
    const signOut = await request(b, 'POST', '/api/auth/sign-out', { cookie: adminCookie, body: {} });
    expect(signOut.status).toBe(200);
    const after = await request(a, 'GET', '/api/me', { cookie: adminCookie });
    expect(((await after.json()) as { user: unknown }).user).toBeNull();
    // A new session for the rest of the test.
    const again = await request(b, 'POST', '/api/auth/sign-in/email', { body: ADMIN, from: '198.51.100.11' });
    expect(again.status).toBe(200);
    adminCookie = cookieOf(again);
  });

  it('rate limits count the requests to both instances per address; an account guessed at on both still lets its owner in', async () => {
    const attempt = (base: string, email: string, from: string) =>
      request(base, 'POST', '/api/auth/sign-in/email', {
        body: { email, password: 'wrong-password-1' },
        from,
      });
    // Ten sign-ins a minute from one address (each for another account): five to each instance
    // are all taken, and the eleventh is refused by either, though each has seen five or six.
    for (let i = 0; i < 10; i++) {
      expect((await attempt(i % 2 === 0 ? a : b, `nobody-${i}@example.org`, '198.51.100.20')).status).toBe(
        401,
      );
    }
    expect((await attempt(a, 'nobody-10@example.org', '198.51.100.20')).status).toBe(429);
    expect((await attempt(b, 'nobody-11@example.org', '198.51.100.20')).status).toBe(429);
    // Ten wrong passwords for one account from ten addresses, alternating: the failures are counted
    // on both (auth/account-lockout.ts), yet its owner, from an address that has not been failing,
    // is never refused on either (issue 30 B5: nobody can lock another's account).
    for (let i = 0; i < 10; i++) {
      expect((await attempt(i % 2 === 0 ? a : b, ADMIN.email, `203.0.113.${i + 1}`)).status).toBe(401);
    }
    for (const [base, from] of [
      [a, '203.0.113.50'],
      [b, '203.0.113.51'],
    ] as const) {
      const owner = await request(base, 'POST', '/api/auth/sign-in/email', { body: ADMIN, from });
      expect(owner.status).toBe(200);
    }
  });

  it('an account deactivated on one instance loses the live stream it holds on the other', async () => {
    const editor = { email: 'two-editor@example.org', password: 'two-editor-password-1' };
    const created = await request(a, 'POST', '/api/admin/users', {
      cookie: adminCookie,
      body: { ...editor, role: 'editor' },
    });
    expect(created.status).toBe(201);
    const editorId = ((await created.json()) as { user: { id: string } }).user.id;
    const signIn = await request(b, 'POST', '/api/auth/sign-in/email', {
      body: editor,
      from: '198.51.100.12',
    });
    expect(signIn.status).toBe(200);
    const stream = await fetch(`${b}/api/admin/submissions/events`, {
      headers: { cookie: cookieOf(signIn) },
    });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    await reader.read();
    const deactivated = await request(a, 'PATCH', `/api/admin/users/${editorId}/active`, {
      cookie: adminCookie,
      body: { isActive: false },
    });
    expect(deactivated.status).toBe(200);
    // B ends the stream (the browser would reconnect and be refused); only heartbeats would come otherwise.
    expect(await endOrTimeout(reader)).toBe('ended');
    await reader.cancel().catch(() => {});
  });

  it('an upload begun on one instance goes on on the other; its submission reaches a stream held by the other; approving it empties the other instance`s kept answers; its job runs once', async () => {
    // A real photograph-sized file (noise does not compress): more than one S3 part.
    const image = await sharp(randomBytes(1600 * 1400 * 3), {
      raw: { width: 1600, height: 1400, channels: 3 },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const sha256 = createHash('sha256').update(image).digest('hex');
    const from = '198.51.100.30';

    // The live review stream, held by B.
    const stream = new AbortController();
    const events = await fetch(`${b}/api/admin/submissions/events`, {
      headers: { cookie: adminCookie },
      signal: stream.signal,
    });
    expect(events.status).toBe(200);
    const reader = events.body!.getReader();
    let received = '';
    /** Reads the stream until `text` arrived; fails after 15 s. */
    const waitForEvent = async (text: string) => {
      const deadline = Date.now() + 15_000;
      while (!received.includes(text)) {
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`no "${text}" on the stream:\n${received}`)),
            deadline - Date.now(),
          );
        });
        try {
          const { value, done } = await Promise.race([reader.read(), timeout]);
          if (done) throw new Error(`the stream ended:\n${received}`);
          received += new TextDecoder().decode(value);
        } finally {
          clearTimeout(timer);
        }
      }
    };

    await waitForEvent('retry:');

    // The public summary as B keeps it (60 s here) before anything exists.
    const summaryOnB = async () =>
      ((await (await request(b, 'GET', '/api/gallery/summary')).json()) as { totalItems: number }).totalItems;
    expect(await summaryOnB()).toBe(0);

    // Begun on A: created, and the first part sent.
    const created = await request(a, 'POST', '/api/uploads', {
      from,
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': String(image.length),
        'upload-metadata': `filename ${Buffer.from('noise.png').toString('base64')}`,
      },
    });
    expect(created.status).toBe(201);
    const uploaderCookie = cookieOf(created);
    const uploadId = created.headers.get('location')!.split('/').pop()!;
    const firstPart = 6 * 1024 * 1024 + 12_345;
    const patch = (base: string, offset: number, bytes: Buffer) =>
      fetch(`${base}/api/uploads/${uploadId}`, {
        method: 'PATCH',
        headers: {
          'x-forwarded-for': from,
          cookie: uploaderCookie,
          'tus-resumable': '1.0.0',
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        },
        body: new Uint8Array(bytes),
      });
    const first = await patch(a, 0, image.subarray(0, firstPart));
    expect(first.status, await first.clone().text()).toBe(204);
    expect(first.headers.get('upload-offset')).toBe(String(firstPart));

    // Continued on B, which has no file of its own: it asks where the upload stands, sends the rest.
    const head = await request(b, 'HEAD', `/api/uploads/${uploadId}`, {
      from,
      cookie: uploaderCookie,
      headers: { 'tus-resumable': '1.0.0' },
    });
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(String(firstPart));
    const rest = await patch(b, firstPart, image.subarray(firstPart));
    expect(rest.status).toBe(204);
    expect(rest.headers.get('upload-offset')).toBe(String(image.length));
    // The bytes were in the bucket (under the uploads' own prefix), not on either instance's disk.
    const listed = await new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: s3.credentials,
    }).send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: S3_UPLOAD_PREFIX }));
    expect(listed.Contents?.map((o) => o.Key)).toContain(`${S3_UPLOAD_PREFIX}${uploadId}/info`);

    // Sent as a submission on A; B's stream hears of it.
    const submitted = await request(a, 'POST', '/api/submissions', {
      from,
      cookie: uploaderCookie,
      body: { uploadId, title: 'Sent through two instances', submitterEmail: 'sender@example.org' },
    });
    expect(submitted.status).toBe(201);
    const submissionId = ((await submitted.json()) as { submission: { id: string } }).submission.id;
    await waitForEvent(`"id":"${submissionId}"`);

    // The stored original is the bytes sent, byte for byte.
    const detail = (await (
      await request(b, 'GET', `/api/admin/submissions/${submissionId}`, { cookie: adminCookie })
    ).json()) as { submission: { originalUrl: string } };
    const original = await request(b, 'GET', detail.submission.originalUrl, { cookie: adminCookie });
    expect(original.status).toBe(200);
    expect(
      createHash('sha256')
        .update(Buffer.from(await original.arrayBuffer()))
        .digest('hex'),
    ).toBe(sha256);

    // Approved on A: B's kept summary is dropped at once, not after its 60 s.
    const approved = await request(a, 'PATCH', `/api/admin/submissions/${submissionId}`, {
      cookie: adminCookie,
      body: { status: 'approved' },
    });
    expect(approved.status).toBe(200);
    await pollUntil(
      "B drops its kept summary (it answers A's new item)",
      async () => (await summaryOnB()) === 1,
      {
        timeoutMs: 10_000,
        everyMs: 100,
      },
    );
    await waitForEvent('"status":"approved"');
    stream.abort();

    // The approval queued one notice to the sender; twenty more are queued at once behind the
    // instances' backs. Both runners poll the queue; each job runs once: one mail each, in
    // either instance's outbox, never two.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query(
        `insert into jobs (kind, payload) select $1, $2::jsonb from generate_series(1, 20)`,
        [NOTIFY_SUBMITTER_JOB, JSON.stringify({ submissionId, status: 'approved' })],
      );
      const jobsDone = async () => {
        const { rows } = await client.query<{ status: string; attempts: number }>(
          'select status, attempts from jobs where kind = $1',
          [NOTIFY_SUBMITTER_JOB],
        );
        return rows;
      };
      const jobs = await pollUntil(
        'every job is done',
        async () => {
          const rows = await jobsDone();
          return rows.every((job) => job.status === 'done') && rows;
        },
        { timeoutMs: 60_000, everyMs: 250 },
      );
      expect(jobs).toHaveLength(21);
      expect(jobs.every((job) => job.attempts === 1)).toBe(true);
    } finally {
      await client.end();
    }
    const notices = dataDirs
      .flatMap((dir) => readOutbox(join(dir, 'outbox')))
      .filter((mail) => mail.includes('sender@example.org'));
    expect(notices).toHaveLength(21);
  }, 240_000);

  it('what one instance says while the other is not listening is not lost: the other drops its kept answers and ends its streams when it listens again', async () => {
    const summaryOnB = async () =>
      ((await (await request(b, 'GET', '/api/gallery/summary')).json()) as { totalItems: number }).totalItems;
    const items = (await (await request(a, 'GET', '/api/gallery')).json()) as { items: { id: string }[] };
    expect(items.items).toHaveLength(1);
    // Kept by B (60 s here), and a stream held on B.
    expect(await summaryOnB()).toBe(1);
    const stream = await fetch(`${b}/api/admin/submissions/events`, { headers: { cookie: adminCookie } });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    await reader.read();

    // B's listening connection drops (a restarted PostgreSQL, a network blip): found by the
    // ports of B's own sockets to the database, and ended by the database. (By its sockets to the
    // database only: a connection to elsewhere — B's to the S3 store — may have the same local
    // port as one of A's to the database, and A's listening connection then matched too.)
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ pid: number }>(
        `select pid from pg_stat_activity
          where datname = current_database() and client_port = any($1::int[])
            and (query ilike 'listen %' or query ilike 'select pg_notify%')`,
        [[...localPortsOf(children[1]!.pid!, Number(new URL(database.url).port || 5432))]],
      );
      expect(rows).toHaveLength(1);
      await client.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
    } finally {
      await client.end();
    }
    // Hidden on A before B listens again (B waits a second before it connects again).
    const hidden = await request(a, 'PATCH', `/api/admin/media/${items.items[0]!.id}`, {
      cookie: adminCookie,
      body: { isPublic: false },
    });
    expect(hidden.status).toBe(200);

    // B cannot have heard it, yet its kept summary is dropped and its stream ends once it is back.
    expect(await endOrTimeout(reader)).toBe('ended');
    expect(await summaryOnB()).toBe(0);
    await reader.cancel().catch(() => {});
  });
});

/** 'ended' once the server ends the stream, or 'still open' after 10 s (heartbeats aside). */
async function endOrTimeout(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<string> {
  const ended = (async () => {
    for (;;) if ((await reader.read()).done) return 'ended';
  })();
  const waited = new Promise<string>((r) => setTimeout(() => r('still open'), 10_000).unref());
  return Promise.race([ended, waited]);
}

/**
 * The local ports of a process's TCP sockets connected to `remotePort` (Linux: its socket
 * descriptors matched in /proc/net).
 */
function localPortsOf(pid: number, remotePort: number): Set<number> {
  const inodes = new Set(
    readdirSync(`/proc/${pid}/fd`).flatMap((fd) => {
      try {
        return /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1] ?? [];
      } catch {
        return [];
      }
    }),
  );
  const ports = new Set<number>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const columns = line.trim().split(/\s+/);
      const portOf = (address: string) => Number.parseInt(address.split(':').at(-1)!, 16);
      if (columns.length > 9 && inodes.has(columns[9]!) && portOf(columns[2]!) === remotePort)
        ports.add(portOf(columns[1]!));
    }
  }
  return ports;
}
