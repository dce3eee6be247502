import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import { Upload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBMISSION_MAX_BYTES } from '#common/limits.ts';
import { alsaWav, exifFixture, fileOfSize, htmlNamedJpg, imageFixture } from '#server/test/fixtures.ts';
import {
  buildUser,
  cookieFrom,
  createTestApp,
  signIn,
  TEST_ORIGIN,
  type TestApp,
  listen,
} from '#server/test/harness.ts';
import { tusCookieJar, tusUpload, uploaderCookie } from '#server/test/tus-client.ts';
import { SUBMISSION_RATE } from './submission-rules.ts';

let t: TestApp;
let base: string;
let editorCookie: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t);
  const editor = await buildUser(t, { role: 'editor' });
  editorCookie = await signIn(t, editor.email, editor.password);
});
afterAll(() => t.close());

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function submit(uploadId: string, fields: Record<string, unknown>, cookie?: string, ip = '127.0.0.1') {
  return t.app.inject({
    method: 'POST',
    url: '/api/submissions',
    payload: { uploadId, title: 'Gomul mynd', ...fields },
    remoteAddress: ip,
    // The session, else the uploader cookie the upload was made with (as the browser would send).
    headers: (cookie ?? uploaderCookie(uploadId)) ? { cookie: cookie ?? uploaderCookie(uploadId)! } : {},
  });
}

async function send(path: string, fields: Record<string, unknown> = {}, cookie?: string) {
  const uploadId = await tusUpload(base, path, { headers: cookie ? { cookie } : {} });
  return submit(uploadId, fields, cookie);
}

describe('anonymous submission', () => {
  it('takes a three-file batch where one file is refused: the other two arrive, private and pending', async () => {
    const photo = await exifFixture('gps');
    const results = [
      await send(photo, {
        title: 'Bátar í Gøtu',
        keywords: ['bátar', 'Gøta'],
        submitterName: 'Jógvan',
        submitterEmail: 'jogvan@example.org',
      }),
      await send(await htmlNamedJpg()),
      await send(await alsaWav(), { title: 'Rødd' }),
    ];
    expect(results.map((r) => r.statusCode)).toEqual([201, 415, 201]);
    expect(results[1]!.json()).toMatchObject({ code: 'dangerous', fileName: 'photo.jpg' });
    expect(results[1]!.json().message).toMatch(/"photo.jpg" looks like a web page or script/);
    const first = results[0]!.json().submission;
    expect(first).toMatchObject({
      title: 'Bátar í Gøtu',
      status: 'pending',
      mediaType: 'image',
      mediaId: null,
    });
    expect(first.displayId).toMatch(/^SUB-\d{5}$/);

    const row = await t.db
      .selectFrom('submissions')
      .selectAll()
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      keywords: ['bátar', 'Gøta'],
      submitted_by: null,
      submitter_name: 'Jógvan',
      sha256: sha256(readFileSync(photo)),
    });
    expect(row.file_key).toMatch(/^submissions\//);
    // Private until approved.
    expect((await t.app.inject(`/files/submissions/${first.id}/original`)).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          url: `/files/submissions/${first.id}/original`,
          headers: { cookie: editorCookie },
        })
      ).statusCode,
    ).toBe(200);
  });

  it("records the upload's claim as sent in the submission's own transaction", async () => {
    const uploadId = await tusUpload(base, await imageFixture('png', { name: 'sent.png' }));
    expect((await submit(uploadId, {}, undefined, '198.51.100.60')).statusCode).toBe(201);
    const claim = await t.db
      .selectFrom('upload_claims')
      .select('sent_at')
      .where('upload_id', '=', uploadId)
      .executeTakeFirst();
    // A start after a crash gives back only unsent claims (uploads.service.ts).
    expect(claim?.sent_at).toBeInstanceOf(Date);
  });

  it('refuses a file over 50 MB when the upload is created, before any byte is sent', async () => {
    await expect(tusUpload(base, await fileOfSize(SUBMISSION_MAX_BYTES + 1, 'big.jpg'))).rejects.toThrow(
      /413/,
    );
  });

  it('refuses an upload that has not finished, and an unknown one', async () => {
    const created = await fetch(`${base}/api/uploads`, {
      method: 'POST',
      headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': '1000', origin: TEST_ORIGIN },
    });
    expect(created.status).toBe(201);
    const id = created.headers.get('location')!.split('/').pop()!;
    expect((await submit(id, {}, cookieFrom(created.headers.getSetCookie()))).statusCode).toBe(409);
    expect((await submit('0'.repeat(32), {})).statusCode).toBe(404);
  });

  it('drops a submission whose hidden honeypot field was filled', async () => {
    const before = (await t.db.selectFrom('submissions').select('id').execute()).length;
    const res = await send(await imageFixture('png'), { website: 'http://spam.example' });
    expect(res.statusCode).toBe(400);
    expect((await t.db.selectFrom('submissions').select('id').execute()).length).toBe(before);
  });

  it('limits anonymous submissions per address', async () => {
    const uploadId = await tusUpload(base, await imageFixture('png'));
    await t.db
      .insertInto('rate_limits')
      .values({
        key: 'submissions:ip:198.51.100.77',
        count: SUBMISSION_RATE.anonymous.max,
        last_request: Date.now(),
      })
      .execute();
    const limited = await submit(uploadId, {}, undefined, '198.51.100.77');
    expect(limited.statusCode).toBe(429);
    expect((await submit(uploadId, {}, undefined, '198.51.100.78')).statusCode).toBe(201);
  });

  it('flags a file already in the archive or waiting for review as a possible duplicate', async () => {
    const path = await imageFixture('jpeg', { width: 321, height: 123, name: 'dup.jpg' });
    const first = (await send(path)).json().submission;
    const second = (await send(path)).json().submission;
    const row = await t.db
      .selectFrom('submissions')
      .selectAll()
      .where('id', '=', second.id)
      .executeTakeFirstOrThrow();
    expect(row.duplicate_of_submission_id).toBe(first.id);
  });
});

describe('resuming', () => {
  it('resumes from the last byte received after the connection is cut mid-file, and the file arrives whole', async () => {
    const path = await exifFixture('large'); // 6.6 MB
    const data = readFileSync(path);
    // A proxy that cuts the first connection after ~2 MB have passed through it.
    let forwarded = 0;
    let cut = false;
    const sockets: Socket[] = [];
    const target = new URL(base);
    const proxy = createServer((client) => {
      const upstream = connect(Number(target.port), target.hostname);
      sockets.push(client, upstream);
      client.on('data', (chunk: Buffer) => {
        forwarded += chunk.length;
        upstream.write(chunk);
        if (!cut && forwarded > 2_000_000) {
          cut = true;
          client.destroy();
          upstream.destroy();
        }
      });
      upstream.on('data', (chunk) => client.write(chunk));
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    const proxyPort = (proxy.address() as { port: number }).port;
    const offsets: number[] = [];
    const jar = tusCookieJar();
    try {
      const uploadId = await new Promise<string>((resolve, reject) => {
        const upload = new Upload(data, {
          onBeforeRequest: jar.onBeforeRequest,
          endpoint: `http://127.0.0.1:${proxyPort}/api/uploads`,
          metadata: { filename: 'sony.jpg' },
          chunkSize: 8 * 1024 * 1024,
          retryDelays: [100, 200, 500],
          onError: reject,
          onAfterResponse: (req, res) => {
            jar.onAfterResponse(req, res);
            if (req.getMethod() === 'HEAD') offsets.push(Number(res.getHeader('Upload-Offset')));
          },
          onSuccess: () => resolve(upload.url!.split('/').pop()!),
        });
        upload.start();
      });
      expect(cut).toBe(true);
      // It asked where to go on, and went on from there rather than from zero.
      expect(offsets.length).toBeGreaterThan(0);
      expect(offsets[0]).toBeGreaterThan(0);
      expect(forwarded).toBeLessThan(data.length * 1.5);
      const res = await submit(uploadId, { title: 'Sony' }, jar.cookie());
      expect(res.statusCode).toBe(201);
      const row = await t.db
        .selectFrom('submissions')
        .select('sha256')
        .where('id', '=', res.json().submission.id)
        .executeTakeFirstOrThrow();
      expect(row.sha256).toBe(sha256(data));
    } finally {
      for (const s of sockets) s.destroy();
      proxy.close();
    }
  });
});

describe('contributors and review', () => {
  it('shows contributors their own submissions; approval makes a public item and raises score and goal', async () => {
    const anna = await buildUser(t, { role: 'public', fullName: 'Anna' });
    const annaCookie = await signIn(t, anna.email, anna.password);
    const other = await buildUser(t, { role: 'public' });
    const otherCookie = await signIn(t, other.email, other.password);

    const sent = (
      await send(
        await imageFixture('jpeg', { width: 200, height: 150 }),
        { title: 'Kirkjan', submitterEmail: 'anna@example.org', keywords: ['kirkja'] },
        annaCookie,
      )
    ).json().submission;
    await send(await imageFixture('png'), { title: 'Onnur' }, otherCookie);

    const dashboard = async (cookie: string) =>
      (await t.app.inject({ url: '/api/contributor/dashboard', headers: { cookie } })).json();
    let mine = await dashboard(annaCookie);
    expect(mine.stats).toMatchObject({
      total: 1,
      approved: 0,
      pending: 1,
      rejected: 0,
      successRate: 0,
      score: 0,
      recentActivity: 1,
    });
    expect(mine.nextGoal).toEqual({ target: 5, remaining: 5 });
    expect(mine.submissions.map((s: { title: string }) => s.title)).toEqual(['Kirkjan']);
    expect((await dashboard(otherCookie)).submissions.map((s: { title: string }) => s.title)).toEqual([
      'Onnur',
    ]);
    expect((await t.app.inject('/api/contributor/dashboard')).statusCode).toBe(401);

    // Contributors cannot review, their own or anyone's.
    const selfApprove = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/submissions/${sent.id}`,
      payload: { status: 'approved' },
      headers: { cookie: annaCookie },
    });
    expect(selfApprove.statusCode).toBe(403);

    const approved = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/submissions/${sent.id}`,
      payload: { status: 'approved', reviewNotes: 'Góð mynd' },
      headers: { cookie: editorCookie },
    });
    expect(approved.statusCode).toBe(200);
    const mediaId = approved.json().submission.mediaId;
    expect(mediaId).toBeTruthy();
    await t.jobs.drain();
    const media = (await t.app.inject(`/api/media/${mediaId}`)).json().media;
    expect(media).toMatchObject({
      title: 'Kirkjan',
      isPublic: true,
      isFeatured: false,
      keywords: ['kirkja'],
      processingStatus: 'ready',
    });
    expect((await t.app.inject(media.files.display)).statusCode).toBe(200);

    await t.db.updateTable('media_items').set({ view_count: 7 }).where('id', '=', mediaId).execute();
    mine = await dashboard(annaCookie);
    expect(mine.stats).toMatchObject({
      total: 1,
      approved: 1,
      pending: 0,
      successRate: 100,
      totalViews: 7,
      score: 17,
    });
    expect(mine.nextGoal).toEqual({ target: 5, remaining: 4 });
    expect(mine.submissions[0]).toMatchObject({ status: 'approved', mediaId, reviewNotes: 'Góð mynd' });

    // The submitter is told, with the link.
    const mail = t.outbox().find((m) => m.includes('To: anna@example.org'));
    expect(mail).toContain(`/media/${mediaId}`);

    // Approving again makes no second item.
    const again = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/submissions/${sent.id}`,
      payload: { status: 'approved' },
      headers: { cookie: editorCookie },
    });
    expect(again.json().submission.mediaId).toBe(mediaId);
    expect(
      await t.db.selectFrom('media_items').select('id').where('sha256', '=', media.sha256).execute(),
    ).toHaveLength(1);
  });

  it('tells a rejected submitter why', async () => {
    const sent = (await send(await imageFixture('gif'), { submitterEmail: 'rejected@example.org' })).json()
      .submission;
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/submissions/${sent.id}`,
      payload: { status: 'rejected', reviewNotes: 'Myndin er ov ógreið.' },
      headers: { cookie: editorCookie },
    });
    expect(res.json().submission.status).toBe('rejected');
    await t.jobs.drain();
    expect(t.outbox().find((m) => m.includes('To: rejected@example.org'))).toContain('Myndin er ov ógreið.');
  });

  it('gathers new submissions into one e-mail for staff who opted in', async () => {
    await t.db.deleteFrom('jobs').where('kind', '=', 'notify-staff-new-submissions').execute();
    const optedIn = await buildUser(t, { role: 'editor', email: `notify-${Date.now()}@example.org` });
    const optIn = await t.app.inject({
      method: 'PATCH',
      url: '/api/me/preferences',
      payload: { notifyNewSubmissions: true },
      headers: { cookie: await signIn(t, optedIn.email, optedIn.password) },
    });
    expect(optIn.json()).toEqual({ preferences: { notifyNewSubmissions: true } });
    // A contributor has no such setting to change.
    const contributor = await buildUser(t, { role: 'public' });
    const refused = await t.app.inject({
      method: 'PATCH',
      url: '/api/me/preferences',
      payload: { notifyNewSubmissions: true },
      headers: { cookie: await signIn(t, contributor.email, contributor.password) },
    });
    expect(refused.statusCode).toBe(403);
    for (const title of ['Ein', 'Tvey', 'Trý']) await send(await imageFixture('png'), { title });
    const jobs = await t.db
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', 'notify-staff-new-submissions')
      .execute();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.run_at.getTime()).toBeGreaterThan(Date.now());
    await t.db
      .updateTable('jobs')
      .set({ run_at: new Date(0) })
      .where('id', '=', jobs[0]!.id)
      .execute();
    await t.jobs.drain();
    const mails = t.outbox().filter((m) => m.includes(`To: ${optedIn.email}`));
    expect(mails).toHaveLength(1);
    for (const title of ['Ein', 'Tvey', 'Trý']) expect(mails[0]).toContain(title);
  });
});
