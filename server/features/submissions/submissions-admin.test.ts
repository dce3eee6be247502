import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageFixture } from '#server/test/fixtures.ts';
import { asRole, asRoles, buildMedia, buildSubmission, type RoleClient } from '#server/test/factories.ts';
import {
  buildUser,
  cookieFrom,
  createTestApp,
  listen,
  post,
  TEST_ORIGIN,
  type TestApp,
} from '#server/test/harness.ts';
import { tusUpload, uploaderCookie } from '#server/test/tus-client.ts';

/** The review screen's endpoints (admin-back-office.md §2, §3, §4, §5). */
let t: TestApp;
let base: string;
let editor: RoleClient;
let viewer: RoleClient;
beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t);
  ({ editor, viewer } = await asRoles(t, ['editor', 'viewer']));
});
afterAll(() => t.close());

let n = 0;
/** A pending submission with a real stored file, sent as the public form sends it. */
async function sentSubmission(title = 'Gomul mynd', extra: Record<string, unknown> = {}) {
  n += 1;
  const uploadId = await tusUpload(
    base,
    await imageFixture('jpeg', { name: `admin-${n}.jpg`, width: 80 + n, height: 60 }),
  );
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/submissions',
    payload: { uploadId, title, ...extra },
    headers: { cookie: uploaderCookie(uploadId) ?? '' },
  });
  expect(res.statusCode).toBe(201);
  return res.json().submission as { id: string };
}

const fileExists = (key: string) => existsSync(join(t.dataDir, 'files', key));

describe('GET /api/admin/submissions', () => {
  it('searches title, submitter name and e-mail without regard to case, filters by status, newest first', async () => {
    const a = await buildSubmission(t, { title: 'Havnin í 1930', submitter_name: 'Jóna Hansen' });
    const b = await buildSubmission(t, { title: 'Kirkjan', submitter_email: 'HANSEN@example.fo' });
    const c = await buildSubmission(t, { title: 'Bátur', status: 'rejected', submitter_name: 'Óli' });

    const byName = (await editor.get('/api/admin/submissions?q=hansen')).json();
    expect(byName.items.map((i: { id: string }) => i.id)).toEqual([b.id, a.id]);
    expect(byName.total).toBe(2);
    const byTitle = (await editor.get('/api/admin/submissions?q=KIRKJ')).json();
    expect(byTitle.items.map((i: { id: string }) => i.id)).toEqual([b.id]);

    const rejected = (await editor.get('/api/admin/submissions?status=rejected')).json();
    expect(rejected.items.map((i: { id: string }) => i.id)).toContain(c.id);
    expect(rejected.items.every((i: { status: string }) => i.status === 'rejected')).toBe(true);
    const all = (await editor.get('/api/admin/submissions?status=all')).json();
    expect(all.total).toBeGreaterThanOrEqual(3);

    const bad = await editor.get('/api/admin/submissions?status=lost');
    expect(bad.json().code).toBe('VALIDATION_ERROR');
  });

  it('pages by keyset: every row once, in order, with the reviewer and the approved item joined', async () => {
    const first = await t.app.inject('/api/admin/submissions');
    expect(first.json().code).toBe('UNAUTHORIZED');
    const rows = [];
    let cursor: string | null = null;
    do {
      const res = await editor.get(`/api/admin/submissions?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode).toBe(200);
      const page = res.json();
      expect(page.items.length).toBeLessThanOrEqual(2);
      rows.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    const total = (await editor.get('/api/admin/submissions')).json().total;
    expect(rows).toHaveLength(total);
    expect(new Set(rows.map((r) => r.id)).size).toBe(total);
    const times = rows.map((r) => r.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    const { id } = await sentSubmission('Reviewed one');
    await editor.patch(`/api/admin/submissions/${id}`, { status: 'approved', reviewNotes: 'Fín' });
    const [top] = (await editor.get('/api/admin/submissions?limit=1')).json().items;
    expect(top).toMatchObject({
      id,
      status: 'approved',
      reviewNotes: 'Fín',
      reviewer: { id: editor.user!.id, email: editor.user!.email },
      approvedMedia: { viewCount: 0 },
    });
    expect(top.reviewedAt).not.toBeNull();
  });

  it('refuses viewers', async () => {
    expect((await viewer.get('/api/admin/submissions')).json().code).toBe('FORBIDDEN');
  });
});

describe('GET /api/admin/submissions/stats', () => {
  it('counts by status, this week, and the approval rate rounded', async () => {
    const before = (await editor.get('/api/admin/submissions/stats')).json();
    await buildSubmission(t, { status: 'approved' });
    await buildSubmission(t, { status: 'pending' });
    await buildSubmission(t, { status: 'rejected', created_at: new Date(Date.now() - 30 * 86_400_000) });
    const after = (await editor.get('/api/admin/submissions/stats')).json();
    expect(after.total).toBe(before.total + 3);
    expect(after.approved).toBe(before.approved + 1);
    expect(after.pending).toBe(before.pending + 1);
    expect(after.rejected).toBe(before.rejected + 1);
    expect(after.thisWeek).toBe(before.thisWeek + 2);
    expect(after.approvalRate).toBe(Math.round((after.approved / after.total) * 100));
    expect((await viewer.get('/api/admin/submissions/stats')).json().code).toBe('FORBIDDEN');
  });
});

describe('GET /api/admin/submissions/:id', () => {
  it('answers one submission with its file addresses and the duplicate flag', async () => {
    const item = await buildMedia(t);
    const row = await buildSubmission(t, { duplicate_of_media_id: item.id, submitter_message: 'Frá ommu' });
    const res = await editor.get(`/api/admin/submissions/${row.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().submission).toMatchObject({
      id: row.id,
      duplicateOfMediaId: item.id,
      submitterMessage: 'Frá ommu',
      originalUrl: `/files/submissions/${row.id}/original`,
      displayUrl: null,
      thumbnailUrl: null,
    });
    const missing = await editor.get('/api/admin/submissions/00000000-0000-4000-8000-000000000000');
    expect(missing.json().code).toBe('NOT_FOUND');
  });

  it('links the thumbnail and display size once the job made them', async () => {
    const { id } = await sentSubmission();
    await t.jobs.drain();
    const { submission } = (await editor.get(`/api/admin/submissions/${id}`)).json();
    expect(submission.thumbnailUrl).toMatch(new RegExp(`^/files/submissions/${id}/thumb\\?v=`));
    expect(submission.displayUrl).toMatch(new RegExp(`^/files/submissions/${id}/display\\?v=`));
    expect((await editor.get(submission.thumbnailUrl)).statusCode).toBe(200);
  });
});

describe('POST /api/admin/submissions/review', () => {
  it('reviews each through the one review: one item per approval, a refused one does not stop the rest', async () => {
    const one = await sentSubmission('Bulk one');
    const two = await sentSubmission('Bulk two');
    const approved = await sentSubmission('Bulk approved');
    expect(
      (await editor.patch(`/api/admin/submissions/${approved.id}`, { status: 'approved' })).statusCode,
    ).toBe(200);
    const res = await editor.post('/api/admin/submissions/review', {
      ids: [one.id, approved.id, two.id],
      status: 'rejected',
      reviewNotes: 'Ikki okkara øki',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual([
      { id: one.id, ok: true, code: null, message: null },
      { id: approved.id, ok: false, code: 'APPROVAL_FINAL', message: expect.any(String) },
      { id: two.id, ok: true, code: null, message: null },
    ]);
    const statuses = await t.db
      .selectFrom('submissions')
      .select(['id', 'status', 'review_notes'])
      .where('id', 'in', [one.id, two.id, approved.id])
      .execute();
    expect(Object.fromEntries(statuses.map((s) => [s.id, s.status]))).toEqual({
      [one.id]: 'rejected',
      [two.id]: 'rejected',
      [approved.id]: 'approved',
    });

    const again = await editor.post('/api/admin/submissions/review', {
      ids: [one.id, two.id, one.id],
      status: 'approved',
    });
    expect(again.json().results.map((r: { ok: boolean }) => r.ok)).toEqual([true, true]);
    const items = await t.db
      .selectFrom('submissions')
      .select('approved_media_id')
      .where('id', 'in', [one.id, two.id])
      .execute();
    expect(new Set(items.map((i) => i.approved_media_id)).size).toBe(2);
  });

  it('refuses more than 100 ids, and viewers', async () => {
    const ids = Array.from({ length: 101 }, () => crypto.randomUUID());
    expect(
      (await editor.post('/api/admin/submissions/review', { ids, status: 'approved' })).json().code,
    ).toBe('VALIDATION_ERROR');
    expect(
      (
        await viewer.post('/api/admin/submissions/review', { ids: ids.slice(0, 1), status: 'approved' })
      ).json().code,
    ).toBe('FORBIDDEN');
  });
});

describe('DELETE /api/admin/submissions/:id', () => {
  it('removes the row, its stored file and derivatives, and logs it; the approved item stays', async () => {
    const { id } = await sentSubmission('To be removed');
    await t.jobs.drain();
    const keys = [
      (await t.db.selectFrom('submissions').select('file_key').where('id', '=', id).executeTakeFirstOrThrow())
        .file_key,
      ...(
        await t.db
          .selectFrom('derivatives')
          .select('file_key')
          .where('owner_type', '=', 'submission')
          .where('owner_id', '=', id)
          .execute()
      ).map((d) => d.file_key),
    ];
    expect(keys.length).toBeGreaterThanOrEqual(3);
    expect(keys.every(fileExists)).toBe(true);
    const approved = await editor.patch(`/api/admin/submissions/${id}`, { status: 'approved' });
    const mediaId = approved.json().submission.mediaId;

    const refused = await viewer.delete(`/api/admin/submissions/${id}`);
    expect(refused.json().code).toBe('FORBIDDEN');
    expect(keys.every(fileExists)).toBe(true);

    const res = await editor.delete(`/api/admin/submissions/${id}`);
    expect(res.statusCode).toBe(204);
    expect(await t.db.selectFrom('submissions').select('id').where('id', '=', id).execute()).toEqual([]);
    expect(keys.filter(fileExists)).toEqual([]);
    const derivatives = await t.db
      .selectFrom('derivatives')
      .select('id')
      .where('owner_type', '=', 'submission')
      .where('owner_id', '=', id)
      .execute();
    expect(derivatives).toEqual([]);
    const logged = await t.db
      .selectFrom('activity_logs')
      .select(['action', 'resource_name'])
      .where('resource_id', '=', id)
      .where('action', '=', 'submission.deleted')
      .execute();
    expect(logged).toEqual([{ action: 'submission.deleted', resource_name: 'To be removed' }]);
    expect((await t.app.inject(`/api/media/${mediaId}`)).statusCode).toBe(200);

    expect((await editor.delete(`/api/admin/submissions/${id}`)).json().code).toBe('NOT_FOUND');
  });
});

describe('GET /api/admin/submissions/events', () => {
  it('sends a changed event within a second of a review, and a deleted one after a delete', async () => {
    const { id } = await sentSubmission('Live one');
    const abort = new AbortController();
    const res = await fetch(`${base}/api/admin/submissions/events`, {
      headers: { cookie: editor.cookie!, origin: TEST_ORIGIN },
      signal: abort.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    const nextEvent = async () => {
      const deadline = Date.now() + 1000;
      for (;;) {
        const match = /^data: (.*)$/m.exec(buffer);
        if (match) {
          buffer = buffer.slice(match.index + match[0].length);
          return JSON.parse(match[1]!);
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error('no event within 1 s');
        const chunk = await Promise.race([
          reader.read(),
          new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no event within 1 s')), left)),
        ]);
        if (chunk.done) throw new Error('stream ended');
        buffer += chunk.value;
      }
    };
    try {
      await editor.patch(`/api/admin/submissions/${id}`, { status: 'rejected' });
      expect(await nextEvent()).toEqual({ type: 'changed', id, status: 'rejected' });
      await editor.delete(`/api/admin/submissions/${id}`);
      expect(await nextEvent()).toEqual({ type: 'deleted', id });
    } finally {
      abort.abort();
    }
  });

  let admin: RoleClient | undefined;
  it.each([
    ['deactivated', { url: 'active', method: 'patch', body: { isActive: false } }, 401],
    ['made a viewer', { url: '', method: 'patch', body: { role: 'viewer' } }, 403],
    ['deleted', { url: '', method: 'delete', body: undefined }, 401],
  ] as const)(
    'ends the stream of a reviewer who is %s, and refuses them on reconnecting',
    async (_, change, refused) => {
      const reader = await asRole(t, 'editor');
      admin ??= await asRole(t, 'admin');
      const open = () =>
        fetch(`${base}/api/admin/submissions/events`, {
          headers: { cookie: reader.cookie!, origin: TEST_ORIGIN },
        });
      const res = await open();
      expect(res.status).toBe(200);
      // A change to someone else's account leaves the stream open.
      const bystander = await buildUser(t, { role: 'editor' });
      expect(
        (await admin.patch(`/api/admin/users/${bystander.id}/active`, { isActive: false })).statusCode,
      ).toBe(200);
      const body = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      expect((await body.read()).value).toContain('retry:');
      const path = `/api/admin/users/${reader.user!.id}${change.url ? `/${change.url}` : ''}`;
      const changed = await admin[change.method](path, change.body);
      expect(changed.statusCode, changed.body).toBeLessThan(300);
      // The server ends the stream: the read finishes instead of waiting for the next heartbeat (25 s).
      for (;;) {
        const chunk = await body.read();
        if (chunk.done) break;
        expect(chunk.value).not.toContain('data:');
      }
      expect((await open()).status).toBe(refused);
    },
  );

  /** Reads the stream to its end; fails if it is still open after `ms`. Answers what it carried. */
  async function readToEnd(body: ReadableStreamDefaultReader<string>, ms = 5000): Promise<string> {
    let text = '';
    const deadline = Date.now() + ms;
    for (;;) {
      const left = deadline - Date.now();
      let timer: NodeJS.Timeout | undefined;
      const chunk = await Promise.race([
        body.read(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`the stream was still open after ${ms} ms`)), left);
        }),
      ]).finally(() => clearTimeout(timer));
      if (chunk.done) return text;
      text += chunk.value;
    }
  }

  /** A fresh editor's session, signed in from an address of its own (sign-ins are counted per address). */
  async function editorSession(ip: string) {
    const user = await buildUser(t, { role: 'editor' });
    const signIn = () => post(t, '/api/auth/sign-in/email', user, undefined, ip);
    return {
      user,
      first: cookieFrom((await signIn()).headers['set-cookie']),
      second: cookieFrom((await signIn()).headers['set-cookie']),
    };
  }

  const openStream = async (cookie: string) => {
    const res = await fetch(`${base}/api/admin/submissions/events`, {
      headers: { cookie, origin: TEST_ORIGIN },
    });
    expect(res.status).toBe(200);
    const body = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    expect((await body.read()).value).toContain('retry:');
    return body;
  };

  it('ends the stream of a session that signs out; another session of the account keeps its own', async () => {
    const { first, second } = await editorSession('192.0.2.71');
    const stays = await openStream(first);
    const ends = await openStream(second);
    expect((await post(t, '/api/auth/sign-out', {}, second)).statusCode).toBe(200);
    expect(await readToEnd(ends)).not.toContain('data:');
    // The other session's stream still carries events.
    const submission = await buildSubmission(t, { title: 'Still listening' });
    await editor.patch(`/api/admin/submissions/${submission.id}`, { status: 'rejected' });
    const { value } = await stays.read();
    expect(value).toContain(submission.id);
    await stays.cancel();
  });

  it('ends every stream of an account whose password is reset', async () => {
    const { user, first, second } = await editorSession('192.0.2.72');
    const streams = [await openStream(first), await openStream(second)];
    await t.ctx.auth.api.requestPasswordReset({ body: { email: user.email, redirectTo: '/reset-password' } });
    const { identifier } = await t.db
      .selectFrom('verifications')
      .select('identifier')
      .where('value', '=', user.id)
      .where('identifier', 'like', 'reset-password:%')
      .executeTakeFirstOrThrow();
    const token = identifier.slice('reset-password:'.length);
    const reset = await post(t, '/api/auth/reset-password', { newPassword: 'a-new-password', token });
    expect(reset.statusCode).toBe(200);
    for (const stream of streams) expect(await readToEnd(stream)).not.toContain('data:');
  });

  it('refuses viewers before opening a stream', async () => {
    const res = await fetch(`${base}/api/admin/submissions/events`, {
      headers: { cookie: viewer.cookie!, origin: TEST_ORIGIN },
    });
    expect(res.status).toBe(403);
    expect((await res.json()).code).toBe('FORBIDDEN');
  });

  it('lets the server close while a stream is open', async () => {
    const other = await createTestApp();
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const address = other.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const admin = await asRole(other, 'admin');
    const res = await fetch(`http://127.0.0.1:${port}/api/admin/submissions/events`, {
      headers: { cookie: admin.cookie!, origin: TEST_ORIGIN },
    });
    expect(res.status).toBe(200);
    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(5000);
    await res.body?.cancel().catch(() => {});
  });
});
