import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRefusal } from '#server/test/expect-refusal.ts';
import { asRoles } from '#server/test/factories.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { DEFAULT_TEXTS } from '#common/default-texts/default-texts.ts';
import { seedDefaultTexts } from './seed-default-texts.ts';

let t: TestApp;
let admin: string;
let editor: string;
let contributor: string;
beforeAll(async () => {
  t = await createTestApp();
  await seedDefaultTexts(t.db);
  const roles = await asRoles(t, ['admin', 'editor', 'public']);
  [admin, editor, contributor] = [roles.admin.cookie!, roles.editor.cookie!, roles.public.cookie!];
});
afterAll(() => t.close());

const request = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  cookie?: string | null,
  payload?: object,
  headers: Record<string, string> = {},
) => t.app.inject({ method, url, payload, headers: { ...headers, ...(cookie ? { cookie } : {}) } });

const messages = async (lang: string) => {
  const res = await request('GET', `/api/translations?lang=${lang}`);
  expect(res.statusCode).toBe(200);
  return res.json().messages as Record<string, string>;
};

const rowByKey = (key: string) =>
  t.db.selectFrom('translations').selectAll().where('key', '=', key).executeTakeFirstOrThrow();

describe('seeding the default texts', () => {
  it('adds every default text once, complete where both languages exist', async () => {
    const rows = await t.db.selectFrom('translations').selectAll().execute();
    const byKey = new Map(rows.map((r) => [r.key, r]));
    for (const [key, text] of Object.entries(DEFAULT_TEXTS)) {
      const row = byKey.get(key);
      expect(row, key).toBeDefined();
      expect(row!.faroese_text).toBe(text.fo);
      expect(row!.english_text).toBe(text.en ?? null);
      expect(row!.status).toBe(text.en === undefined ? 'incomplete' : 'complete');
    }
    expect(await seedDefaultTexts(t.db)).toEqual([]);
    const after = await t.db.selectFrom('translations').select('id').execute();
    expect(after).toHaveLength(rows.length);
  });

  it("never overwrites an admin's edit, and brings back a deleted default", async () => {
    const submit = await rowByKey('nav.submit');
    const edited = await request('PATCH', `/api/admin/translations/${submit.id}`, admin, {
      faroeseText: 'Send okkum tilfar her',
      status: 'needs_review',
    });
    expect(edited.statusCode).toBe(200);
    const about = await rowByKey('nav.about');
    expect((await request('DELETE', `/api/admin/translations/${about.id}`, admin)).statusCode).toBe(204);

    expect(await seedDefaultTexts(t.db)).toEqual(['nav.about']);
    const kept = await rowByKey('nav.submit');
    expect(kept.faroese_text).toBe('Send okkum tilfar her');
    expect(kept.status).toBe('needs_review');
    expect((await rowByKey('nav.about')).faroese_text).toBe(DEFAULT_TEXTS['nav.about']!.fo);
    expect((await messages('fo'))['nav.submit']).toBe('Send okkum tilfar her');
  });
});

describe('a default text corrected by a later release', () => {
  it('replaces the former default where nobody edited it, and keeps an edit', async () => {
    // As an earlier release seeded it: the admin area's refusal in Faroese.
    await t.db
      .updateTable('translations')
      .set({ faroese_text: 'Eingin atgongd' })
      .where('key', '=', 'guard.denied.title')
      .execute();
    expect(await seedDefaultTexts(t.db)).toEqual([]);
    expect((await rowByKey('guard.denied.title')).faroese_text).toBe('Access Denied');
    expect((await messages('fo'))['guard.denied.title']).toBe('Access Denied');

    const row = await rowByKey('guard.denied.title');
    const edited = await request('PATCH', `/api/admin/translations/${row.id}`, admin, {
      faroeseText: 'Onki atgongd her',
    });
    expect(edited.statusCode).toBe(200);
    await seedDefaultTexts(t.db);
    expect((await rowByKey('guard.denied.title')).faroese_text).toBe('Onki atgongd her');
  });
});

describe('GET /api/translations', () => {
  it('gives a visitor the Faroese texts, and English where a translation exists, else the Faroese', async () => {
    const created = await request('POST', '/api/admin/translations', admin, {
      key: 'test.only_faroese',
      faroeseText: 'Bert á føroyskum',
    });
    expect(created.statusCode).toBe(201);

    const fo = await messages('fo');
    const en = await messages('en');
    expect(fo['site.title']).toBe(DEFAULT_TEXTS['site.title']!.fo);
    expect(en['site.title']).toBe(DEFAULT_TEXTS['site.title']!.en);
    expect(en['site.title']).not.toBe(fo['site.title']);
    expect(fo['test.only_faroese']).toBe('Bert á føroyskum');
    expect(en['test.only_faroese']).toBe('Bert á føroyskum');
    expect((await request('GET', '/api/translations')).json().lang).toBe('fo');
    expectRefusal(await request('GET', '/api/translations?lang=de'), 400, 'VALIDATION_ERROR', ['lang']);
  });

  it('gives the public pages their texts only, with a tag of their own; the back-office every text', async () => {
    const all = await request('GET', '/api/translations?lang=en');
    const open = await request('GET', '/api/translations?lang=en&scope=public');
    const keys = Object.keys(open.json().messages);
    expect(keys).toContain('site.title');
    expect(keys).toContain('admin.nav.media');
    expect(keys).toContain('test.only_faroese');
    expect(keys.filter((key) => /^(admin\.media|activity)\./.test(key))).toEqual([]);
    expect(all.json().messages['admin.categories.create']).toBe(DEFAULT_TEXTS['admin.categories.create']!.en);
    expect(keys.length).toBeLessThan(Object.keys(all.json().messages).length / 2);
    expect(open.headers.etag).toMatch(/^"en-public-/);
    expect(open.headers.etag).not.toBe(all.headers.etag);
    const again = await request('GET', '/api/translations?lang=en&scope=public', null, undefined, {
      'if-none-match': String(open.headers.etag),
    });
    expect(again.statusCode).toBe(304);
  });

  it('answers an unchanged revalidation with 304 and an edited text with a new body', async () => {
    const first = await request('GET', '/api/translations?lang=en');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"en-/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await request('GET', '/api/translations?lang=en', null, undefined, {
      'if-none-match': etag,
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // The other language has its own tag.
    const fo = await request('GET', '/api/translations?lang=fo', null, undefined, { 'if-none-match': etag });
    expect(fo.statusCode).toBe(200);

    const row = await rowByKey('nav.sign_out');
    await request('PATCH', `/api/admin/translations/${row.id}`, admin, { englishText: 'Log out' });
    const changed = await request('GET', '/api/translations?lang=en', null, undefined, {
      'if-none-match': etag,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().messages['nav.sign_out']).toBe('Log out');
  });
});

describe('admin translations', () => {
  it('refuses visitors (401) and accounts other than admin (403) on every admin route', async () => {
    const row = await rowByKey('site.title');
    const calls = [
      ['GET', '/api/admin/translations', undefined],
      ['GET', '/api/admin/translations/export', undefined],
      ['POST', '/api/admin/translations', { key: 'x.denied', faroeseText: 'Nei' }],
      ['PATCH', `/api/admin/translations/${row.id}`, { faroeseText: 'Nei' }],
      ['DELETE', `/api/admin/translations/${row.id}`, undefined],
    ] as const;
    for (const [method, url, payload] of calls) {
      expect((await request(method, url, null, payload)).statusCode, `${method} ${url}`).toBe(401);
      expect((await request(method, url, contributor, payload)).statusCode, `${method} ${url}`).toBe(403);
      expect((await request(method, url, editor, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await rowByKey('site.title')).faroese_text).toBe(row.faroese_text);
    expect(
      await t.db.selectFrom('translations').select('id').where('key', '=', 'x.denied').executeTakeFirst(),
    ).toBeUndefined();
  });

  it('pages through every translation ordered by key, beyond the 200 rows the spec fetched', async () => {
    const rows = Array.from({ length: 210 }, (_, i) => ({
      key: `zz.bulk.${String(i).padStart(3, '0')}`,
      faroese_text: `Tekstur ${i}`,
    }));
    await t.db.insertInto('translations').values(rows).execute();
    const keys: string[] = [];
    let cursor: string | null = null;
    let total = 0;
    do {
      const res = await request(
        'GET',
        `/api/admin/translations?limit=100${cursor ? `&cursor=${cursor}` : ''}`,
        admin,
      );
      expect(res.statusCode).toBe(200);
      const page = res.json() as { items: { key: string }[]; total: number; nextCursor: string | null };
      keys.push(...page.items.map((r) => r.key));
      total = page.total;
      cursor = page.nextCursor;
    } while (cursor);
    const sorted = (await t.db.selectFrom('translations').select('key').orderBy('key').execute()).map(
      (r) => r.key,
    );
    expect(sorted.length).toBeGreaterThan(400);
    expect(total).toBe(sorted.length);
    expect(keys).toEqual(sorted);
  });

  it('filters by search text, status, component and missing English', async () => {
    await t.db
      .insertInto('translations')
      .values([
        {
          key: 'yy.filter.one',
          faroese_text: 'Hvalur',
          english_text: null,
          component: 'yyc',
          status: 'complete',
        },
        {
          key: 'yy.filter.two',
          faroese_text: 'Bátur',
          english_text: 'Yyboat',
          component: 'yyc',
          status: 'needs_review',
        },
      ])
      .execute();
    const list = async (query: string) =>
      (
        (await request('GET', `/api/admin/translations?${query}`, admin)).json() as {
          items: { key: string }[];
          total: number;
        }
      ).items.map((r) => r.key);
    expect(await list('q=hvalur')).toEqual(['yy.filter.one']);
    expect(await list('q=YYBOAT')).toEqual(['yy.filter.two']);
    expect(await list('component=yyc&status=needs_review')).toEqual(['yy.filter.two']);
    expect(await list('component=yyc&missingEnglish=true')).toEqual(['yy.filter.one']);
    const bad = await request('GET', '/api/admin/translations?cursor=not-a-cursor', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('BAD_CURSOR');
  });

  it('creates with key and Faroese text required, empty optional fields as null, status incomplete', async () => {
    const res = await request('POST', '/api/admin/translations', admin, {
      key: '  test.created  ',
      faroeseText: ' Nýggjur tekstur ',
      englishText: '',
      context: '   ',
      component: 'test',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().translation).toMatchObject({
      key: 'test.created',
      faroeseText: 'Nýggjur tekstur',
      englishText: null,
      context: null,
      component: 'test',
      status: 'incomplete',
    });
    const activity = await t.db
      .selectFrom('activity_logs')
      .select(['action', 'resource_name'])
      .where('resource_id', '=', res.json().translation.id)
      .execute();
    expect(activity).toEqual([{ action: 'translation.created', resource_name: 'test.created' }]);

    for (const bad of [
      { key: 'test.no_text' },
      { key: 'test.blank', faroeseText: '   ' },
      { faroeseText: 'Uttan lykil' },
      { key: 'has space', faroeseText: 'X' },
      { key: 'test.status', faroeseText: 'X', status: 'done' },
    ]) {
      const refused = await request('POST', '/api/admin/translations', admin, bad);
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });

  it('refuses a duplicate key with 409, on create and on rename', async () => {
    const dup = await request('POST', '/api/admin/translations', admin, {
      key: 'nav.submit',
      faroeseText: 'Annað',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({
      code: 'DUPLICATE_KEY',
      message: 'A translation with the key "nav.submit" already exists.',
    });
    const other = await request('POST', '/api/admin/translations', admin, {
      key: 'test.rename_me',
      faroeseText: 'Umdoyp meg',
    });
    const renamed = await request('PATCH', `/api/admin/translations/${other.json().translation.id}`, admin, {
      key: 'site.title',
    });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().message).toBe('A translation with the key "site.title" already exists.');
    expect((await rowByKey('test.rename_me')).faroese_text).toBe('Umdoyp meg');
  });

  it('updates only the fields sent, and deletes', async () => {
    const created = (
      await request('POST', '/api/admin/translations', admin, {
        key: 'test.update',
        faroeseText: 'Fyrst',
        englishText: 'First',
        context: 'Where it shows',
      })
    ).json().translation;
    const res = await request('PATCH', `/api/admin/translations/${created.id}`, admin, {
      englishText: '',
      status: 'complete',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().translation).toMatchObject({
      key: 'test.update',
      faroeseText: 'Fyrst',
      englishText: null,
      context: 'Where it shows',
      status: 'complete',
    });
    expect(new Date(res.json().translation.updatedAt).getTime()).toBeGreaterThan(
      new Date(created.updatedAt).getTime(),
    );

    expect((await request('DELETE', `/api/admin/translations/${created.id}`, admin)).statusCode).toBe(204);
    const gone = await request('DELETE', `/api/admin/translations/${created.id}`, admin);
    expectRefusal(gone, 404, 'NOT_FOUND');
    const missing = await request('PATCH', `/api/admin/translations/${created.id}`, admin, {
      faroeseText: 'X',
    });
    expectRefusal(missing, 404, 'NOT_FOUND');
    expect((await messages('fo'))['test.update']).toBeUndefined();
  });

  it('exports a JSON file of key → Faroese text', async () => {
    const res = await request('GET', '/api/admin/translations/export', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="translations.json"');
    const body = res.json() as Record<string, string>;
    const rows = await t.db
      .selectFrom('translations')
      .select(['key', 'faroese_text'])
      .orderBy('key')
      .execute();
    expect(Object.keys(body)).toEqual(rows.map((r) => r.key));
    expect(body).toEqual(Object.fromEntries(rows.map((r) => [r.key, r.faroese_text])));
  });
});

describe('GET /api/admin/translations/stats', () => {
  it('counts by status and missing English, with progress complete / total rounded and the components', async () => {
    const res = await request('GET', '/api/admin/translations/stats', admin);
    expect(res.statusCode).toBe(200);
    const rows = await t.db
      .selectFrom('translations')
      .select(['status', 'english_text', 'component'])
      .execute();
    const complete = rows.filter((r) => r.status === 'complete').length;
    expect(res.json()).toEqual({
      total: rows.length,
      complete,
      incomplete: rows.filter((r) => r.status === 'incomplete').length,
      needsReview: rows.filter((r) => r.status === 'needs_review').length,
      missingEnglish: rows.filter((r) => !r.english_text).length,
      progress: Math.round((complete / rows.length) * 100),
      components: [...new Set(rows.map((r) => r.component).filter((c): c is string => Boolean(c)))].sort(
        (a, b) => (a < b ? -1 : a > b ? 1 : 0),
      ),
    });
    expect(res.json().components).toContain('yyc');
    expect(res.json().needsReview).toBeGreaterThan(0);
  });

  it('refuses an editor', async () => {
    expectRefusal(await request('GET', '/api/admin/translations/stats', editor), 403, 'FORBIDDEN');
  });
});

describe('GET /api/admin/translations/export?include=english', () => {
  it('exports key → { faroese, english } with English null where there is none', async () => {
    const res = await request('GET', '/api/admin/translations/export?include=english', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="translations-with-english.json"');
    const body = res.json() as Record<string, { faroese: string; english: string | null }>;
    expect(body['site.title']).toEqual({
      faroese: (await rowByKey('site.title')).faroese_text,
      english: (await rowByKey('site.title')).english_text,
    });
    expect(body['yy.filter.one']).toEqual({ faroese: 'Hvalur', english: null });
    expect(Object.keys(body)).toHaveLength(
      (await t.db.selectFrom('translations').select('id').execute()).length,
    );
    expectRefusal(
      await request('GET', '/api/admin/translations/export?include=german', admin),
      400,
      'VALIDATION_ERROR',
    );
    expectRefusal(
      await request('GET', '/api/admin/translations/export?include=english', editor),
      403,
      'FORBIDDEN',
    );
  });
});

describe('POST /api/admin/translations/seed (the empty table)', () => {
  it('refuses an editor and seeds nothing', async () => {
    expectRefusal(await request('POST', '/api/admin/translations/seed', editor), 403, 'FORBIDDEN');
  });

  it('fills an empty table with every default text, complete where both languages exist, and logs it once', async () => {
    await t.db.deleteFrom('translations').execute();
    const empty = (await request('GET', '/api/admin/translations/stats', admin)).json();
    expect(empty).toMatchObject({ total: 0, complete: 0, progress: 0, components: [] });
    expect((await request('GET', '/api/admin/translations', admin)).json()).toEqual({
      items: [],
      total: 0,
      nextCursor: null,
    });

    const res = await request('POST', '/api/admin/translations/seed', admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ added: Object.keys(DEFAULT_TEXTS).length });
    const rows = await t.db.selectFrom('translations').selectAll().execute();
    expect(rows).toHaveLength(Object.keys(DEFAULT_TEXTS).length);
    for (const row of rows) {
      const text = DEFAULT_TEXTS[row.key]!;
      expect(row.faroese_text, row.key).toBe(text.fo);
      expect(row.status, row.key).toBe(text.en === undefined ? 'incomplete' : 'complete');
      expect(row.component, row.key).toBe(row.key.split('.')[0]);
    }
    expect((await messages('fo'))['nav.submit']).toBe(DEFAULT_TEXTS['nav.submit']!.fo);

    // Nothing missing: nothing added, nothing logged.
    expect((await request('POST', '/api/admin/translations/seed', admin)).json()).toEqual({ added: 0 });
    const log = await t.db
      .selectFrom('activity_logs')
      .select(['action', 'resource_name', 'details'])
      .where('resource_name', '=', 'Default texts')
      .execute();
    expect(log).toEqual([
      {
        action: 'translation.created',
        resource_name: 'Default texts',
        details: { seeded: Object.keys(DEFAULT_TEXTS).length },
      },
    ]);
  });

  it('logs every inline edit and delete with the key', async () => {
    const row = await rowByKey('nav.menu');
    await request('PATCH', `/api/admin/translations/${row.id}`, admin, {
      component: 'header',
      context: 'Menu button',
    });
    await request('DELETE', `/api/admin/translations/${row.id}`, admin);
    const log = await t.db
      .selectFrom('activity_logs')
      .select(['action', 'resource_name'])
      .where('resource_id', '=', row.id)
      .orderBy('created_at')
      .execute();
    expect(log).toEqual([
      { action: 'translation.updated', resource_name: 'nav.menu' },
      { action: 'translation.deleted', resource_name: 'nav.menu' },
    ]);
  });
});
