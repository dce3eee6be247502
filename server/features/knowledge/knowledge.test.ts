import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KNOWLEDGE_FORM_RESULT, type KnowledgeFormResult } from '#common/knowledge-form.ts';
import { asRoles, buildMedia, type RoleClient } from '#server/test/factories.ts';
import {
  createTestApp,
  pageShellDir,
  queuedMailsTo,
  TEST_ORIGIN,
  type TestApp,
} from '#server/test/harness.ts';
import { SUBMISSION_RATE } from '../submissions/submissions.public.ts';

// "Do you know more about this photo?" (issue 29 §1): visitors tell, staff accept into a field of
// the item (one transaction with the log and the thank-you), reject or answer; the item credits
// the teller, the contributor's score counts it, and Dublin Core carries what went into a field.
let t: TestApp;
let webDir: string;
let admin: RoleClient;
let editor: RoleClient;
let viewer: RoleClient;
let publicUser: RoleClient;
let anonymous: RoleClient;
beforeAll(async () => {
  webDir = pageShellDir();
  t = await createTestApp({ webDir });
  ({ admin, editor, viewer, public: publicUser, anonymous } = await asRoles(t));
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

let address = 0;
/** Each test sends from an address of its own, so the allowance per address is its own too. */
const nextAddress = () => `10.29.0.${++address}`;

const photo = (overrides: Parameters<typeof buildMedia>[1] = {}) =>
  buildMedia(t, { is_public: true, title: 'Bátar í Gøtu', description: 'Summarið 1956', ...overrides });

function tell(
  body: Record<string, unknown>,
  { cookie, ip = nextAddress() }: { cookie?: string; ip?: string } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/knowledge',
    payload: body,
    remoteAddress: ip,
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
  });
}

const row = (id: string) =>
  t.db.selectFrom('contributions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const item = (id: string) =>
  t.db.selectFrom('media_items').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function sent(body: Record<string, unknown>, cookie?: string) {
  const res = await tell(body, { cookie });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().contribution.id as string;
}

describe('POST /api/knowledge', () => {
  it('takes what an anonymous visitor tells about a public item, pending, with their name and address', async () => {
    const media = await photo();
    const id = await sent({
      mediaId: media.id,
      who: 'Jógvan og Marjun á bryggjuni',
      place: 'Norðragøta',
      contributorName: 'Sámal',
      contributorEmail: 'samal@example.org',
      website: '',
    });
    expect(await row(id)).toMatchObject({
      media_id: media.id,
      who: 'Jógvan og Marjun á bryggjuni',
      place: 'Norðragøta',
      time_text: null,
      contributor_name: 'Sámal',
      contributor_email: 'samal@example.org',
      submitted_by: null,
      status: 'pending',
    });
  });

  it('records a signed-in contributor as its sender', async () => {
    const media = await photo();
    const id = await sent({ mediaId: media.id, time: 'Summarið 1956' }, publicUser.cookie);
    expect((await row(id)).submitted_by).toBe(publicUser.user!.id);
  });

  it('refuses a contribution that tells nothing, a bad address, too long a text and a NUL, by field', async () => {
    const media = await photo();
    const cases: [Record<string, unknown>, string][] = [
      [{ mediaId: media.id, who: '  ' }, 'other'],
      [{ mediaId: media.id, who: 'x', contributorEmail: 'not-an-address' }, 'contributorEmail'],
      [{ mediaId: media.id, other: 'x'.repeat(2001) }, 'other'],
    ];
    for (const [body, field] of cases) {
      const res = await tell(body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(res.body).toContain(field);
    }
    const nul = await tell({ mediaId: media.id, who: 'Jógvan\u0000' });
    expect(nul.statusCode).toBe(400);
    expect(nul.body).toContain('NUL');
    expect(
      await t.db.selectFrom('contributions').select('id').where('media_id', '=', media.id).execute(),
    ).toEqual([]);
  });

  it('refuses what the bots fill in (the hidden field) and stores nothing', async () => {
    const media = await photo();
    const res = await tell({ mediaId: media.id, who: 'buy now', website: 'http://spam.example' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('REJECTED');
    expect(
      await t.db.selectFrom('contributions').select('id').where('media_id', '=', media.id).execute(),
    ).toEqual([]);
  });

  it('answers a private or unknown item as unknown', async () => {
    const hidden = await photo({ is_public: false });
    for (const mediaId of [hidden.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await tell({ mediaId, who: 'Jógvan' });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
  });

  it("stops an address past the submissions' allowance per hour (429), counted apart from submissions", async () => {
    const media = await photo();
    const ip = nextAddress();
    for (let i = 0; i < SUBMISSION_RATE.anonymous.max; i++) {
      expect((await tell({ mediaId: media.id, other: `${i}` }, { ip })).statusCode).toBe(201);
    }
    const over = await tell({ mediaId: media.id, other: 'one more' }, { ip });
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe('RATE_LIMITED');
    // Another address is not held back.
    expect((await tell({ mediaId: media.id, other: 'elsewhere' })).statusCode).toBe(201);
  });
});

describe('POST /media/:id (the form sent without script)', () => {
  async function sendForm(mediaId: string, fields: Record<string, string>) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/media/${mediaId}`,
      payload: new URLSearchParams(fields).toString(),
      remoteAddress: nextAddress(),
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
    });
    const boot = /<script type="application\/json" id="boot-data">(.*?)<\/script>/s.exec(res.body)?.[1];
    const result = boot ? (JSON.parse(boot)[KNOWLEDGE_FORM_RESULT] as KnowledgeFormResult) : undefined;
    return { res, result };
  }

  it('takes the form and answers with the media page drawn again, saying thanks', async () => {
    const media = await photo();
    const { res, result } = await sendForm(media.id, {
      who: 'Óli í Búð',
      contributorName: 'Rakul',
      website: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(result).toEqual({ outcome: 'sent' });
    const [stored] = await t.db
      .selectFrom('contributions')
      .selectAll()
      .where('media_id', '=', media.id)
      .execute();
    expect(stored).toMatchObject({ who: 'Óli í Búð', contributor_name: 'Rakul', status: 'pending' });
  });

  it('draws the page again with what was typed and why, when refused (the bots’ field never given back)', async () => {
    const media = await photo();
    const { res, result } = await sendForm(media.id, { who: '', contributorEmail: 'nope', website: '' });
    expect(res.statusCode).toBe(400);
    expect(result).toMatchObject({ outcome: 'refused', values: { who: '', contributorEmail: 'nope' } });
    const honeypot = await sendForm(media.id, { who: 'x', website: 'spam' });
    expect(honeypot.result).toMatchObject({ outcome: 'refused', error: { code: 'REJECTED' } });
    expect(honeypot.result?.outcome === 'refused' && 'website' in honeypot.result.values).toBe(false);
    const nul = await sendForm(media.id, { who: 'a\u0000b' });
    expect(nul.res.statusCode).toBe(400);
    expect(
      await t.db.selectFrom('contributions').select('id').where('media_id', '=', media.id).execute(),
    ).toEqual([]);
  });

  it("refuses another site's form (no same-origin Origin)", async () => {
    const media = await photo();
    const res = await t.app.inject({
      method: 'POST',
      url: `/media/${media.id}`,
      payload: 'who=x',
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('the review (/api/admin/knowledge)', () => {
  it('lists pending contributions with their item, newest first, and counts them (also on the dashboard)', async () => {
    const media = await photo({ title: 'Kirkjan í Gøtu' });
    const id = await sent({ mediaId: media.id, who: 'Presturin', contributorEmail: 'a@example.org' });
    const list = await editor.get('/api/admin/knowledge?status=pending');
    expect(list.statusCode).toBe(200);
    expect(list.json().items[0]).toMatchObject({
      id,
      media: { id: media.id, title: 'Kirkjan í Gøtu' },
      who: 'Presturin',
      contributorEmail: 'a@example.org',
      signedIn: false,
      status: 'pending',
    });
    // Searched by what was told or the item's title, paged by keyset.
    const word = `leit${Date.now()}`;
    const more = [];
    for (let i = 0; i < 3; i++) more.push(await sent({ mediaId: media.id, other: `${word} ${i}` }));
    const first = (await editor.get(`/api/admin/knowledge?q=${word}&limit=2`)).json();
    expect(first.total).toBe(3);
    expect(first.items.map((i: { id: string }) => i.id)).toEqual([more[2], more[1]]);
    const second = (
      await editor.get(
        `/api/admin/knowledge?q=${word}&limit=2&cursor=${encodeURIComponent(first.nextCursor)}`,
      )
    ).json();
    expect(second.items.map((i: { id: string }) => i.id)).toEqual([more[0]]);
    expect(second.nextCursor).toBeNull();
    expect(
      (await editor.get('/api/admin/knowledge?q=Kirkjan%20%C3%AD%20G%C3%B8tu')).json().total,
    ).toBeGreaterThan(0);

    const stats = (await editor.get('/api/admin/knowledge/stats')).json();
    expect(stats.pending).toBeGreaterThan(0);
    const dashboard = (await viewer.get('/api/admin/dashboard')).json();
    expect(dashboard.stats.pendingKnowledge).toBe(stats.pending);
  });

  it('accepts into the description, adding a paragraph: the item, the status, the log and the thank-you together', async () => {
    const media = await photo({ description: 'Summarið 1956' });
    const id = await sent({
      mediaId: media.id,
      who: 'jogvan og marjun',
      contributorName: 'Sámal',
      contributorEmail: 'samal.thanks@example.org',
    });
    const res = await editor.post(`/api/admin/knowledge/${id}/accept`, {
      field: 'description',
      mode: 'add',
      text: 'Á myndini eru Jógvan og Marjun.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().contribution).toMatchObject({
      status: 'accepted',
      acceptedField: 'description',
      acceptedText: 'Á myndini eru Jógvan og Marjun.',
    });
    expect((await item(media.id)).description).toBe('Summarið 1956\n\nÁ myndini eru Jógvan og Marjun.');
    expect(await queuedMailsTo(t, 'samal.thanks@example.org')).toEqual([
      'Takk fyri tína upplýsing / Thank you for what you told us',
    ]);
    const log = await t.db
      .selectFrom('activity_logs')
      .select(['action', 'resource_type', 'user_id'])
      .where('resource_id', '=', id)
      .execute();
    expect(log).toEqual([
      { action: 'knowledge.accepted', resource_type: 'knowledge', user_id: editor.user!.id },
    ]);

    // The item credits the teller with the year it was accepted.
    const page = (await anonymous.get(`/api/media/${media.id}`)).json();
    expect(page.media.credits).toEqual([{ name: 'Sámal', year: new Date().getUTCFullYear() }]);
    expect(page.media.description).toContain('Jógvan og Marjun');

    // Accepting is final.
    const again = await admin.post(`/api/admin/knowledge/${id}/accept`, {
      field: 'description',
      mode: 'add',
      text: 'x',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_ACCEPTED');
    expect((await item(media.id)).description).toBe('Summarið 1956\n\nÁ myndini eru Jógvan og Marjun.');
  });

  it('replaces a field, adds keywords and a date', async () => {
    const media = await photo({ location: 'Gøta', keywords: ['bátar'] });
    const a = await sent({ mediaId: media.id, place: 'Norðragøta, ikki Syðrugøta' });
    const b = await sent({ mediaId: media.id, who: 'Jógvan' });
    const c = await sent({ mediaId: media.id, time: 'summarið 1956' });
    expect(
      (
        await editor.post(`/api/admin/knowledge/${a}/accept`, {
          field: 'location',
          mode: 'replace',
          text: 'Norðragøta',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await editor.post(`/api/admin/knowledge/${b}/accept`, {
          field: 'keywords',
          mode: 'add',
          text: 'Jógvan, bátar',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await editor.post(`/api/admin/knowledge/${c}/accept`, {
          field: 'originalDate',
          mode: 'add',
          text: '1956',
        })
      ).statusCode,
    ).toBe(200);
    const after = await item(media.id);
    expect(after.location).toBe('Norðragøta');
    expect(after.keywords).toEqual(['bátar', 'Jógvan']);
    expect(after.original_date).toBe('1956');
    expect(after.original_date_edtf).toBe('1956');
  });

  it('writes nothing when the field would grow past its limit (the whole acceptance is undone)', async () => {
    const media = await photo({ title: 'Langt', location: 'x'.repeat(290) });
    const id = await sent({ mediaId: media.id, place: 'y' });
    const res = await editor.post(`/api/admin/knowledge/${id}/accept`, {
      field: 'location',
      mode: 'add',
      text: 'y'.repeat(20),
    });
    expect(res.statusCode).toBe(400);
    expect((await row(id)).status).toBe('pending');
    expect((await item(media.id)).location).toBe('x'.repeat(290));
  });

  it('undoes the item, the status and the thank-you together when the log entry cannot be written', async () => {
    // A failure at the last step of the transaction: the log refuses this one item's entry.
    await sql`create function refuse_knowledge_log() returns trigger language plpgsql as $$
      begin
        if new.action = 'knowledge.accepted' and new.resource_name = 'Loggurin sigur nei' then
          raise exception 'log refused';
        end if;
        return new;
      end $$`.execute(t.db);
    await sql`create trigger refuse_knowledge_log before insert on activity_logs
      for each row execute function refuse_knowledge_log()`.execute(t.db);
    try {
      const media = await photo({ title: 'Loggurin sigur nei', description: 'Óbroytt' });
      const id = await sent({ mediaId: media.id, who: 'x', contributorEmail: 'undone@example.org' });
      const res = await editor.post(`/api/admin/knowledge/${id}/accept`, {
        field: 'description',
        mode: 'replace',
        text: 'Nýtt',
      });
      expect(res.statusCode).toBe(500);
      expect((await item(media.id)).description).toBe('Óbroytt');
      expect((await row(id)).status).toBe('pending');
      expect(await queuedMailsTo(t, 'undone@example.org')).toEqual([]);
    } finally {
      await sql`drop trigger refuse_knowledge_log on activity_logs`.execute(t.db);
      await sql`drop function refuse_knowledge_log()`.execute(t.db);
    }
  });

  it('of two staff accepting at once, one writes the item and the other is told it is done', async () => {
    const media = await photo({ description: null });
    const id = await sent({ mediaId: media.id, who: 'Jógvan' });
    const body = { field: 'description', mode: 'add', text: 'Jógvan.' };
    const answers = await Promise.all([
      editor.post(`/api/admin/knowledge/${id}/accept`, body),
      admin.post(`/api/admin/knowledge/${id}/accept`, body),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await item(media.id)).description).toBe('Jógvan.');
  });

  it('rejects: nothing reaches the item, no credit, logged; a rejected one may still be accepted', async () => {
    const media = await photo({ description: 'Óbroytt' });
    const id = await sent({ mediaId: media.id, other: 'Hetta er ikki rætt', contributorName: 'Nei' });
    const res = await editor.post(`/api/admin/knowledge/${id}/reject`);
    expect(res.statusCode).toBe(200);
    expect(res.json().contribution.status).toBe('rejected');
    expect((await item(media.id)).description).toBe('Óbroytt');
    expect((await anonymous.get(`/api/media/${media.id}`)).json().media.credits).toEqual([]);
    const log = await t.db
      .selectFrom('activity_logs')
      .select('action')
      .where('resource_id', '=', id)
      .execute();
    expect(log).toEqual([{ action: 'knowledge.rejected' }]);
  });

  it('answers the contributor by e-mail, and refuses when they left no address', async () => {
    const media = await photo();
    const withAddress = await sent({ mediaId: media.id, who: 'x', contributorEmail: 'reply.me@example.org' });
    const res = await editor.post(`/api/admin/knowledge/${withAddress}/reply`, {
      text: 'Hvør stendur til vinstru?',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().contribution.repliedAt).not.toBeNull();
    expect(await queuedMailsTo(t, 'reply.me@example.org')).toEqual([
      'Um tína upplýsing / About what you told us',
    ]);
    const without = await sent({ mediaId: media.id, who: 'y' });
    const refused = await editor.post(`/api/admin/knowledge/${without}/reply`, { text: 'Hey' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('NO_ADDRESS');
  });

  it('is for content staff only: viewers and the public are refused, whatever the body', async () => {
    const media = await photo();
    const id = await sent({ mediaId: media.id, who: 'x' });
    for (const client of [viewer, publicUser]) {
      expect((await client.get('/api/admin/knowledge')).json().code).toBe('FORBIDDEN');
      const accept = await client.post(`/api/admin/knowledge/${id}/accept`, {
        field: 'description',
        mode: 'replace',
        text: 'x',
      });
      expect(accept.statusCode).toBe(403);
      expect((await client.post(`/api/admin/knowledge/${id}/reject`)).statusCode).toBe(403);
    }
    expect((await anonymous.post(`/api/admin/knowledge/${id}/reject`)).statusCode).toBe(401);
    expect((await row(id)).status).toBe('pending');
  });
});

describe('the contributor dashboard and Dublin Core', () => {
  it("lists a signed-in contributor's contributions with their status and counts accepted ones at 10 points", async () => {
    const { public: teller } = await asRoles(t, ['public']);
    const media = await photo({ title: 'Havnin' });
    const accepted = await sent({ mediaId: media.id, who: 'Skipið Smiril' }, teller.cookie);
    const rejected = await sent({ mediaId: media.id, other: 'Nei' }, teller.cookie);
    const before = (await teller.get('/api/contributor/dashboard')).json();
    expect(before.stats.score).toBe(0);
    await editor.post(`/api/admin/knowledge/${accepted}/accept`, {
      field: 'keywords',
      mode: 'add',
      text: 'Smyril',
    });
    await editor.post(`/api/admin/knowledge/${rejected}/reject`);
    const dashboard = (await teller.get('/api/contributor/dashboard')).json();
    expect(dashboard.stats.acceptedKnowledge).toBe(1);
    expect(dashboard.stats.score).toBe(10);
    expect(dashboard.contributions).toEqual([
      expect.objectContaining({ id: rejected, mediaTitle: 'Havnin', status: 'rejected' }),
      expect.objectContaining({ id: accepted, mediaTitle: 'Havnin', status: 'accepted' }),
    ]);
    // Nobody else's.
    expect(
      (await publicUser.get('/api/contributor/dashboard'))
        .json()
        .contributions.map((c: { id: string }) => c.id),
    ).not.toContain(accepted);
  });

  it('carries accepted text into oai_dc through the field it went into, valid against the schemas', async () => {
    const media = await photo({ description: 'Bátar', keywords: [] });
    const d = await sent({ mediaId: media.id, who: 'Jógvan' });
    const k = await sent({ mediaId: media.id, who: 'Marjun' });
    await editor.post(`/api/admin/knowledge/${d}/accept`, {
      field: 'description',
      mode: 'add',
      text: 'Jógvan & Marjun',
    });
    await editor.post(`/api/admin/knowledge/${k}/accept`, { field: 'keywords', mode: 'add', text: 'Marjun' });
    const res = await t.app.inject({
      method: 'GET',
      url: `/oai?verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:127.0.0.1:${media.id}`,
    });
    expect(res.body).toContain('<dc:description xml:lang="fo">Bátar\n\nJógvan &amp; Marjun</dc:description>');
    expect(res.body).toContain('<dc:subject xml:lang="fo">Marjun</dc:subject>');
    const schema = join(import.meta.dirname, '..', 'oai', 'standards', 'harvest-check.xsd');
    expect(() =>
      execFileSync('xmllint', ['--noout', '--nonet', '--schema', schema, '-'], {
        input: res.body,
        stdio: 'pipe',
      }),
    ).not.toThrow();
  });
});
