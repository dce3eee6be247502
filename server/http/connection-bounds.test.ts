import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom, createTestApp, listen, TEST_ORIGIN, type TestApp } from '#server/test/harness.ts';

/** Short bounds, so the tests take seconds; production's are a minute and half a minute. */
const REQUEST_TIMEOUT_MS = 1000;
const IDLE_TIMEOUT_MS = 1000;
const PER_CLIENT = 4;
/** How long past its bound an ended connection may take to close (timers, a busy machine). */
const SLACK_MS = 2500;

let t: TestApp;
let base: string;
let port: number;
beforeAll(async () => {
  t = await createTestApp({
    config: {
      requestTimeoutMs: REQUEST_TIMEOUT_MS,
      idleTimeoutMs: IDLE_TIMEOUT_MS,
      connectionsPerClient: PER_CLIENT,
    },
  });
  base = await listen(t);
  port = Number(new URL(base).port);
});
afterAll(() => t.close());

interface Raw {
  socket: Socket;
  /** Everything the server sent, once it closed the connection; rejects if it has not within `ms`. */
  closed(ms: number): Promise<{ text: string; afterMs: number }>;
  isOpen(): boolean;
}

/** A raw connection that has sent `head` (request line and headers, and any body so far). */
async function rawRequest(head: string, localAddress = '127.0.0.1'): Promise<Raw> {
  const socket = connect({ host: '127.0.0.1', port, localAddress });
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const sentAt = performance.now();
  let text = '';
  let open = true;
  socket.on('data', (chunk: Buffer) => {
    text += chunk.toString('latin1');
  });
  socket.on('error', () => {});
  const ended = new Promise<number>((resolve) =>
    socket.once('close', () => {
      open = false;
      resolve(performance.now() - sentAt);
    }),
  );
  socket.write(head);
  return {
    socket,
    isOpen: () => open,
    async closed(ms) {
      let timer: NodeJS.Timeout | undefined;
      const limit = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`still open after ${ms} ms; received: ${text}`)), ms);
      });
      try {
        const afterMs = await Promise.race([ended, limit]);
        return { text, afterMs };
      } finally {
        clearTimeout(timer);
        socket.destroy();
      }
    },
  };
}

/** Writes one byte every `everyMs` until stopped (a sender on the slowest line there is). */
function dribble(socket: Socket, everyMs: number) {
  const timer = setInterval(() => {
    if (!socket.destroyed) socket.write('a');
  }, everyMs);
  return () => clearInterval(timer);
}

const slowPost = (path: string, extra = '') =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${TEST_ORIGIN}\r\nContent-Type: application/json\r\nContent-Length: 10000\r\n${extra}\r\n{"title":"`;

const statusOf = (text: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
const bodyOf = (text: string) => JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as { code: string };

describe('a request body that arrives too slowly', () => {
  it('is answered 408 REQUEST_TIMEOUT and its connection closed within the request timeout', async () => {
    const raw = await rawRequest(slowPost('/api/submissions'));
    // A byte every 200 ms: never idle, but never done either.
    const stop = dribble(raw.socket, 200);
    try {
      const { text, afterMs } = await raw.closed(REQUEST_TIMEOUT_MS + SLACK_MS);
      console.log(
        `  slow body ended after ${afterMs.toFixed(0)} ms (request timeout ${REQUEST_TIMEOUT_MS} ms)`,
      );
      expect(statusOf(text)).toBe(408);
      expect(bodyOf(text)).toEqual({
        code: 'REQUEST_TIMEOUT',
        message: 'The request took too long to arrive; please try again.',
      });
      expect(afterMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 50);
    } finally {
      stop();
    }
  });
});

describe('a resumable upload (tus PATCH)', () => {
  async function createUpload() {
    const created = await fetch(`${base}/api/uploads`, {
      method: 'POST',
      headers: { 'tus-resumable': '1.0.0', 'upload-length': '10000', origin: TEST_ORIGIN },
    });
    expect(created.status).toBe(201);
    return {
      path: new URL(created.headers.get('location')!, base).pathname,
      cookie: cookieFrom(created.headers.getSetCookie()),
    };
  }
  const patch = (upload: { path: string; cookie: string }) =>
    `PATCH ${upload.path} HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${TEST_ORIGIN}\r\nCookie: ${upload.cookie}\r\nTus-Resumable: 1.0.0\r\nUpload-Offset: 0\r\nContent-Type: application/offset+octet-stream\r\nContent-Length: 10000\r\n\r\n${'x'.repeat(100)}`;

  it('may take longer than the request timeout while its bytes keep coming', async () => {
    const raw = await rawRequest(patch(await createUpload()));
    const stop = dribble(raw.socket, 200);
    // Open past twice the request timeout: a file body is bound by idleness, not by time.
    const openSince = performance.now();
    await expect
      .poll(() => (raw.isOpen() ? performance.now() - openSince : -1), { timeout: 10_000, interval: 100 })
      .toBeGreaterThan(2 * REQUEST_TIMEOUT_MS);
    stop();
    // Then stalled: ended within the idle timeout.
    const stalledAt = performance.now();
    await raw.closed(IDLE_TIMEOUT_MS + SLACK_MS);
    console.log(
      `  stalled tus PATCH ended ${(performance.now() - stalledAt).toFixed(0)} ms after its last byte`,
    );
  });

  it('that stalls is ended after the idle timeout', async () => {
    const raw = await rawRequest(patch(await createUpload()));
    const { afterMs } = await raw.closed(IDLE_TIMEOUT_MS + SLACK_MS);
    expect(afterMs).toBeGreaterThanOrEqual(IDLE_TIMEOUT_MS - 50);
  });
});

describe('requests in progress from one address', () => {
  it(`are refused past ${PER_CLIENT} with 429 TOO_MANY_CONNECTIONS, while another address gets through`, async () => {
    const held = await Promise.all(
      Array.from({ length: PER_CLIENT }, () => rawRequest(slowPost('/api/submissions'))),
    );
    // Asked again until the server has read the held ones' headers (each asking ends at once).
    let text = '';
    await expect
      .poll(async () => {
        const probe = await rawRequest(
          'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
        );
        text = (await probe.closed(SLACK_MS)).text;
        return statusOf(text);
      })
      .toBe(429);
    expect(bodyOf(text)).toEqual({
      code: 'TOO_MANY_CONNECTIONS',
      message: 'Too many requests from your address at once; please wait a moment and try again.',
    });

    const other = await rawRequest(
      'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
      '127.0.0.2',
    );
    expect(statusOf((await other.closed(SLACK_MS)).text)).toBe(200);

    // Once those end, the first address is served again.
    for (const r of held) r.socket.destroy();
    await expect
      .poll(async () => (await fetch(`${base}/api/health`)).status, { timeout: 5000, interval: 100 })
      .toBe(200);
  });
});

describe('requests in progress from one address behind the proxy (TRUST_PROXY=1)', () => {
  let proxied: TestApp;
  let proxiedPort: number;
  beforeAll(async () => {
    proxied = await createTestApp({
      config: {
        trustProxy: 1,
        requestTimeoutMs: 20_000,
        idleTimeoutMs: 20_000,
        connectionsPerClient: PER_CLIENT,
      },
    });
    proxiedPort = Number(new URL(await listen(proxied)).port);
  });
  afterAll(() => proxied.close());

  it('are counted by the address the proxy names, not the proxy', async () => {
    const held: Socket[] = [];
    for (let i = 0; i < PER_CLIENT; i++) {
      const socket = connect({ host: '127.0.0.1', port: proxiedPort });
      socket.on('error', () => {});
      socket.write(slowPost('/api/submissions', 'X-Forwarded-For: 203.0.113.7\r\n'));
      held.push(socket);
    }
    const health = (address: string) =>
      fetch(`http://127.0.0.1:${proxiedPort}/api/health`, { headers: { 'x-forwarded-for': address } });
    try {
      await expect.poll(async () => (await health('203.0.113.7')).status).toBe(429);
      expect((await health('203.0.113.8')).status).toBe(200);
    } finally {
      for (const socket of held) socket.destroy();
    }
  });
});
