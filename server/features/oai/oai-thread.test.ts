import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresUrlOf } from '#server/db/database.ts';
import { asRole, buildMediaMany } from '#server/test/factories.ts';
import { testEngine } from '#server/test/engine.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { writePages } from './oai-records.ts';
import { listRecords } from './oai.repository.ts';
import { createOaiThread, OAI_THREAD_APPLICATION, type OaiThread } from './oai-thread.ts';

/**
 * On PostgreSQL a harvest's pages are read and written on a thread of their own (oai-thread.ts):
 * the bytes it hands over are the bytes the server's thread writes from the same rows, and the
 * app's harvest goes through it.
 */
const silent = { error: () => {}, warn: () => {}, info: () => {} } as unknown as Parameters<
  typeof createOaiThread
>[1];

describe.runIf(testEngine() === 'postgres')('OAI-PMH: the harvest thread on PostgreSQL', () => {
  let t: TestApp;
  let thread: OaiThread;
  let url: string;
  const site = {
    idPrefix: 'oai:127.0.0.1:',
    publisher: { title: 'Savnið', publicUrl: 'http://127.0.0.1:3000' },
  };

  beforeAll(async () => {
    t = await createTestApp();
    url = postgresUrlOf(t.db) as string;
    thread = createOaiThread(url, silent);
    const editor = await asRole(t, 'editor');
    const items = await buildMediaMany(t, 250, (i) => ({
      // Letters of two, three and four bytes, markup to escape, and a text that is not XML.
      description: i % 7 === 0 ? 'Gøta & <Leirvík> 🐟 “um 1920” \u0001' : null,
      keywords: i % 5 === 0 ? ['hús', 'bátar'] : [],
    }));
    // Tombstones among the records.
    for (const item of items.slice(0, 3))
      expect((await editor.delete(`/api/admin/media/${item.id}`)).statusCode).toBe(204);
  });
  afterAll(async () => {
    await thread?.close();
    await t?.close();
  });

  it('writes the same bytes as the server thread from the same rows, page by page', async () => {
    for (const publisher of [site.publisher, undefined]) {
      const ask = { filter: {}, limit: 3 * 100 + 1, pageSize: 100, pages: 3, site: { ...site, publisher } };
      const written = await thread.read(ask);
      const here = writePages(await listRecords(t.db, {}, ask.limit), 100, 3, ask.site);
      expect(written.map((page) => page.count)).toEqual([100, 100, 50]);
      expect(written.map((page) => page.more)).toEqual([true, true, false]);
      expect(written.map((page) => page.last)).toEqual(here.map((page) => page.last));
      for (const [i, page] of written.entries())
        expect(Buffer.from(page.records).equals(Buffer.from(here[i]?.records ?? []))).toBe(true);
      expect(Buffer.from(written[0]?.records ?? []).toString()).toContain(
        publisher ? '<dc:title' : '<header',
      );
    }
    // A position past the last record: one empty page.
    const [last] = (await thread.read({ filter: {}, limit: 1000, pageSize: 100, pages: 10, site })).slice(-1);
    const after = last?.last ?? undefined;
    expect(await thread.read({ filter: { after }, limit: 101, pageSize: 100, pages: 1, site })).toEqual([
      { records: new Uint8Array(), count: 0, more: false, last: null },
    ]);
  });

  it('is what the harvest reads through, on a connection of its own', async () => {
    // Connections opened since the request began (this file's own thread opened its before).
    const { rows: now } = await sql<{ at: Date }>`select clock_timestamp() as at`.execute(t.db);
    const res = await t.app.inject({ method: 'GET', url: '/oai?verb=ListRecords&metadataPrefix=oai_dc' });
    expect(res.statusCode).toBe(200);
    expect(res.body.split('<record>')).toHaveLength(101);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
      where application_name = ${OAI_THREAD_APPLICATION} and datname = current_database()
        and backend_start >= ${now[0]?.at}`.execute(t.db);
    expect(rows[0]?.n).toBeGreaterThan(0);
  });

  it('fails what waits on it when it is stopped, and the next read starts another', async () => {
    const other = createOaiThread(url, silent);
    // Stopped while it starts.
    const waiting = other.read({ filter: {}, limit: 101, pageSize: 100, pages: 1, site });
    const stopped = other.close();
    await expect(waiting).rejects.toThrow(/stopped/);
    await stopped;
    const [page] = await other.read({ filter: {}, limit: 101, pageSize: 100, pages: 1, site });
    expect(page?.count).toBe(100);
    await other.close();
  });

  it('refuses a read when its database cannot be reached (no read waits forever)', async () => {
    const unreachable = createOaiThread('postgres://nobody@127.0.0.1:1/none', silent);
    await expect(
      unreachable.read({ filter: {}, limit: 101, pageSize: 100, pages: 1, site }),
    ).rejects.toThrow();
    await unreachable.close();
  });
});
