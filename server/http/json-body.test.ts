import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERAL_SETTING_KEYS } from '#common/settings.ts';
import { asRole, buildMedia } from '#server/test/factories.ts';
import { describeStall, measureStall } from '#server/test/event-loop.ts';
import { createTestApp, listen, TEST_ORIGIN, type TestApp } from '#server/test/harness.ts';
import { BODY_LIMITS, MAX_JSON_DEPTH } from './json-body.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const json = { 'content-type': 'application/json' };
/** `{"title":[[…"x"…]]}`: the object and `arrays` arrays inside it. */
const nested = (arrays: number) => `{"title":${'['.repeat(arrays)}"x"${']'.repeat(arrays)}}`;
/** The reviewer's body: 1 MB of nesting, 500,000 levels deep. */
const HUGE = nested(500_000);
/** Text at its longest, in characters of 3 bytes each (UTF-8's most for the texts people write). */
const longest = (characters: number) => '€'.repeat(characters);

describe('a JSON body nested too deep', () => {
  it(`passes at ${MAX_JSON_DEPTH} levels and is refused at ${MAX_JSON_DEPTH + 1}, before its fields are read`, async () => {
    const anonymous = await asRole(t, 'anonymous');
    const atLimit = await anonymous.post('/api/submissions', nested(MAX_JSON_DEPTH - 1), json);
    expect(atLimit.statusCode).toBe(400);
    expect(atLimit.json()).toMatchObject({ code: 'VALIDATION_ERROR' });

    const over = await anonymous.post('/api/submissions', nested(MAX_JSON_DEPTH), json);
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({
      code: 'BODY_TOO_DEEP',
      message: `The request body is nested more than ${MAX_JSON_DEPTH} levels deep.`,
    });
  });

  it('counts brackets inside strings as text, not nesting', async () => {
    const editor = await asRole(t, 'editor');
    const media = await buildMedia(t, {});
    const title = `${'[{'.repeat(40)}"\\"`;
    const res = await editor.patch(`/api/admin/media/${media.id}`, JSON.stringify({ title }), json);
    expect(res.statusCode).toBe(200);
    expect(res.json().media.title).toBe(title);
  });

  it('is refused quickly at 500,000 levels, on a route that takes 2 MB', async () => {
    const editor = await asRole(t, 'editor');
    const started = performance.now();
    const res = await editor.post('/api/admin/slideshows', HUGE, json);
    const tookMs = performance.now() - started;
    console.log(
      `  500,000 levels deep (${(HUGE.length / 1e6).toFixed(1)} MB): ${res.statusCode} in ${tookMs.toFixed(0)} ms`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BODY_TOO_DEEP' });
    expect(tookMs).toBeLessThan(1000);
  });
});

describe('a JSON body over its route limit', () => {
  it('is a 413 BODY_TOO_LARGE where the route takes a few KB (anonymous submission, sign-in)', async () => {
    const anonymous = await asRole(t, 'anonymous');
    const submission = await anonymous.post('/api/submissions', HUGE, json);
    expect(submission.statusCode).toBe(413);
    expect(submission.json()).toEqual({
      code: 'BODY_TOO_LARGE',
      message: `The request body is too large (at most ${BODY_LIMITS.texts / 1024} KB here).`,
    });
    const signIn = await anonymous.post(
      '/api/auth/sign-in/email',
      JSON.stringify({ email: 'a@example.org', password: longest(BODY_LIMITS.small / 3) }),
      json,
    );
    expect(signIn.statusCode).toBe(413);
    expect(signIn.json()).toMatchObject({ code: 'BODY_TOO_LARGE' });
  });

  it('is taken at the longest each route allows: an item, a slideshow, the settings, a translation', async () => {
    const admin = await asRole(t, 'admin');
    const media = await buildMedia(t, {});
    const item = await admin.patch(`/api/admin/media/${media.id}`, {
      title: longest(300),
      description: longest(10_000),
      historicalContext: longest(10_000),
      technicalNotes: longest(10_000),
      photographer: longest(300),
      location: longest(300),
      // The longest date one writes, spaced out to the field's 100 characters (common/dates).
      originalDate: 'millum 14. september 1952 og 14. desember 1959'.replace(' ', ' '.repeat(55)),
      source: longest(500),
      copyrightHolder: longest(300),
      attributionText: longest(1000),
      keywords: Array.from({ length: 50 }, (_, i) => `${longest(50)}${i}`),
    });
    expect(item.statusCode).toBe(200);

    const slides = Array.from({ length: 500 }, () => ({
      mediaId: randomUUID(),
      duration: 3600,
      caption: longest(500),
    }));
    const slideshow = await admin.post('/api/admin/slideshows', {
      title: longest(300),
      description: longest(2000),
      slides,
    });
    expect(slideshow.json().code).not.toBe('BODY_TOO_LARGE');
    expect(slideshow.statusCode).not.toBe(413);

    const settings = await admin.put('/api/admin/settings', {
      settings: Object.fromEntries(GENERAL_SETTING_KEYS.map((key) => [key, longest(2000)])),
    });
    expect(settings.json().code).not.toBe('BODY_TOO_LARGE');
    expect(settings.statusCode).not.toBe(413);

    const translation = await admin.post('/api/admin/translations', {
      key: `k.${'x'.repeat(190)}`,
      faroeseText: longest(10_000),
      englishText: longest(10_000),
      context: longest(1000),
      component: longest(200),
    });
    expect(translation.statusCode).toBe(201);
  });
});

/**
 * A process of its own that sends `count` bodies at once when told to (as a sender elsewhere
 * would: the test's own event loop only serves and measures, and the spawning is not measured).
 */
function senderElsewhere() {
  const script = `
    const [url, headers, body, count] = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));
    Promise.all(Array.from({ length: count }, async () => {
      const res = await fetch(url, { method: 'POST', headers, body });
      return { status: res.status, code: (await res.json()).code };
    })).then((answers) => console.log(JSON.stringify(answers)));`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk;
  });
  const done = new Promise<{ status: number; code: string }[]>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', () => resolve(JSON.parse(out)));
  });
  return {
    send(url: string, headers: Record<string, string>, body: string, count: number) {
      child.stdin.end(JSON.stringify([url, headers, body, count]));
      return done;
    },
  };
}

describe('/api/health while 8 bodies 500,000 levels deep arrive', () => {
  it('stays quick: the main thread is never held long (p99 of /api/health printed)', async () => {
    const base = await listen(t);
    const editor = await asRole(t, 'editor');
    const times: number[] = [];
    const health = async () => {
      const started = performance.now();
      const res = await fetch(`${base}/api/health`);
      await res.arrayBuffer();
      times.push(performance.now() - started);
      return res.status;
    };
    await health();
    times.length = 0;
    const sender = senderElsewhere();
    const { result: answers, stall } = await measureStall(
      () =>
        sender.send(
          `${base}/api/admin/slideshows`,
          { ...json, origin: TEST_ORIGIN, cookie: editor.cookie! },
          HUGE,
          8,
        ),
      health,
    );
    times.sort((a, b) => a - b);
    const p99 = times[Math.min(times.length - 1, Math.ceil(times.length * 0.99) - 1)]!;
    console.log(`  /api/health under 8 × 1 MB nested bodies: p99 ${p99.toFixed(1)} ms`);
    console.log(describeStall('8 × 1 MB nested bodies', stall));
    expect(answers).toEqual(Array(8).fill({ status: 400, code: 'BODY_TOO_DEEP' }));
    // Each one held the event loop about 2 s before (JSON.parse of the nesting, then the NUL
    // check's stack overflow). The main thread's own CPU time is asserted, not the wall clock,
    // which on a busy shared machine counts the others' processes too.
    expect(stall.heldMs).toBeLessThan(100);
  });
});
