import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';

const lines: Record<string, unknown>[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
  });
});
afterAll(() => t.close());

describe('the request log', () => {
  it('writes one line for each request: who asked what, the status and how long it took', async () => {
    lines.length = 0;
    const health = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '192.0.2.7' });
    expect(health.statusCode).toBe(200);
    const missing = await t.app.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(missing.statusCode).toBe(404);
    const requests = lines.filter((line) => 'req' in line || 'res' in line);
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET', url: '/api/health', remoteAddress: '192.0.2.7' },
      res: { statusCode: 200 },
    });
    expect(requests[1]).toMatchObject({ req: { url: '/api/no-such-route' }, res: { statusCode: 404 } });
    for (const line of requests) {
      expect(line.reqId).toEqual(expect.any(String));
      expect(line.responseTime).toEqual(expect.any(Number));
    }
  });
});
