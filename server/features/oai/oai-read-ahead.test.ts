import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asRole, buildMediaMany } from '#server/test/factories.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { PAGE_SIZE, PAGES_PER_READ } from './oai.service.ts';

/**
 * A harvest's next pages are read with the first, and the next while the current one is sent
 * (oai.service.ts, `readPages`, `readAhead`). Their rows are kept as the other kept answers are: a write through the API drops them, so what a
 * harvester is sent is never older than the last write. Under vitest nothing is kept unless
 * PAGE_CACHE_MS is set, so this file sets it (per-file.ts restores the environment after it).
 */
let t: TestApp;
let editor: Awaited<ReturnType<typeof asRole>>;

const tokenOf = (xml: string) => /<resumptionToken[^>]*>([^<]+)<\/resumptionToken>/.exec(xml)?.[1];
const records = (xml: string) => xml.split('<record>').slice(1);
const idOf = (record: string) => /<identifier>oai:[^:]+:([^<]+)<\/identifier>/.exec(record)?.[1] ?? '';
const titleOf = (record: string) => /<dc:title[^>]*>([^<]*)<\/dc:title>/.exec(record)?.[1];

async function oai(query: string) {
  const res = await t.app.inject({ method: 'GET', url: `/oai?${query}` });
  expect(res.statusCode).toBe(200);
  return res.body;
}

beforeAll(async () => {
  process.env.PAGE_CACHE_MS = '60000';
  t = await createTestApp();
  editor = await asRole(t, 'editor');
  // More than one read of pages (its last row only says the list goes on), and a part of another.
  await buildMediaMany(t, PAGES_PER_READ * PAGE_SIZE + 2 * PAGE_SIZE + 10);
});
afterAll(() => t.close());

/** The first page and, as its first record, the item the second page starts with. */
async function firstPage() {
  const xml = await oai('verb=ListRecords&metadataPrefix=oai_dc');
  const token = tokenOf(xml);
  expect(token).toBeDefined();
  return { token: token as string, ids: records(xml).map(idOf) };
}

describe('OAI-PMH: the next page read ahead', () => {
  it('sends the next pages as they were read with the first', async () => {
    // Nothing kept to begin with: a write through the API drops every kept page.
    const { ids } = await firstPage();
    const edit = (id: string, title: string) => editor.patch(`/api/admin/media/${id}`, { title });
    expect((await edit(ids[0] as string, 'Nýtt heiti')).statusCode).toBe(200);
    const { token } = await firstPage();
    // A change made outside the API (as a background job's is) after the first page was sent: the
    // second page was read already, so it still has the titles it had; asked anew it would not.
    await t.db.updateTable('media_items').set({ title: 'Broytt uttanum' }).execute();
    const second = records(await oai(`verb=ListRecords&resumptionToken=${encodeURIComponent(token)}`));
    expect(second.length).toBe(PAGE_SIZE);
    expect(second.map(titleOf)).not.toContain('Broytt uttanum');
    // After a write through the API the pages are read again, with the change.
    expect((await edit(ids[1] as string, 'Annað heiti')).statusCode).toBe(200);
    const again = await firstPage();
    const fresh = records(await oai(`verb=ListRecords&resumptionToken=${encodeURIComponent(again.token)}`));
    expect(fresh.map(titleOf)).toContain('Broytt uttanum');
  });

  it('reads the next pages while the pages already read are sent, not when they run out', async () => {
    // A write through the API drops every kept page: the harvest below starts from nothing.
    const { ids } = await firstPage();
    expect((await editor.patch(`/api/admin/media/${ids[2]}`, { title: 'Aftur nýtt' })).statusCode).toBe(200);
    let xml = await oai('verb=ListRecords&metadataPrefix=oai_dc');
    for (let page = 2; page < PAGES_PER_READ; page++)
      xml = await oai(`verb=ListRecords&resumptionToken=${encodeURIComponent(tokenOf(xml) as string)}`);
    // Changed outside the API before the last page of the first read is asked for: the read after
    // it began with the first page, so the page after the first read still has the titles it had.
    await t.db.updateTable('media_items').set({ title: 'Broytt seinni' }).execute();
    xml = await oai(`verb=ListRecords&resumptionToken=${encodeURIComponent(tokenOf(xml) as string)}`);
    xml = await oai(`verb=ListRecords&resumptionToken=${encodeURIComponent(tokenOf(xml) as string)}`);
    expect(records(xml).length).toBe(PAGE_SIZE);
    expect(records(xml).map(titleOf)).not.toContain('Broytt seinni');
  });

  it('drops what it read ahead at a write through the API: an item made private meanwhile is not sent', async () => {
    const { token, ids } = await firstPage();
    const secondIds = records(await oai(`verb=ListRecords&resumptionToken=${encodeURIComponent(token)}`)).map(
      idOf,
    );
    const hidden = secondIds[3] as string;

    const { token: again } = await firstPage();
    const res = await editor.patch(`/api/admin/media/${hidden}`, { isPublic: false });
    expect(res.statusCode).toBe(200);
    const after = records(await oai(`verb=ListRecords&resumptionToken=${encodeURIComponent(again)}`));
    const sentFull = after.filter((r) => !r.includes('status="deleted"')).map(idOf);
    expect(sentFull).not.toContain(hidden);
    expect(ids).not.toContain(hidden);
  });

  it('a whole harvest with pages read ahead sends every public item once', async () => {
    const seen: string[] = [];
    let xml = await oai('verb=ListRecords&metadataPrefix=oai_dc');
    for (;;) {
      seen.push(...records(xml).map(idOf));
      const token = tokenOf(xml);
      if (!token) break;
      xml = await oai(`verb=ListRecords&resumptionToken=${encodeURIComponent(token)}`);
    }
    const expected = await t.db
      .selectFrom('media_items')
      .select('id')
      .where('is_public', '=', true)
      .execute();
    expect(seen.length).toBe(new Set(seen).size);
    for (const { id } of expected) expect(seen).toContain(id);
  });
});
