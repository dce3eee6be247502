import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  asRole,
  buildCategory,
  buildDocument,
  buildMediaMany,
  buildSlideshow,
  buildSubmission,
  type RoleClient,
} from '#server/test/factories.ts';
import { createTestApp, listen, TEST_ORIGIN, type TestApp } from '#server/test/harness.ts';

/**
 * Property-based fuzzing of every JSON route: bodies, query strings and path parameters drawn from
 * each route's own zod schema (through its JSON Schema) mixed with arbitrary JSON and hostile text,
 * sent as an admin (so the handlers run) and anonymously. No answer may be a 5xx and no promise may
 * be left rejected. Routes that are not JSON (tus, multipart file uploads, the event stream, the
 * auth library's own routes, /files) are covered by their own tests and the hostile-upload corpus.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  additionalProperties?: boolean | JsonSchema;
};

/** Text an attacker would try: NUL and other controls, bidi overrides, lone surrogates, SQL, long runs. */
const hostileText = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\u202Egpj.exe',
    '\uD800',
    "' OR 1=1 --",
    '%',
    '_',
    '\\',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    'null',
    '-1',
    '1e309',
    'NaN',
    '9'.repeat(40),
    'x'.repeat(5000),
    '2026-13-45',
    '00000000-0000-0000-0000-000000000000',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

const number = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -1, 1, 2 ** 31, 2 ** 53, -(2 ** 53), 1e308, 0.5),
);

/** A crafted page cursor: base64url JSON of key values near and past what each key type allows. */
const cursor = fc
  .array(
    fc.oneof(
      fc.uuid(),
      fc.constantFrom(
        '2026-02-30 10:00:00+00',
        '2026-11-22 22:55:50.075123+00',
        '9999-12-31 23:59:59.999999+15:59',
        '1000-01-01 00:00:00-15',
        '2147483647',
        '-2147483648',
        '999999999999999999',
        'true',
        '',
        '\uD800',
      ),
      fc.string({ maxLength: 20 }),
      fc.jsonValue({ maxDepth: 1 }),
    ),
    { minLength: 0, maxLength: 4 },
  )
  .map((keys) => Buffer.from(JSON.stringify(keys)).toString('base64url'));

function fromSchema(schema: JsonSchema | undefined, depth = 0, key = ''): fc.Arbitrary<unknown> {
  if (key === 'cursor') return fc.oneof(cursor, hostileText);
  if (!schema || depth > 4) return fc.jsonValue({ maxDepth: 2 });
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union?.length) return fc.oneof(...union.map((s) => fromSchema(s, depth + 1)));
  if (schema.allOf?.length) return fromSchema(schema.allOf[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringFor(schema);
    case 'integer': {
      const min =
        schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1000);
      const max =
        schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1000);
      return fc.oneof(
        fc.integer({ min: Math.max(min, -1e9), max: Math.min(max, 1e9) }),
        fc.constantFrom(min, max),
      );
    }
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1e6,
        max: schema.maximum ?? 1e6,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(fromSchema(schema.items, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 6, 6),
      });
    case 'object': {
      const props = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const shape: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, value] of Object.entries(props)) shape[key] = fromSchema(value, depth + 1, key);
      return fc.record(shape, {
        requiredKeys: Object.keys(props).filter((k) => required.has(k)),
      });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  switch (schema.format) {
    case 'uuid':
      // Half the time a row that exists, so updates and deletes reach their rules, not just 404.
      return fc.oneof(
        fc.uuid(),
        fc.nat().map((n) => (knownIds.length ? knownIds[n % knownIds.length]! : randomUUID())),
      );
    case 'email':
      return fc.emailAddress();
    case 'date-time':
      return fc
        .date({ min: new Date('1800-01-01'), max: new Date('2200-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString());
    case 'date':
      return fc
        .date({ min: new Date('1800-01-01'), max: new Date('2200-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case 'uri':
      return fc.webUrl();
  }
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 60, 300));
  return fc.oneof(
    fc.string({ minLength, maxLength }),
    fc.string({ unit: 'grapheme', minLength, maxLength }),
    hostileText,
  );
}

/** A schema-shaped value (most of the time), else something any JSON client could send. */
function inputFor(zodSchema: unknown): fc.Arbitrary<unknown> {
  let json: JsonSchema | undefined;
  if (zodSchema instanceof z.ZodType) {
    try {
      json = z.toJSONSchema(zodSchema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    } catch {
      json = undefined;
    }
  }
  const shaped = fromSchema(json);
  return fc.oneof(
    { weight: 6, arbitrary: shaped },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    // One field of a shaped object swapped for something hostile.
    {
      weight: 3,
      arbitrary: fc
        .tuple(shaped, fc.oneof(hostileText, number, fc.jsonValue({ maxDepth: 1 })), fc.nat())
        .map(([value, bad, n]) => {
          if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
          const keys = Object.keys(value);
          if (keys.length === 0) return value;
          return { ...value, [keys[n % keys.length]!]: bad };
        }),
    },
  );
}

/** Percent-encodes every UTF-8 byte (lone surrogates become U+FFFD, as a browser would send them). */
function pct(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9_.~-]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).padStart(2, '0')}`,
    )
    .join('');
}

function queryString(value: unknown): string {
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    return value === undefined ? '' : `?q=${pct(String(JSON.stringify(value)))}`;
  }
  const parts: string[] = [];
  for (const [k, v] of Object.entries(value)) {
    const values = Array.isArray(v) ? v : [v];
    for (const one of values) {
      const text = typeof one === 'string' ? one : JSON.stringify(one);
      parts.push(`${pct(k)}=${pct(text ?? '')}`);
    }
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** Ids of rows that exist: seeded, then every uuid a 2xx answer mentioned. */
const knownIds: string[] = [];
const UUID_IN_TEXT = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
function learnIds(body: string) {
  for (const id of body.match(UUID_IN_TEXT) ?? []) {
    if (!knownIds.includes(id)) knownIds.push(id);
  }
  if (knownIds.length > 400) knownIds.splice(0, knownIds.length - 400);
}

function pathFor(url: string, params: unknown): string {
  const values = (params && typeof params === 'object' ? params : {}) as Record<string, unknown>;
  return url.replace(/:(\w+)/g, (_, name: string) => {
    const v = values[name];
    const text = typeof v === 'string' ? v : JSON.stringify(v ?? 'x');
    return pct(text || 'x');
  });
}

const SKIPPED = [/^\/api\/auth\//, /^\/api\/uploads/, /\/events$/, /^\/files\//];
/** Multipart file uploads: fuzzed by the hostile-upload corpus instead. */
const MULTIPART = new Set(['POST /api/admin/media', 'POST /api/admin/documents']);
const RUNS_PER_ROUTE_AND_CALLER = 66;

/** Requests sent by all properties of this file, and what answered 5xx. */
let totalRequests = 0;
const serverErrors: string[] = [];

let t: TestApp;
let base: string;
let callers: { admin: RoleClient; anonymous: RoleClient };
const rejections: unknown[] = [];
const onRejection = (reason: unknown) => rejections.push(reason);
beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t);
  callers = { admin: await asRole(t, 'admin'), anonymous: await asRole(t, 'anonymous') };
  // Rows of every kind for the fuzzed ids to hit (more appear as the fuzzer creates them).
  const media = await buildMediaMany(t, 6, (i) => ({ is_public: i % 2 === 0 }));
  const category = await buildCategory(t);
  const document = await buildDocument(t);
  const submissions = [await buildSubmission(t), await buildSubmission(t, { status: 'rejected' })];
  const show = await buildSlideshow(
    t,
    media.slice(0, 3).map((m) => m.id),
  );
  const editor = await asRole(t, 'editor');
  for (const row of [...media, category, document, ...submissions, show, editor.user!]) knownIds.push(row.id);
  process.on('unhandledRejection', onRejection);
});
afterAll(async () => {
  process.off('unhandledRejection', onRejection);
  await t?.close();
});

function fuzzedRoutes() {
  const seen = new Set<string>();
  return t.app.routeDeclarations.filter((r) => {
    const key = `${r.method} ${r.url}`;
    if (seen.has(key) || r.method === 'HEAD' || r.method === 'OPTIONS') return false;
    seen.add(key);
    return !SKIPPED.some((re) => re.test(r.url)) && !MULTIPART.has(key);
  });
}

describe('fuzzing every JSON route from its schema', () => {
  it('answers no 5xx and leaves no rejection unhandled, as admin and anonymously', async () => {
    const routes = fuzzedRoutes();
    expect(routes.length).toBeGreaterThan(50);
    const failures: string[] = [];
    let requests = 0;
    const statuses = new Map<number, number>();
    for (const route of routes) {
      const started = Date.now();
      const arb = fc.record({
        params: inputFor(route.schema?.params),
        query: inputFor(route.schema?.querystring),
        body: inputFor(route.schema?.body),
      });
      for (const who of ['admin', 'anonymous'] as const) {
        const run = await fc.check(
          fc.asyncProperty(arb, async ({ params, query, body }) => {
            requests += 1;
            const res = await t.app.inject({
              method: route.method as 'GET',
              url: pathFor(route.url, params) + queryString(query),
              ...(['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method) && body !== undefined
                ? { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } }
                : {}),
              headers: {
                origin: TEST_ORIGIN,
                ...(['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method) && body !== undefined
                  ? { 'content-type': 'application/json' }
                  : {}),
                ...(callers[who].cookie ? { cookie: callers[who].cookie } : {}),
              },
            });
            statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
            if (res.statusCode < 300) learnIds(res.body);
            if (res.statusCode >= 500) throw new Error(`${res.statusCode} ${res.body.slice(0, 300)}`);
          }),
          { numRuns: RUNS_PER_ROUTE_AND_CALLER, seed: 20261123, endOnFailure: true },
        );
        if (run.failed) {
          console.error(
            `FUZZ 5xx ${route.method} ${route.url} as ${who}: ${JSON.stringify(run.counterexample)} → ${String(run.errorInstance)}`,
          );
          failures.push(
            `${route.method} ${route.url} as ${who}: ${JSON.stringify(run.counterexample)} → ${String(run.errorInstance)}`,
          );
        }
      }
      // FUZZ_TIMING=1 prints the time each route took (to find the slow ones when the run grows).
      if (process.env.FUZZ_TIMING) console.info(`${Date.now() - started} ms ${route.method} ${route.url}`);
    }
    totalRequests += requests;
    console.info(
      `route fuzz: ${requests} requests over ${routes.length} routes; answers by status:`,
      Object.fromEntries([...statuses].sort(([a], [b]) => a - b)),
    );
    expect(failures).toEqual([]);
    expect((await t.app.inject('/api/health')).statusCode).toBe(200);
  }, 300_000);

  it('answers no 5xx to raw bodies of any content type on every write route, file uploads included', async () => {
    const writes = t.app.routeDeclarations.filter(
      (r, i, all) =>
        ['POST', 'PUT', 'PATCH'].includes(r.method) &&
        !/^\/api\/(auth|uploads)/.test(r.url) &&
        all.findIndex((o) => o.method === r.method && o.url === r.url) === i,
    );
    const boundary = fc.constantFrom('b', '----x', '', '"quoted"', 'a'.repeat(200));
    const contentType = fc.oneof(
      fc.constantFrom(
        'application/json',
        'application/json; charset=latin1',
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data',
        'application/offset+octet-stream',
        'image/jpeg',
        '',
        ';;;',
      ),
      boundary.map((b) => `multipart/form-data; boundary=${b}`),
      fc.string({ maxLength: 30 }),
    );
    const multipartish = fc
      .tuple(
        boundary,
        fc.array(
          fc.record({
            name: fc.constantFrom('file', 'title', '__proto__', 'constructor', '', 'isPublic'),
            filename: fc.option(fc.oneof(hostileText, fc.constant('a.jpg')), { nil: undefined }),
            data: fc.oneof(hostileText, fc.string({ maxLength: 200 })),
          }),
          { maxLength: 4 },
        ),
        fc.boolean(),
      )
      .map(([b, parts, close]) => {
        const body = parts
          .map(
            (p) =>
              `--${b}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename === undefined ? '' : `; filename="${p.filename}"`}\r\n\r\n${p.data}\r\n`,
          )
          .join('');
        return close ? `${body}--${b}--\r\n` : body;
      });
    const payload = fc.oneof(
      fc.uint8Array({ maxLength: 2048 }).map((a) => Buffer.from(a)),
      fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
      multipartish,
      hostileText,
    );
    const property = (route: (typeof writes)[number]) =>
      fc.asyncProperty(fc.uuid(), contentType, payload, async (id, type, body) => {
        totalRequests += 1;
        const res = await t.app.inject({
          method: route.method as 'POST',
          url: route.url.replace(/:\w+/g, id),
          payload: body,
          headers: { origin: TEST_ORIGIN, cookie: callers.admin.cookie!, 'content-type': type },
        });
        if (res.statusCode >= 500) throw new Error(`${res.statusCode} ${res.body.slice(0, 300)}`);
      });
    for (const route of writes) {
      const run = await fc.check(property(route), { numRuns: 12, seed: 20261123, endOnFailure: true });
      if (run.failed) {
        serverErrors.push(
          `${route.method} ${route.url}: ${JSON.stringify(run.counterexample)} → ${String(run.errorInstance)}`,
        );
      }
    }
    expect(serverErrors).toEqual([]);
  }, 120_000);

  it('answers no 5xx to any tus headers, as admin and anonymously', async () => {
    const numeric = fc.oneof(
      fc.nat({ max: 5000 }).map(String),
      fc.constantFrom('-1', '1e3', '0x10', '9223372036854775808', '', ' 5', '5,5'),
    );
    const headers = fc.record(
      {
        'tus-resumable': fc.constantFrom('1.0.0', '0.2.2', '', '1.0.0, 1.0.0'),
        'upload-length': numeric,
        'upload-offset': numeric,
        'upload-defer-length': fc.constantFrom('1', '0', 'x'),
        'upload-metadata': fc.oneof(
          hostileText,
          fc
            .array(fc.tuple(fc.constantFrom('filename', 'filetype', 'owner', 'quota', ''), hostileText), {
              maxLength: 3,
            })
            .map((pairs) => pairs.map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`).join(',')),
        ),
        'upload-concat': fc.constantFrom('partial', 'final;/api/uploads/x', 'final; a b'),
        'x-http-method-override': fc.constantFrom('PATCH', 'DELETE', 'GET', 'TRACE'),
        'content-type': fc.constantFrom('application/offset+octet-stream', 'text/plain'),
      },
      { requiredKeys: [] },
    );
    const property = (who: 'admin' | 'anonymous') =>
      fc.asyncProperty(
        fc.constantFrom('POST', 'PATCH', 'HEAD', 'DELETE'),
        fc.oneof(
          fc.constant(''),
          fc.uuid().map((u) => `/${u.replaceAll('-', '')}`),
          hostileText.map((x) => `/${pct(x)}`),
        ),
        headers,
        fc.uint8Array({ maxLength: 64 }),
        async (method, path, h, body) => {
          totalRequests += 1;
          // Real HTTP: tus answers on the raw socket, and a request it leaves hanging must show.
          const res = await fetch(`${base}/api/uploads${path}`, {
            method,
            body: method === 'PATCH' || method === 'POST' ? new Uint8Array(body) : undefined,
            headers: {
              origin: TEST_ORIGIN,
              // As bytes on the wire: UTF-8 seen as Latin-1, without the characters HTTP forbids.
              ...Object.fromEntries(
                Object.entries(h).map(([k, v]) => [
                  k,
                  Array.from(Buffer.from(v, 'utf8').toString('latin1'))
                    .map((ch) => (ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f ? ' ' : ch))
                    .join(''),
                ]),
              ),
              ...(callers[who].cookie ? { cookie: callers[who].cookie } : {}),
            } as Record<string, string>,
            signal: AbortSignal.timeout(10_000),
          }).catch((error: Error) => {
            throw new Error(`${error.message}: ${String((error.cause as Error | undefined)?.message)}`);
          });
          const text = await res.text();
          if (res.status >= 500) throw new Error(`${res.status} ${text.slice(0, 300)}`);
        },
      );
    for (const who of ['admin', 'anonymous'] as const) {
      const run = await fc.check(property(who), { numRuns: 200, seed: 20261123, endOnFailure: true });
      if (run.failed) {
        serverErrors.push(
          `tus as ${who}: ${JSON.stringify(run.counterexample)} → ${String(run.errorInstance)}`,
        );
      }
    }
    expect(serverErrors).toEqual([]);
  }, 120_000);

  it('sent at least 10,000 requests in all, and no promise was left rejected', async () => {
    console.info(`fuzz requests in all: ${totalRequests}`);
    expect(totalRequests).toBeGreaterThanOrEqual(10_000);
    expect(rejections).toEqual([]);
    expect((await t.app.inject('/api/health')).statusCode).toBe(200);
  });
});
