import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDefaultTexts } from '../features/translations/seed-default-texts.ts';
import { textFile } from '../test/fixtures.ts';
import { buildUser, createTestApp, signIn, TEST_ORIGIN, type TestApp } from '../test/harness.ts';
import { multipartUpload } from '../test/multipart.ts';

// What a visitor on a weak connection downloads: the built app pre-compressed at build time, API
// answers compressed on the fly, and files sent as stored (ranges address the stored bytes). The
// pages themselves are compressed per request (server/web/web-app.test.ts).
let t: TestApp;
let webDir: string;
const script = `console.log(${JSON.stringify('Gøta '.repeat(2000))});`;
const html = `<!doctype html><html lang="fo"><head><title>Myndasavn</title></head><body>${'<!-- x -->'.repeat(300)}<div id="root"></div></body></html>`;

beforeAll(async () => {
  webDir = mkdtempSync(join(tmpdir(), 'archive-web-'));
  mkdirSync(join(webDir, 'assets'));
  for (const [path, content] of [
    ['index.html', html],
    ['assets/app-abc123.js', script],
  ] as const) {
    writeFileSync(join(webDir, path), content);
    writeFileSync(join(webDir, `${path}.br`), brotliCompressSync(content));
    writeFileSync(join(webDir, `${path}.gz`), gzipSync(content));
  }
  t = await createTestApp({ webDir });
  await seedDefaultTexts(t.db);
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe('compression', () => {
  it('sends the pre-compressed build to browsers that accept it, and the plain file to others', async () => {
    const br = await t.app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);

    const gz = await t.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await t.app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('compresses API answers of 1 KB or more', async () => {
    const res = await t.app.inject({
      url: '/api/translations?lang=fo',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    const body = JSON.parse(gunzipSync(res.rawPayload).toString());
    expect(Object.keys(body.messages).length).toBeGreaterThan(100);
    const small = await t.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('sends stored files as they are, so byte ranges stay exact', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    const cookie = await signIn(t, admin.email, admin.password);
    const path = await textFile('Mentanardagar í Gøtu\n'.repeat(500), 'mentanardagar.txt');
    const { payload, headers } = multipartUpload({ title: 'Skrá' }, { path });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/documents',
      payload,
      headers: { ...headers, cookie, origin: TEST_ORIGIN },
    });
    expect(created.statusCode, created.body).toBe(201);
    const url = created.json().document.url;
    const whole = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.body).toBe('Mentanardagar í Gøtu\n'.repeat(500));
    const part = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip', range: 'bytes=0-12' } });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('Mentanardagar');
  });
});
