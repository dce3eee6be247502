import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '#server/db/migrations/index.ts';
import { imageFixture } from '#server/test/fixtures.ts';
import { asRole } from '#server/test/factories.ts';
import { createTestApp, listen, type TestApp } from '#server/test/harness.ts';
import { multipartUpload } from '#server/test/multipart.ts';
import { tusUpload, uploaderCookie } from '#server/test/tus-client.ts';

/** Issue 28: an original date kept as written and as understood, on media and submissions. */
let t: TestApp;
let base: string;
let editor: Awaited<ReturnType<typeof asRole>>;
beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t);
  editor = await asRole(t, 'editor');
});
afterAll(() => t.close());

let n = 0;
async function upload(originalDate: string) {
  n += 1;
  const fixture = await imageFixture('png', { name: `date-${n}.png`, width: 40 + n, height: 30 });
  const { payload, headers } = multipartUpload({ title: `Dato ${n}`, originalDate }, { path: fixture });
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/media',
    payload,
    headers: { ...headers, cookie: editor.cookie! },
  });
}

const days = (table: 'media_items' | 'submissions', id: string) =>
  sql<{ edtf: string | null; earliest: string | null; latest: string | null }>`
    select original_date_edtf as edtf, original_date_earliest::text as earliest,
      original_date_latest::text as latest from ${sql.table(table)} where id = ${id}`
    .execute(t.db)
    .then((r) => r.rows[0]);

describe('an original date', () => {
  it('is kept as written and as understood when staff upload, and answered both ways', async () => {
    const res = await upload('um 1950');
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json().media;
    expect(res.json().media).toMatchObject({ originalDate: 'um 1950', originalDateEdtf: '1950~' });
    expect(await days('media_items', id)).toEqual({
      edtf: '1950~',
      earliest: '1950-01-01',
      latest: '1950-12-31',
    });
    await t.jobs.drain();
    const publicItem = (await t.app.inject({ url: `/api/media/${id}` })).json();
    expect(publicItem.media ?? publicItem).toMatchObject({ originalDateEdtf: '1950~' });
  });

  it('is refused with the reason when it cannot be read, and nothing is stored', async () => {
    const before = await t.db
      .selectFrom('media_items')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    for (const [text, problem] of [
      ['kvøldið áðrenn', 'DATE_UNREADABLE'],
      ['30.2.1952', 'DATE_NO_SUCH_DAY'],
      ['1945–1940', 'DATE_RANGE_BACKWARDS'],
      ['2999', 'DATE_IN_FUTURE'],
    ]) {
      const res = await upload(text!);
      expect(res.statusCode, text).toBe(400);
      // The multipart upload names the field and the problem in its message.
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: `originalDate: ${problem}` });
    }
    const after = await t.db
      .selectFrom('media_items')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(after).toEqual(before);
  });

  it('is understood anew when edited, and cleared with it', async () => {
    const { id } = (await upload('1952')).json().media;
    const edited = await editor.patch(`/api/admin/media/${id}`, { originalDate: 'summarið 1962' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().media).toMatchObject({ originalDate: 'summarið 1962', originalDateEdtf: '1962-22' });
    expect(await days('media_items', id)).toEqual({
      edtf: '1962-22',
      earliest: '1962-06-01',
      latest: '1962-08-31',
    });
    const refused = await editor.patch(`/api/admin/media/${id}`, { originalDate: 'einaferð' });
    expect(refused.statusCode).toBe(400);
    expect((await days('media_items', id))?.edtf).toBe('1962-22');
    await editor.patch(`/api/admin/media/${id}`, { originalDate: '' });
    expect(await days('media_items', id)).toEqual({ edtf: null, earliest: null, latest: null });
  });

  it('travels from a visitor’s submission to the approved item', async () => {
    const uploadId = await tusUpload(
      base,
      await imageFixture('jpeg', { name: 'date-sub.jpg', width: 70, height: 50 }),
    );
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/submissions',
      payload: { uploadId, title: 'Brúdleyp', originalDate: '1940–1945' },
      headers: { cookie: uploaderCookie(uploadId) ?? '' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const { id } = sent.json().submission;
    expect(await days('submissions', id)).toEqual({
      edtf: '1940/1945',
      earliest: '1940-01-01',
      latest: '1945-12-31',
    });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/submissions',
      payload: { uploadId, title: 'Brúdleyp', originalDate: 'langt síðan' },
      headers: { cookie: uploaderCookie(uploadId) ?? '' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues).toContainEqual({ path: 'originalDate', message: 'DATE_UNREADABLE' });
    const approved = await editor.patch(`/api/admin/submissions/${id}`, { status: 'approved' });
    expect(approved.statusCode, approved.body).toBe(200);
    const media = await t.db
      .selectFrom('media_items')
      .select('id')
      .where('title', '=', 'Brúdleyp')
      .executeTakeFirstOrThrow();
    expect(await days('media_items', media.id)).toEqual({
      edtf: '1940/1945',
      earliest: '1940-01-01',
      latest: '1945-12-31',
    });
  });
});

describe('the gallery by original date', () => {
  it('goes from the oldest first day to the newest, undated last, page by page', async () => {
    const mark = `Tíð ${Date.now()}`;
    const dates = ['1962', 'summarið 1962', '', 'áðrenn 1930', '1950s', '14.6.1952', ''];
    for (const [i, originalDate] of dates.entries()) {
      const fixture = await imageFixture('png', { name: `taken-${i}.png`, width: 20 + i, height: 20 });
      const { payload, headers } = multipartUpload(
        { title: `${mark} ${i}`, originalDate },
        { path: fixture },
      );
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/media',
        payload,
        headers: { ...headers, cookie: editor.cookie! },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `/api/gallery?q=${encodeURIComponent(mark)}&sort=taken&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await t.app.inject({ url: query });
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as {
        items: { title: string; originalDate: string | null }[];
        nextCursor: string | null;
      };
      seen.push(...page.items.map((item) => item.originalDate ?? ''));
      cursor = page.nextCursor;
    } while (cursor);
    // "áðrenn 1930" has no first day: it is undated for the order, as the blank ones.
    expect(seen.slice(0, 4)).toEqual(['1950s', '14.6.1952', '1962', 'summarið 1962']);
    expect(seen.slice(4).sort()).toEqual(['', '', 'áðrenn 1930']);
  });
});

describe('the staff list of dates not understood', () => {
  it('lists the items whose written date could not be read, and no other', async () => {
    const unread = (await upload('1930')).json().media.id as string;
    const read = (await upload('1931')).json().media.id as string;
    const undated = (await upload('')).json().media.id as string;
    // Written before dates were read, or by a script: kept as text with no EDTF.
    await sql`update media_items set original_date = 'í gomlum døgum', original_date_edtf = null,
      original_date_earliest = null, original_date_latest = null where id = ${unread}`.execute(t.db);
    const res = await editor.get('/api/admin/media?originalDate=unread&limit=100');
    expect(res.statusCode, res.body).toBe(200);
    const ids = res.json().items.map((item: { id: string }) => item.id);
    expect(ids).toContain(unread);
    expect(ids).not.toContain(read);
    expect(ids).not.toContain(undated);
    expect(res.json().total).toBe(ids.length);
    expect((await editor.get('/api/admin/media?originalDate=other')).statusCode).toBe(400);
  });
});

describe('the migration that reads the dates already written', () => {
  it('understands what it can and keeps the rest as text with no EDTF and no days', async () => {
    // biome-ignore lint/suspicious/noExplicitAny: migrations take the untyped schema
    const db = t.db as unknown as Kysely<any>;
    const migration = migrations['20261125_0022_original_date_understood']!;
    const ids: string[] = [];
    for (const text of ['um 1950', 'juni 1952', 'einaferð í gomlum døgum']) {
      const { id } = (await upload('1900')).json().media;
      await sql`update media_items set original_date = ${text} where id = ${id}`.execute(db);
      ids.push(id);
    }
    await migration.down!(db);
    await migration.up(db);
    expect(await days('media_items', ids[0]!)).toEqual({
      edtf: '1950~',
      earliest: '1950-01-01',
      latest: '1950-12-31',
    });
    expect(await days('media_items', ids[1]!)).toEqual({
      edtf: '1952-06',
      earliest: '1952-06-01',
      latest: '1952-06-30',
    });
    expect(await days('media_items', ids[2]!)).toEqual({ edtf: null, earliest: null, latest: null });
    const kept = await t.db
      .selectFrom('media_items')
      .select('original_date')
      .where('id', '=', ids[2]!)
      .executeTakeFirst();
    expect(kept?.original_date).toBe('einaferð í gomlum døgum');
  });
});
