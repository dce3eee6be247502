import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSON_FORM_RESULT, type PersonFormResult } from '#common/people.ts';
import { asRoles, buildDerivatives, buildMedia, type RoleClient } from '#server/test/factories.ts';
import {
  createTestApp,
  pageShellDir,
  queuedMailsTo,
  TEST_ORIGIN,
  type TestApp,
} from '#server/test/harness.ts';
import type { AppContext } from '#server/http/context.ts';
import { SUBMISSION_RATE } from '../submissions/submissions.public.ts';
import { listPublicBoxes } from './people.service.ts';

// People on photos (issue 29 §2, §5): the list staff keep, boxes on images, visitors' names for a
// box or a new box reviewed like "Do you know more", the person page, and Dublin Core and IIIF.
// A private person is never named in public: not on the page, the boxes, OAI-PMH or the manifest.
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
const nextAddress = () => `10.40.0.${++address}`;

const photo = (overrides: Parameters<typeof buildMedia>[1] = {}) =>
  buildMedia(t, { is_public: true, title: 'Brúdleypið í Gøtu', ...overrides });

async function person(body: Record<string, unknown>) {
  const res = await editor.post('/api/admin/people', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().person as { id: string; name: string; isPrivate: boolean };
}

async function box(mediaId: string, body: Record<string, unknown>) {
  const res = await editor.post(`/api/admin/people/media/${mediaId}/boxes`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().box as { id: string; person: { id: string; name: string } | null };
}

function suggest(
  body: Record<string, unknown>,
  { cookie, ip = nextAddress() }: { cookie?: string; ip?: string } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/people/suggestions',
    payload: body,
    remoteAddress: ip,
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
  });
}

async function suggested(body: Record<string, unknown>) {
  const res = await suggest(body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().suggestion.id as string;
}

const oaiRecord = (mediaId: string) =>
  t.app.inject({
    method: 'GET',
    url: `/oai?verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:127.0.0.1:${mediaId}`,
  });

describe('the list of people (/api/admin/people)', () => {
  it('creates, lists by name with search, edits and deletes a person, each logged', async () => {
    const created = await person({
      name: 'Jóhanna Joensen',
      born: '1902',
      died: 'um 1980',
      note: 'Á Tvøroyri',
    });
    expect(created).toMatchObject({ name: 'Jóhanna Joensen', isPrivate: false });
    expect((await editor.get('/api/admin/people?q=nobody-has-this-name')).json().total).toBe(0);
    const found = (await editor.get('/api/admin/people?q=J%C3%B3hanna')).json();
    expect(found.items[0]).toMatchObject({ id: created.id, born: '1902', died: 'um 1980', boxes: 0 });
    const edited = await editor.patch(`/api/admin/people/${created.id}`, { isPrivate: true, note: null });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().person).toMatchObject({ isPrivate: true, note: null, name: 'Jóhanna Joensen' });
    expect((await editor.delete(`/api/admin/people/${created.id}`)).statusCode).toBe(204);
    expect((await editor.delete(`/api/admin/people/${created.id}`)).json().code).toBe('NOT_FOUND');
    const log = await t.db
      .selectFrom('activity_logs')
      .select('action')
      .where('resource_id', '=', created.id)
      .orderBy('created_at')
      .execute();
    expect(log.map((r) => r.action)).toEqual(['person.created', 'person.updated', 'person.deleted']);
  });

  it('refuses an empty or too long name and a NUL, by field', async () => {
    for (const [body, field] of [
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(201) }, 'name'],
      [{ name: 'Óli', born: 'x'.repeat(41) }, 'born'],
    ] as const) {
      const res = await editor.post('/api/admin/people', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(res.body).toContain(field);
    }
    expect((await editor.post('/api/admin/people', { name: 'Ó\u0000li' })).statusCode).toBe(400);
  });

  it('is for those who manage content: viewers, contributors and visitors are refused', async () => {
    for (const [client, status] of [
      [viewer, 403],
      [publicUser, 403],
      [anonymous, 401],
    ] as const) {
      expect((await client.get('/api/admin/people')).statusCode).toBe(status);
      expect((await client.post('/api/admin/people', { name: 'Óli' })).statusCode).toBe(status);
    }
    expect((await admin.get('/api/admin/people')).statusCode).toBe(200);
  });
});

describe('boxes on an image (/api/admin/people/media/:id/boxes)', () => {
  it('marks a person with a box (from the list or new), moves it, unnames it and removes it', async () => {
    const media = await photo();
    const marjun = await person({ name: 'Marjun á Bø' });
    const first = await box(media.id, { x: 0.1, y: 0.2, w: 0.2, h: 0.3, personId: marjun.id });
    expect(first.person).toMatchObject({ id: marjun.id, name: 'Marjun á Bø' });
    const second = await box(media.id, {
      x: 0.5,
      y: 0.2,
      w: 0.2,
      h: 0.3,
      newPerson: { name: 'Sámal í Gøtu' },
    });
    expect(second.person?.name).toBe('Sámal í Gøtu');
    const moved = await editor.patch(`/api/admin/people/boxes/${first.id}`, { x: 0.15, w: 0.25 });
    expect(moved.json().box).toMatchObject({
      x: 0.15,
      y: 0.2,
      w: 0.25,
      h: 0.3,
      source: 'staff',
      status: 'confirmed',
    });
    const unnamed = await editor.patch(`/api/admin/people/boxes/${second.id}`, { personId: null });
    expect(unnamed.json().box.person).toBeNull();
    const boxes = (await editor.get(`/api/admin/people/media/${media.id}/boxes`)).json().boxes;
    expect(boxes.map((b: { id: string }) => b.id)).toEqual([first.id, second.id]);
    expect((await editor.delete(`/api/admin/people/boxes/${second.id}`)).statusCode).toBe(204);
    expect((await editor.get(`/api/admin/people/media/${media.id}/boxes`)).json().boxes).toHaveLength(1);
    const actions = await t.db
      .selectFrom('activity_logs')
      .select('action')
      .where('resource_id', '=', media.id)
      .execute();
    expect(actions.map((r) => r.action).sort()).toEqual(
      [
        'person.box_updated',
        'person.box_updated',
        'person.marked',
        'person.marked',
        'person.unmarked',
      ].sort(),
    );
  });

  it('refuses a box outside the image or too small, an unknown person, and a box on a sound', async () => {
    const media = await photo();
    for (const body of [
      { x: 0.9, y: 0, w: 0.2, h: 0.2 },
      { x: -0.1, y: 0, w: 0.2, h: 0.2 },
      { x: 0, y: 0, w: 0.001, h: 0.2 },
      { x: 0, y: 0, w: 0.2, h: Number.NaN },
    ]) {
      const res = await editor.post(`/api/admin/people/media/${media.id}/boxes`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    const unknown = await editor.post(`/api/admin/people/media/${media.id}/boxes`, {
      x: 0,
      y: 0,
      w: 0.2,
      h: 0.2,
      personId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.json().code).toBe('UNKNOWN_PERSON');
    const sound = await photo({ media_type: 'audio', mime_type: 'audio/mpeg' });
    const refused = await editor.post(`/api/admin/people/media/${sound.id}/boxes`, {
      x: 0,
      y: 0,
      w: 0.2,
      h: 0.2,
    });
    expect(refused.json().code).toBe('NOT_AN_IMAGE');
    // The database holds the same rule, whoever writes.
    await expect(
      t.db
        .insertInto('person_boxes')
        .values({ media_id: media.id, x: 0.5, y: 0.5, w: 0.6, h: 0.1, source: 'staff' })
        .execute(),
    ).rejects.toThrow(/person_boxes_geometry_check/);
  });

  it('is refused to viewers, contributors and visitors', async () => {
    const media = await photo();
    for (const [client, status] of [
      [viewer, 403],
      [publicUser, 403],
      [anonymous, 401],
    ] as const) {
      expect(
        (await client.post(`/api/admin/people/media/${media.id}/boxes`, { x: 0, y: 0, w: 0.2, h: 0.2 }))
          .statusCode,
      ).toBe(status);
      expect((await client.get(`/api/admin/people/media/${media.id}/boxes`)).statusCode).toBe(status);
    }
  });
});

describe('in public: the boxes, the person page, Dublin Core and IIIF', () => {
  it("shows a public person's box by name and an unnamed one, never a private person's or a face suggestion", async () => {
    const media = await photo();
    const named = await person({ name: 'Hans Jacob Debes' });
    const secret = await person({ name: 'Loyndur Persónur', isPrivate: true });
    const a = await box(media.id, { x: 0.1, y: 0.1, w: 0.2, h: 0.2, personId: named.id });
    await box(media.id, { x: 0.4, y: 0.1, w: 0.2, h: 0.2, personId: secret.id });
    const c = await box(media.id, { x: 0.5, y: 0.5, w: 0.2, h: 0.2 });
    // A face job's offer: staff-only, whoever it looks like.
    await t.db
      .insertInto('person_boxes')
      .values({
        media_id: media.id,
        x: 0.7,
        y: 0.1,
        w: 0.2,
        h: 0.2,
        source: 'face',
        status: 'suggested',
        suggested_person_id: named.id,
        confidence: 0.8,
      })
      .execute();
    const res = await anonymous.get(`/api/people/media/${media.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().boxes).toEqual([
      { id: a.id, x: 0.1, y: 0.1, w: 0.2, h: 0.2, person: { id: named.id, name: 'Hans Jacob Debes' } },
      { id: c.id, x: 0.5, y: 0.5, w: 0.2, h: 0.2, person: null },
    ]);
    expect(res.body).not.toContain('Loyndur');
    expect(res.body).not.toContain(secret.id);
    // Staff see all four, the offer with whom it looks like.
    const staff = (await editor.get(`/api/admin/people/media/${media.id}/boxes`)).json().boxes;
    expect(staff.find((x: { source: string }) => x.source === 'face')).toMatchObject({
      status: 'suggested',
      person: null,
      suggestedPerson: { id: named.id, name: 'Hans Jacob Debes' },
    });
  });

  it('answers the boxes of a hidden item as unknown to the public, and shows them to staff', async () => {
    const hidden = await photo({ is_public: false });
    await box(hidden.id, { x: 0.1, y: 0.1, w: 0.2, h: 0.2, newPerson: { name: 'Á Loyndari Mynd' } });
    expect((await anonymous.get(`/api/people/media/${hidden.id}`)).statusCode).toBe(404);
    expect((await publicUser.get(`/api/people/media/${hidden.id}`)).statusCode).toBe(404);
    expect((await editor.get(`/api/people/media/${hidden.id}`)).json().boxes).toHaveLength(1);
  });

  it('answers the media pages asked at once from one statement, each its own boxes, never an older read', async () => {
    const [withBoxes, without, onlyPrivate] = [await photo(), await photo(), await photo()];
    const hidden = await photo({ is_public: false });
    const named = await person({ name: 'Sverri Patursson' });
    const secret = await person({ name: 'Annar Loyndur', isPrivate: true });
    const shown = await box(withBoxes.id, { x: 0.2, y: 0.2, w: 0.2, h: 0.2, personId: named.id });
    await box(onlyPrivate.id, { x: 0.2, y: 0.2, w: 0.2, h: 0.2, personId: secret.id });
    await box(hidden.id, { x: 0.2, y: 0.2, w: 0.2, h: 0.2, personId: named.id });
    const sent: string[] = [];
    // Counted as answered (a statement's subquery is transformed too, so not as built).
    const capture: KyselyPlugin = {
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        sent.push(args.queryId.queryId);
        return args.result;
      },
    };
    const ctx = { ...t.ctx, db: t.db.withPlugin(capture) } as AppContext;
    const boxesOf = (id: string) =>
      listPublicBoxes(ctx, null, { mediaId: id }).then(
        (answer) => answer.boxes,
        (error: { statusCode: number }) => error.statusCode,
      );
    const asked = [withBoxes.id, without.id, hidden.id, onlyPrivate.id, randomUUID()];
    expect(await Promise.all(asked.map(boxesOf))).toEqual([
      [{ id: shown.id, x: 0.2, y: 0.2, w: 0.2, h: 0.2, person: { id: named.id, name: 'Sverri Patursson' } }],
      [],
      404,
      [],
      404,
    ]);
    expect(sent).toHaveLength(1);
    // Asked once that statement was sent: read again, with the box added since.
    const added = await box(without.id, { x: 0.5, y: 0.5, w: 0.2, h: 0.2 });
    expect((await boxesOf(without.id)) as { id: string }[]).toMatchObject([{ id: added.id, person: null }]);
    expect(sent).toHaveLength(2);
  });

  it('draws the person page with every public photo they are on; private, hidden-only and unknown are 404', async () => {
    const one = await photo({ title: 'Ólavsøka 1950' });
    const two = await photo({ title: 'Skúlin' });
    const hidden = await photo({ title: 'Loynd mynd', is_public: false });
    const jens = await person({ name: 'Jens Pauli Heinesen', born: '1932', died: '2011' });
    for (const m of [one, two, hidden])
      await box(m.id, { x: 0.1, y: 0.1, w: 0.2, h: 0.2, personId: jens.id });
    const res = await anonymous.get(`/api/people/${jens.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().person).toEqual({
      id: jens.id,
      name: 'Jens Pauli Heinesen',
      born: '1932',
      died: '2011',
      note: null,
    });
    expect(
      res
        .json()
        .items.map((i: { title: string }) => i.title)
        .sort(),
    ).toEqual(['Skúlin', 'Ólavsøka 1950'].sort());

    const page = await t.app.inject({ method: 'GET', url: `/people/${jens.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Jens Pauli Heinesen');

    const onlyHidden = await person({ name: 'Bert á loyndari mynd' });
    await box(hidden.id, { x: 0.5, y: 0.1, w: 0.2, h: 0.2, personId: onlyHidden.id });
    await editor.patch(`/api/admin/people/${jens.id}`, { isPrivate: true });
    for (const id of [jens.id, onlyHidden.id, '00000000-0000-4000-8000-000000000000']) {
      const refused = await anonymous.get(`/api/people/${id}`);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().code).toBe('NOT_FOUND');
      const html = await t.app.inject({ method: 'GET', url: `/people/${id}` });
      expect(html.statusCode).toBe(404);
      expect(html.body).not.toContain('Jens Pauli');
    }
  });

  it('lists the pages of public people named on public photos in the sitemap, never a private one', async () => {
    const media = await photo();
    const hidden = await photo({ is_public: false });
    const shown = await person({ name: 'Í sitemap' });
    const secret = await person({ name: 'Loyndur í sitemap', isPrivate: true });
    const onHiddenOnly = await person({ name: 'Bert á loyndari' });
    await box(media.id, { x: 0.1, y: 0.1, w: 0.2, h: 0.2, personId: shown.id });
    await box(media.id, { x: 0.5, y: 0.1, w: 0.2, h: 0.2, personId: secret.id });
    await box(hidden.id, { x: 0.5, y: 0.1, w: 0.2, h: 0.2, personId: onHiddenOnly.id });
    const res = await t.app.inject({ method: 'GET', url: '/sitemaps/pages.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`${TEST_ORIGIN}/people/${shown.id}`);
    expect(res.body).not.toContain(secret.id);
    expect(res.body).not.toContain(onHiddenOnly.id);
  });

  it('names public people as dc:subject in OAI-PMH (valid against the schemas), never a private one', async () => {
    const media = await photo({ keywords: [] });
    const named = await person({ name: 'Rasmus Effersøe' });
    const secret = await person({ name: 'Loyndur Annar', isPrivate: true });
    await box(media.id, { x: 0.1, y: 0.1, w: 0.2, h: 0.2, personId: named.id });
    await box(media.id, { x: 0.5, y: 0.1, w: 0.2, h: 0.2, personId: secret.id });
    const res = await oaiRecord(media.id);
    expect(res.body).toContain('<dc:subject>Rasmus Effersøe</dc:subject>');
    expect(res.body).not.toContain('Loyndur');
    const schema = join(import.meta.dirname, '..', 'oai', 'standards', 'harvest-check.xsd');
    expect(() =>
      execFileSync('xmllint', ['--noout', '--nonet', '--schema', schema, '-'], {
        input: res.body,
        stdio: 'pipe',
      }),
    ).not.toThrow();
    // The lists too (ListRecords reads the names for its page).
    const list = await t.app.inject({ method: 'GET', url: '/oai?verb=ListRecords&metadataPrefix=oai_dc' });
    expect(list.body).toContain('<dc:subject>Rasmus Effersøe</dc:subject>');
    expect(list.body).not.toContain('Loyndur');
  });

  it("annotates the item's IIIF manifest with a box per named public person, in the canvas's pixels, valid", async () => {
    const media = await photo();
    await buildDerivatives(t, media.id, [
      { variant: 'thumb', width: 400, height: 300 },
      { variant: 'download', width: 1600, height: 1200 },
    ]);
    const named = await person({ name: 'Niels Winther' });
    const secret = await person({ name: 'Loyndur Triði', isPrivate: true });
    const a = await box(media.id, { x: 0.25, y: 0.1, w: 0.125, h: 0.25, personId: named.id });
    await box(media.id, { x: 0.6, y: 0.1, w: 0.1, h: 0.1, personId: secret.id });
    await box(media.id, { x: 0.8, y: 0.1, w: 0.1, h: 0.1 });
    const res = await t.app.inject({ method: 'GET', url: `/iiif/presentation/3/item/${media.id}` });
    expect(res.statusCode, res.body).toBe(200);
    const manifest = res.json();
    const schema = JSON.parse(
      readFileSync(join(import.meta.dirname, '../../../standards/iiif/presentation-3.schema.json'), 'utf8'),
    );
    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats(ajv);
    const validate = ajv.compile(schema);
    expect(validate(manifest) ? [] : validate.errors?.slice(0, 5)).toEqual([]);
    const canvas = manifest.items[0];
    expect([canvas.width, canvas.height]).toEqual([1600, 1200]);
    expect(manifest.annotations).toHaveLength(1);
    const page = manifest.annotations[0];
    expect(page.type).toBe('AnnotationPage');
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      type: 'Annotation',
      motivation: 'identifying',
      target: `${canvas.id}#xywh=400,120,200,300`,
    });
    expect(page.items[0].id).toContain(a.id);
    expect(page.items[0].body[0]).toEqual({
      type: 'TextualBody',
      value: 'Niels Winther',
      format: 'text/plain',
    });
    expect(page.items[0].body[1].id).toBe(`${TEST_ORIGIN}/people/${named.id}`);
    expect(res.body).not.toContain('Loyndur');
    // The schema check can fail: an annotation page without its type is refused.
    expect(validate({ ...manifest, annotations: [{ ...page, type: undefined }] })).toBe(false);
  });
});

describe("visitors' names (POST /api/people/suggestions)", () => {
  it('takes a name for a box and for a new box, anonymous or signed in, pending', async () => {
    const media = await photo();
    const unnamed = await box(media.id, { x: 0.1, y: 0.1, w: 0.2, h: 0.2 });
    const forBox = await suggested({
      mediaId: media.id,
      boxId: unnamed.id,
      name: 'Petur Alberg',
      contributorName: 'Sigrid',
      contributorEmail: 's@example.org',
      website: '',
    });
    const res = await suggest(
      {
        mediaId: media.id,
        box: { x: 0.5, y: 0.5, w: 0.2, h: 0.3 },
        name: 'Marianna Debes',
        note: 'Mamma mín',
      },
      { cookie: publicUser.cookie },
    );
    expect(res.statusCode, res.body).toBe(201);
    const rows = await t.db
      .selectFrom('person_suggestions')
      .selectAll()
      .where('media_id', '=', media.id)
      .orderBy('created_at')
      .execute();
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.id === forBox)).toMatchObject({
      box_id: unnamed.id,
      x: null,
      name: 'Petur Alberg',
      contributor_email: 's@example.org',
      submitted_by: null,
      status: 'pending',
    });
    expect(rows.find((r) => r.id !== forBox)).toMatchObject({
      box_id: null,
      x: 0.5,
      y: 0.5,
      w: 0.2,
      h: 0.3,
      note: 'Mamma mín',
      submitted_by: publicUser.user!.id,
    });
  });

  it('refuses no box or both, a box outside, an empty name, a NUL and the bots, storing nothing', async () => {
    const media = await photo();
    const b = await box(media.id, { x: 0.1, y: 0.1, w: 0.2, h: 0.2 });
    for (const [body, code] of [
      [{ mediaId: media.id, name: 'Óli' }, 'VALIDATION_ERROR'],
      [
        { mediaId: media.id, name: 'Óli', boxId: b.id, box: { x: 0, y: 0, w: 0.1, h: 0.1 } },
        'VALIDATION_ERROR',
      ],
      [{ mediaId: media.id, name: 'Óli', box: { x: 0.95, y: 0, w: 0.1, h: 0.1 } }, 'VALIDATION_ERROR'],
      [{ mediaId: media.id, name: ' ', boxId: b.id }, 'VALIDATION_ERROR'],
      [{ mediaId: media.id, name: 'Ó\u0000li', boxId: b.id }, 'VALIDATION_ERROR'],
      [{ mediaId: media.id, name: 'buy', boxId: b.id, website: 'http://spam.example' }, 'REJECTED'],
    ] as const) {
      const res = await suggest(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe(code);
    }
    expect(
      await t.db.selectFrom('person_suggestions').select('id').where('media_id', '=', media.id).execute(),
    ).toEqual([]);
  });

  it("answers a hidden item, a sound, another item's box, a private person's and a face offer as unknown", async () => {
    const hidden = await photo({ is_public: false });
    const sound = await photo({ media_type: 'audio', mime_type: 'audio/mpeg' });
    const media = await photo();
    const other = await photo();
    const otherBox = await box(other.id, { x: 0.1, y: 0.1, w: 0.2, h: 0.2 });
    const offer = await t.db
      .insertInto('person_boxes')
      .values({ media_id: media.id, x: 0.1, y: 0.1, w: 0.2, h: 0.2, source: 'face', status: 'suggested' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const secret = await person({ name: 'Loyndur Fjórði', isPrivate: true });
    const secretBox = await box(media.id, { x: 0.5, y: 0.5, w: 0.2, h: 0.2, personId: secret.id });
    for (const body of [
      { mediaId: media.id, boxId: secretBox.id, name: 'Óli' },
      { mediaId: hidden.id, box: { x: 0, y: 0, w: 0.2, h: 0.2 }, name: 'Óli' },
      { mediaId: sound.id, box: { x: 0, y: 0, w: 0.2, h: 0.2 }, name: 'Óli' },
      { mediaId: media.id, boxId: otherBox.id, name: 'Óli' },
      { mediaId: media.id, boxId: offer.id, name: 'Óli' },
    ]) {
      const res = await suggest(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
  });

  it("stops an address past the submissions' allowance, counted apart from knowledge", async () => {
    const media = await photo();
    const b = await box(media.id, { x: 0.1, y: 0.1, w: 0.2, h: 0.2 });
    const ip = nextAddress();
    for (let i = 0; i < SUBMISSION_RATE.anonymous.max; i++)
      expect((await suggest({ mediaId: media.id, boxId: b.id, name: `Navn ${i}` }, { ip })).statusCode).toBe(
        201,
      );
    const over = await suggest({ mediaId: media.id, boxId: b.id, name: 'Eitt enn' }, { ip });
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe('RATE_LIMITED');
    const knowledge = await t.app.inject({
      method: 'POST',
      url: '/api/knowledge',
      payload: { mediaId: media.id, who: 'Óli' },
      remoteAddress: ip,
      headers: { origin: TEST_ORIGIN },
    });
    expect(knowledge.statusCode).toBe(201);
  });

  it('takes the media page form sent without script (its mark), and draws the page again with the outcome', async () => {
    const media = await photo();
    const b = await box(media.id, { x: 0.1, y: 0.1, w: 0.2, h: 0.2 });
    const send = async (fields: Record<string, string>) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/media/${media.id}`,
        payload: new URLSearchParams({ form: 'person-name', ...fields }).toString(),
        remoteAddress: nextAddress(),
        headers: { origin: TEST_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      });
      const boot = /<script type="application\/json" id="boot-data">(.*?)<\/script>/s.exec(res.body)?.[1];
      return { res, result: boot ? (JSON.parse(boot)[PERSON_FORM_RESULT] as PersonFormResult) : undefined };
    };
    const ok = await send({ boxId: b.id, name: 'Karin Rasmussen', website: '' });
    expect(ok.res.statusCode).toBe(200);
    expect(ok.res.headers['cache-control']).toBe('no-store');
    expect(ok.result).toEqual({ outcome: 'sent' });
    const refused = await send({ boxId: b.id, name: '', contributorEmail: 'nope', website: 'spam?' });
    expect(refused.res.statusCode).toBe(400);
    expect(refused.result).toMatchObject({
      outcome: 'refused',
      values: { name: '', contributorEmail: 'nope' },
    });
    expect(refused.result?.outcome === 'refused' && 'website' in refused.result.values).toBe(false);
    const rows = await t.db
      .selectFrom('person_suggestions')
      .select(['name'])
      .where('media_id', '=', media.id)
      .execute();
    expect(rows).toEqual([{ name: 'Karin Rasmussen' }]);
    // No contribution was made of it: the knowledge form is told apart.
    expect(
      await t.db.selectFrom('contributions').select('id').where('media_id', '=', media.id).execute(),
    ).toEqual([]);
  });
});

describe('the review (/api/admin/people/suggestions)', () => {
  it('lists pending names with their item and box, counts them (also on the dashboard)', async () => {
    const media = await photo({ title: 'Kvívíkar kirkja' });
    const named = await person({ name: 'Gamli Navnið' });
    const b = await box(media.id, { x: 0.1, y: 0.1, w: 0.2, h: 0.2, personId: named.id });
    const id = await suggested({ mediaId: media.id, boxId: b.id, name: 'Nýggja Navnið' });
    const list = (
      await editor.get('/api/admin/people/suggestions?status=pending&q=Kv%C3%ADv%C3%ADkar')
    ).json();
    expect(list.items[0]).toMatchObject({
      id,
      media: { id: media.id, title: 'Kvívíkar kirkja' },
      box: { id: b.id, x: 0.1, personName: 'Gamli Navnið' },
      name: 'Nýggja Navnið',
      status: 'pending',
      signedIn: false,
    });
    const stats = (await editor.get('/api/admin/people/suggestions/stats')).json();
    expect(stats.pending).toBeGreaterThan(0);
    expect((await viewer.get('/api/admin/dashboard')).json().stats.pendingNames).toBe(stats.pending);
    for (const [client, status] of [
      [viewer, 403],
      [publicUser, 403],
      [anonymous, 401],
    ] as const) {
      expect((await client.get('/api/admin/people/suggestions')).statusCode).toBe(status);
      expect((await client.post(`/api/admin/people/suggestions/${id}/reject`)).statusCode).toBe(status);
    }
  });

  it('accepts a new box with a new person: the box, the suggestion, the log and the thank-you together; then it is public', async () => {
    const media = await photo();
    const id = await suggested({
      mediaId: media.id,
      box: { x: 0.3, y: 0.3, w: 0.2, h: 0.2 },
      name: 'Tróndur í Gøtu',
      contributorEmail: 'takk@example.org',
    });
    const res = await editor.post(`/api/admin/people/suggestions/${id}/accept`, {
      newPerson: { name: 'Tróndur í Gøtu', born: '945' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const accepted = res.json().suggestion;
    expect(accepted).toMatchObject({ status: 'accepted', person: { name: 'Tróndur í Gøtu' } });
    const boxes = (await anonymous.get(`/api/people/media/${media.id}`)).json().boxes;
    expect(boxes).toEqual([
      {
        id: expect.any(String),
        x: 0.3,
        y: 0.3,
        w: 0.2,
        h: 0.2,
        person: { id: accepted.person.id, name: 'Tróndur í Gøtu' },
      },
    ]);
    const stored = await t.db
      .selectFrom('person_boxes')
      .selectAll()
      .where('media_id', '=', media.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ source: 'visitor', status: 'confirmed' });
    expect(await queuedMailsTo(t, 'takk@example.org')).toHaveLength(1);
    expect((await anonymous.get(`/api/people/${accepted.person.id}`)).statusCode).toBe(200);
    // Final: neither accepted again nor rejected.
    expect(
      (
        await editor.post(`/api/admin/people/suggestions/${id}/accept`, { personId: accepted.person.id })
      ).json().code,
    ).toBe('ALREADY_ACCEPTED');
    expect((await editor.post(`/api/admin/people/suggestions/${id}/reject`)).json().code).toBe(
      'ALREADY_ACCEPTED',
    );
  });

  it('accepts a name for a box with a person from the list, and rejects another, which changes nothing', async () => {
    const media = await photo();
    const b = await box(media.id, { x: 0.1, y: 0.1, w: 0.2, h: 0.2 });
    const listed = await person({ name: 'Poul Michelsen' });
    const good = await suggested({ mediaId: media.id, boxId: b.id, name: 'Poul' });
    const bad = await suggested({ mediaId: media.id, boxId: b.id, name: 'Ein annar' });
    expect((await editor.post(`/api/admin/people/suggestions/${bad}/reject`)).json().suggestion.status).toBe(
      'rejected',
    );
    expect((await anonymous.get(`/api/people/media/${media.id}`)).json().boxes[0].person).toBeNull();
    const ok = await editor.post(`/api/admin/people/suggestions/${good}/accept`, { personId: listed.id });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await anonymous.get(`/api/people/media/${media.id}`)).json().boxes[0].person).toEqual({
      id: listed.id,
      name: 'Poul Michelsen',
    });
    expect((await editor.post(`/api/admin/people/suggestions/${bad}/accept`, {})).json().code).toBe(
      'VALIDATION_ERROR',
    );
    const log = await t.db
      .selectFrom('activity_logs')
      .select('action')
      .where('resource_id', 'in', [good, bad])
      .execute();
    expect(log.map((r) => r.action).sort()).toEqual([
      'person.suggestion_accepted',
      'person.suggestion_rejected',
    ]);
  });
});
