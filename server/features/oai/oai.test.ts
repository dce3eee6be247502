import { execFile } from 'node:child_process';
import { createServer } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asRole, buildCategory, buildMedia, buildMediaMany } from '#server/test/factories.ts';
import { originalDateColumns } from '#server/features/media/original-date.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '#server/test/harness.ts';
import { HARVEST_SCHEMA, xmlSchemaErrors } from '#server/test/xml-schema.ts';
import { deleteMediaMany } from '../media/media.repository.ts';
import { PAGE_SIZE } from './oai.service.ts';
import { createTokenCodec } from './resumption-token.ts';

/**
 * OAI-PMH (issue 26 §3), proven by parts we did not write: every answer is validated by xmllint
 * against the official schemas (copied beside this file, standards/README.md), and Debian's own
 * harvester (HTTP::OAI's `oai_pmh`) harvests the archive to its end through resumption tokens.
 */
const HOST = '127.0.0.1';

/** xmllint's verdict on one answer: '' when it is valid, else what it says. */
const schemaErrors = (xml: string) => xmlSchemaErrors(HARVEST_SCHEMA, { xml });

const all = (xml: string, re: RegExp) => [...xml.matchAll(re)].map((m) => m[1] as string);
const errorCode = (xml: string) => /<error code="([^"]+)"/.exec(xml)?.[1];
const tokenOf = (xml: string) => /<resumptionToken[^>]*>([^<]*)<\/resumptionToken>/.exec(xml)?.[1];

let t: TestApp;
let editor: Awaited<ReturnType<typeof asRole>>;
let publicIds: string[] = [];
let goneIds: string[] = [];
let setSpec = '';
let inSet: string[] = [];

async function oai(query: string, method: 'GET' | 'POST' = 'GET') {
  const res =
    method === 'GET'
      ? await t.app.inject({ method: 'GET', url: `/oai?${query}` })
      : await t.app.inject({
          method: 'POST',
          url: '/oai',
          payload: query,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('text/xml; charset=utf-8');
  expect(schemaErrors(res.body)).toBe('');
  return res.body;
}

beforeAll(async () => {
  t = await createTestApp({ config: { mailFrom: 'Savnið <savn@example.fo>' } });
  editor = await asRole(t, 'editor');
  const open = await buildCategory(t, { name: 'Bygdir & fólk', description: 'Myndir úr bygdunum' });
  const closed = await buildCategory(t, { name: 'Loynt', is_public: false });
  setSpec = open.display_id;
  const odd = await buildMedia(t, {
    title: 'Tað <gamla> "húsið" & \u0001 bátarnir',
    description: 'Um húsini',
    photographer: 'J. Patursson',
    keywords: ['hús', 'bátar'],
    location: 'Gøta',
    // As an archivist writes it; harvested as EDTF (issue 28 §6).
    ...originalDateColumns('um 1920'),
    category_id: open.id,
    rights: 'http://creativecommons.org/publicdomain/mark/1.0/',
    attribution_text: 'Savnið',
  });
  const many = await buildMediaMany(t, 2 * PAGE_SIZE + 30, (i) => ({
    category_id: i % 3 === 0 ? open.id : i % 3 === 1 ? closed.id : null,
  }));
  await buildMediaMany(t, 5, () => ({ is_public: false }));
  const rows = [odd, ...many];
  // Every way a public item leaves the public: delete, bulk delete, unpublish, bulk unpublish.
  const [a, b, c, d, e, f] = rows.slice(-6).map((r) => r.id) as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  expect((await editor.delete(`/api/admin/media/${a}`)).statusCode).toBe(204);
  expect((await editor.post('/api/admin/media/bulk', { ids: [b, c], action: 'delete' })).statusCode).toBe(
    200,
  );
  expect((await editor.patch(`/api/admin/media/${d}`, { isPublic: false })).statusCode).toBe(200);
  expect((await editor.post('/api/admin/media/bulk', { ids: [e, f], action: 'unpublish' })).statusCode).toBe(
    200,
  );
  goneIds = [a, b, c, d, e, f];
  publicIds = rows.map((r) => r.id).filter((id) => !goneIds.includes(id));
  inSet = rows.filter((r) => r.category_id === open.id && !goneIds.includes(r.id)).map((r) => r.id);
  inSet.push(...rows.filter((r) => r.category_id === open.id && goneIds.includes(r.id)).map((r) => r.id));
});
afterAll(() => t?.close());

const idOf = (identifier: string) => identifier.replace(`oai:${HOST}:`, '');

describe('GET /oai: the six verbs', () => {
  it('Identify names the repository, its base URL, persistent deletions and seconds', async () => {
    const xml = await oai('verb=Identify');
    expect(xml).toContain(`<baseURL>${TEST_ORIGIN}/oai</baseURL>`);
    expect(xml).toContain('<adminEmail>savn@example.fo</adminEmail>');
    expect(xml).toContain('<deletedRecord>persistent</deletedRecord>');
    expect(xml).toContain('<granularity>YYYY-MM-DDThh:mm:ssZ</granularity>');
    expect(xml).toMatch(/<earliestDatestamp>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ<\/earliestDatestamp>/);
    // An address is no repository identifier of the oai-identifier scheme: no such description.
    expect(xml).not.toContain('<oai-identifier');
  });

  it('Identify describes the identifiers (oai-identifier) when PUBLIC_URL names a host', async () => {
    const named = await createTestApp({ config: { publicUrl: 'http://arkiv.example.fo' } });
    try {
      const res = await named.app.inject('/oai?verb=Identify');
      expect(schemaErrors(res.body)).toBe('');
      expect(res.body).toContain('<repositoryIdentifier>arkiv.example.fo</repositoryIdentifier>');
      expect(res.body).toContain('<baseURL>http://arkiv.example.fo/oai</baseURL>');
    } finally {
      await named.close();
    }
  });

  it('ListMetadataFormats offers oai_dc, for the repository and for one item', async () => {
    expect(await oai('verb=ListMetadataFormats')).toContain('<metadataPrefix>oai_dc</metadataPrefix>');
    expect(await oai(`verb=ListMetadataFormats&identifier=oai:${HOST}:${publicIds[0]}`)).toContain(
      '<metadataPrefix>oai_dc</metadataPrefix>',
    );
  });

  it('ListSets lists the public categories only, by their display id, with the description', async () => {
    const xml = await oai('verb=ListSets');
    expect(all(xml, /<setSpec>([^<]+)<\/setSpec>/g)).toEqual([setSpec]);
    expect(xml).toContain('<setName>Bygdir &amp; fólk</setName>');
    expect(xml).toContain('<dc:description xml:lang="fo">Myndir úr bygdunum</dc:description>');
  });

  it('GetRecord answers an item in Dublin Core, with its rights statement URI and the languages', async () => {
    const xml = await oai(`verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:${HOST}:${publicIds[0]}`);
    expect(xml).toContain(
      '<dc:title xml:lang="fo">Tað &lt;gamla&gt; &quot;húsið&quot; &amp;  bátarnir</dc:title>',
    );
    expect(xml).toContain('<dc:rights>http://creativecommons.org/publicdomain/mark/1.0/</dc:rights>');
    expect(xml).toContain('<dc:rights xml:lang="en">Public Domain Mark 1.0</dc:rights>');
    expect(xml).toContain('<dc:type>StillImage</dc:type>');
    expect(xml).toContain('<dc:creator>J. Patursson</dc:creator>');
    expect(xml).toContain('<dc:date>1920~</dc:date>');
    expect(xml).toContain('<dc:coverage xml:lang="fo">Gøta</dc:coverage>');
    expect(xml).toContain(`<dc:identifier>${TEST_ORIGIN}/media/${publicIds[0]}</dc:identifier>`);
    expect(xml).toContain('<dc:subject xml:lang="fo">bátar</dc:subject>');
    expect(xml).toContain(`<setSpec>${setSpec}</setSpec>`);
  });

  it("names the site's title as the repository and as every record's publisher", async () => {
    const admin = await asRole(t, 'admin');
    const title = async (siteTitle: string) =>
      expect(
        (await admin.put('/api/admin/settings', { settings: { site_title: siteTitle } })).statusCode,
      ).toBe(200);
    await title('Myndasavn Gøtu & Leirvíkar');
    try {
      expect(await oai('verb=Identify')).toContain(
        '<repositoryName>Myndasavn Gøtu &amp; Leirvíkar</repositoryName>',
      );
      const page = await oai('verb=ListRecords&metadataPrefix=oai_dc');
      const records = page.split('<record>').slice(1);
      const published = records.filter((record) => !record.includes('status="deleted"'));
      expect(published.length).toBeGreaterThan(0);
      for (const record of published)
        expect(all(record, /<dc:publisher>([^<]*)<\/dc:publisher>/g)).toEqual([
          'Myndasavn Gøtu &amp; Leirvíkar',
        ]);
      expect(
        await oai(`verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:${HOST}:${publicIds[0]}`),
      ).toContain('<dc:publisher>Myndasavn Gøtu &amp; Leirvíkar</dc:publisher>');
    } finally {
      await title('');
    }
  });

  it('GetRecord answers a deleted item as a header with status="deleted"', async () => {
    const xml = await oai(`verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:${HOST}:${goneIds[0]}`);
    expect(xml).toContain('<header status="deleted">');
    expect(xml).not.toContain('<metadata>');
  });

  it('a full ListRecords harvest pages by resumption token to exactly the public items and the tombstones', async () => {
    const seen: string[] = [];
    const deleted: string[] = [];
    let xml = await oai('verb=ListRecords&metadataPrefix=oai_dc');
    const total = publicIds.length + goneIds.length;
    for (let page = 0; ; page += 1) {
      expect(xml).toContain(`completeListSize="${total}"`);
      expect(xml).toContain(`cursor="${page * PAGE_SIZE}"`);
      const records = xml.split('<record>').slice(1);
      expect(records.length).toBeLessThanOrEqual(PAGE_SIZE);
      for (const record of records) {
        const id = idOf(/<identifier>([^<]+)<\/identifier>/.exec(record)?.[1] ?? '');
        seen.push(id);
        if (record.includes('status="deleted"')) deleted.push(id);
      }
      const token = tokenOf(xml);
      if (!token) break;
      xml = await oai(`verb=ListRecords&resumptionToken=${encodeURIComponent(token)}`);
    }
    expect(xml).toMatch(/<resumptionToken completeListSize="\d+" cursor="\d+"\/>/);
    expect(seen.length).toBe(new Set(seen).size);
    expect(new Set(seen)).toEqual(new Set([...publicIds, ...goneIds]));
    expect(new Set(deleted)).toEqual(new Set(goneIds));
  });

  it('ListIdentifiers of one set pages through the set, tombstones included', async () => {
    const seen: string[] = [];
    let xml = await oai(`verb=ListIdentifiers&metadataPrefix=oai_dc&set=${setSpec}`);
    for (;;) {
      expect(xml).not.toContain('<metadata>');
      seen.push(...all(xml, /<identifier>([^<]+)<\/identifier>/g).map(idOf));
      const token = tokenOf(xml);
      if (!token) break;
      xml = await oai(`verb=ListIdentifiers&resumptionToken=${encodeURIComponent(token)}`);
    }
    expect(new Set(seen)).toEqual(new Set(inSet));
  });

  it('from/until select by datestamp to the second, inclusive at both ends', async () => {
    await t.db
      .updateTable('media_items')
      .set({ updated_at: '2001-02-03T04:05:06.700Z' })
      .where('id', '=', publicIds[1]!)
      .execute();
    await t.db
      .updateTable('media_items')
      .set({ updated_at: '2001-02-03T04:05:07.100Z' })
      .where('id', '=', publicIds[2]!)
      .execute();
    const ids = async (query: string) =>
      all(
        await oai(`verb=ListIdentifiers&metadataPrefix=oai_dc&${query}`),
        /<identifier>([^<]+)<\/identifier>/g,
      ).map(idOf);
    expect(await ids('from=2001-02-03T04:05:06Z&until=2001-02-03T04:05:06Z')).toEqual([publicIds[1]]);
    expect(await ids('from=2001-02-03T04:05:06Z&until=2001-02-03T04:05:07Z')).toEqual([
      publicIds[1],
      publicIds[2],
    ]);
    expect(await ids('from=2001-02-03&until=2001-02-03')).toEqual([publicIds[1], publicIds[2]]);
    expect(await oai('verb=ListIdentifiers&metadataPrefix=oai_dc&until=2001-02-03T04:05:06Z')).toContain(
      '<datestamp>2001-02-03T04:05:06Z</datestamp>',
    );
  });

  it('POST with a form body answers as GET does', async () => {
    expect(await oai('verb=Identify', 'POST')).toContain('<Identify>');
  });
});

describe('GET /oai: the protocol errors', () => {
  const cases: [string, string][] = [
    ['', 'badVerb'],
    ['verb=Frobnicate', 'badVerb'],
    ['verb=Identify&verb=Identify', 'badVerb'],
    ['verb=Identify&set=x', 'badArgument'],
    ['verb=ListRecords', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=oai_dc&metadataPrefix=oai_dc', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=oai_dc&from=2001-02-30', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=oai_dc&from=2001-02-03T04:05Z', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=oai_dc&from=2001-02-03&until=2001-02-04T00:00:00Z', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=oai_dc&from=2002-01-01&until=2001-01-01', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=oai_dc&resumptionToken=abc', 'badArgument'],
    [`verb=ListRecords&metadataPrefix=oai_dc&set=${'x'.repeat(201)}`, 'badArgument'],
    ['verb=GetRecord&identifier=oai:x:y', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=marc21', 'cannotDisseminateFormat'],
    ['verb=ListRecords&resumptionToken=not-a-token', 'badResumptionToken'],
    [`verb=ListRecords&resumptionToken=${'x'.repeat(3000)}`, 'badArgument'],
    ['verb=ListSets&resumptionToken=anything', 'badResumptionToken'],
    ['verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:elsewhere.org:1', 'idDoesNotExist'],
    [
      'verb=ListMetadataFormats&identifier=oai:127.0.0.1:00000000-0000-4000-8000-000000000000',
      'idDoesNotExist',
    ],
    ['verb=ListRecords&metadataPrefix=oai_dc&from=2999-01-01', 'noRecordsMatch'],
    ['verb=ListIdentifiers&metadataPrefix=oai_dc&set=CAT-99999', 'noRecordsMatch'],
  ];
  for (const [query, code] of cases) {
    it(`${query.slice(0, 90) || '(no arguments)'} → ${code}`, async () => {
      const xml = await oai(query);
      expect(errorCode(xml)).toBe(code);
      // After badVerb or badArgument the request element has no attributes.
      if (code === 'badVerb' || code === 'badArgument') expect(xml).toContain('<request>');
    });
  }

  it('GetRecord of a private item is idDoesNotExist, as for one that never was', async () => {
    const hidden = await buildMedia(t, { is_public: false });
    expect(
      errorCode(await oai(`verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:${HOST}:${hidden.id}`)),
    ).toBe('idDoesNotExist');
  });

  it('a token altered by one character, signed with another secret, of another verb, or expired is badResumptionToken', async () => {
    const first = await oai('verb=ListRecords&metadataPrefix=oai_dc');
    const token = tokenOf(first)!;
    const flipped = `${token.slice(0, 10)}${token[10] === 'A' ? 'B' : 'A'}${token.slice(11)}`;
    const state = {
      verb: 'ListRecords',
      set: null,
      from: null,
      until: null,
      after: { datestamp: '2001-01-01T00:00:00.000000Z', id: publicIds[0]! },
      cursor: 100,
      total: 300,
    } as const;
    const now = Math.floor(Date.now() / 1000);
    const forged = createTokenCodec('another-secret-another-secret-123456').encode({
      ...state,
      expires: now + 60,
    });
    const expired = createTokenCodec(t.ctx.config.sessionSecret).encode({ ...state, expires: now - 1 });
    for (const bad of [flipped, forged, expired]) {
      expect(errorCode(await oai(`verb=ListRecords&resumptionToken=${encodeURIComponent(bad)}`))).toBe(
        'badResumptionToken',
      );
    }
    expect(errorCode(await oai(`verb=ListIdentifiers&resumptionToken=${encodeURIComponent(token)}`))).toBe(
      'badResumptionToken',
    );
    // The genuine one still works.
    expect(
      errorCode(await oai(`verb=ListRecords&resumptionToken=${encodeURIComponent(token)}`)),
    ).toBeUndefined();
  });

  it('ListSets with no public category is noSetHierarchy', async () => {
    await t.db.updateTable('categories').set({ is_public: false }).execute();
    try {
      expect(errorCode(await oai('verb=ListSets'))).toBe('noSetHierarchy');
    } finally {
      await t.db
        .updateTable('categories')
        .set({ is_public: true })
        .where('display_id', '=', setSpec)
        .execute();
    }
  });
});

describe('tombstones', () => {
  it('a category made private takes its items out of its set with a new datestamp, and back again', async () => {
    const item = inSet.find((id) => !goneIds.includes(id))!;
    const get = () => oai(`verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:${HOST}:${item}`);
    const stamp = (xml: string) => /<datestamp>([^<]+)</.exec(xml)?.[1];
    await t.db
      .updateTable('media_items')
      .set({ updated_at: '2001-01-01T00:00:00Z' })
      .where('id', '=', item)
      .execute();
    const category = await t.db
      .selectFrom('categories')
      .select('id')
      .where('display_id', '=', setSpec)
      .executeTakeFirstOrThrow();
    expect((await editor.patch(`/api/admin/categories/${category.id}`, { isPublic: false })).statusCode).toBe(
      200,
    );
    const hidden = await get();
    expect(hidden).not.toContain('<setSpec>');
    expect(stamp(hidden)).not.toBe('2001-01-01T00:00:00Z');
    expect(errorCode(await oai(`verb=ListIdentifiers&metadataPrefix=oai_dc&set=${setSpec}`))).toBe(
      'noRecordsMatch',
    );
    expect((await editor.patch(`/api/admin/categories/${category.id}`, { isPublic: true })).statusCode).toBe(
      200,
    );
    expect(await get()).toContain(`<setSpec>${setSpec}</setSpec>`);
  });

  it('publishing an item again takes its tombstone away', async () => {
    const item = await buildMedia(t);
    expect((await editor.patch(`/api/admin/media/${item.id}`, { isPublic: false })).statusCode).toBe(200);
    const id = `oai:${HOST}:${item.id}`;
    expect(await oai(`verb=GetRecord&metadataPrefix=oai_dc&identifier=${id}`)).toContain('status="deleted"');
    expect((await editor.patch(`/api/admin/media/${item.id}`, { isPublic: true })).statusCode).toBe(200);
    expect(await oai(`verb=GetRecord&metadataPrefix=oai_dc&identifier=${id}`)).not.toContain(
      'status="deleted"',
    );
  });
});

/** A free local port, so the app's PUBLIC_URL (its OAI base URL) is the address it listens on. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

describe('an answer longer than a written piece', () => {
  it('arrives whole, its letters of two, three and four bytes unbroken across the pieces', async () => {
    const own = await createTestApp();
    try {
      // Far past one 32 kB piece, in letters UTF-8 writes as two (ð, ø), three (€) and
      // four bytes (𝄞), so a piece's edge falls inside every kind.
      const description = `${'ð'.repeat(9_000)}€${'ø'.repeat(7_001)}${'𝄞'.repeat(3_000)}€`;
      const item = await buildMedia(own, { description });
      const res = await own.app.inject({
        method: 'GET',
        url: `/oai?verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:${new URL(own.ctx.config.publicUrl).hostname}:${item.id}`,
      });
      expect(res.statusCode).toBe(200);
      expect(schemaErrors(res.body)).toBe('');
      expect(res.body).toContain(`<dc:description xml:lang="fo">${description}</dc:description>`);
      const list = await own.app.inject({
        method: 'GET',
        url: '/oai?verb=ListRecords&metadataPrefix=oai_dc',
      });
      expect(schemaErrors(list.body)).toBe('');
      expect(list.body).toContain(`<dc:description xml:lang="fo">${description}</dc:description>`);
    } finally {
      await own.close();
    }
  });
});

describe("Debian's OAI-PMH harvester (HTTP::OAI's oai_pmh)", () => {
  it('harvests ListRecords to the end through the resumption tokens: every public item and every tombstone', async () => {
    const port = await freePort();
    const served = await createTestApp({ config: { publicUrl: `http://127.0.0.1:${port}` } });
    try {
      const rows = await buildMediaMany(served, PAGE_SIZE + 20);
      // Deleted in the database (the tombstones are the database's own: migration 0019).
      const gone = rows.slice(0, 3).map((r) => r.id);
      await deleteMediaMany(served.db, gone);
      await served.app.listen({ port, host: '127.0.0.1' });
      const { stdout } = await promisify(execFile)(
        'oai_pmh',
        ['-X', 'ListRecords', '--metadataPrefix', 'oai_dc', `http://127.0.0.1:${port}/oai`],
        { maxBuffer: 64 * 1024 * 1024 },
      );
      // It prints each record as 'identifier: …', 'datestamp: …', 'status: [deleted]', then the
      // metadata, records apart by a form feed.
      const records = stdout.split('\f').filter((part) => /^identifier: /m.test(part));
      const idOfRecord = (r: string) => /^identifier: oai:127\.0\.0\.1:(\S+)$/m.exec(r)?.[1];
      const ids = records.map(idOfRecord);
      const deleted = records.filter((r) => /^status: deleted$/m.test(r)).map(idOfRecord);
      expect(records.filter((r) => r.includes('<dc:title'))).toHaveLength(rows.length - gone.length);
      expect(ids.length).toBe(rows.length);
      expect(new Set(ids)).toEqual(new Set(rows.map((r) => r.id)));
      expect(new Set(deleted)).toEqual(new Set(gone));
    } finally {
      await served.close();
    }
  });
});
