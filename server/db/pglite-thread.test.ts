/**
 * PGlite on its own thread (pglite-thread.ts): what crosses the thread boundary keeps its type and
 * its error fields, a transaction holds the database alone while plain queries run back to back,
 * and the main thread stays free while the database works.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openPgliteInMemory } from './database.ts';

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openPgliteInMemory();
  await sql`create table t (id int primary key, note text, at timestamptz, data bytea, doc jsonb, big int8)`.execute(
    handle.db,
  );
});
afterAll(async () => {
  await handle?.close();
});

const rows = () =>
  sql<{ id: number }>`select id from t order by id`.execute(handle.db).then((r) => r.rows.map((x) => x.id));

describe('PGlite on its own thread', () => {
  it('keeps dates, bytes, JSON and big integers as they were', async () => {
    const at = new Date('1956-07-29T10:15:00.000Z');
    const data = new Uint8Array([0, 1, 254, 255]);
    const result =
      await sql`insert into t values (1, ${'Tórshavn'}, ${at}, ${data}, ${JSON.stringify({ a: [1, 'ø'] })}, ${'9007199254740993'}) returning *`.execute(
        handle.db,
      );
    expect(result.numAffectedRows).toBe(1n);
    const row = result.rows[0] as Record<string, unknown>;
    expect(row.note).toBe('Tórshavn');
    expect(row.at).toBeInstanceOf(Date);
    expect((row.at as Date).toISOString()).toBe(at.toISOString());
    expect(row.data).toBeInstanceOf(Uint8Array);
    expect([...(row.data as Uint8Array)]).toEqual([0, 1, 254, 255]);
    expect(row.doc).toEqual({ a: [1, 'ø'] });
    expect(row.big).toBe(9007199254740993n);
    await sql`delete from t`.execute(handle.db);
  });

  it('keeps a database error’s code, constraint and message', async () => {
    await sql`insert into t (id) values (1)`.execute(handle.db);
    const error = await sql`insert into t (id) values (1)`.execute(handle.db).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 't_pkey' });
    expect((error as Error).message).toMatch(/duplicate key/);
    // The thread goes on answering after an error.
    expect(await rows()).toEqual([1]);
    await sql`delete from t`.execute(handle.db);
  });

  it('runs a transaction alone: a query sent meanwhile neither sees its rows nor joins it', async () => {
    let inside!: () => void;
    const insideReached = new Promise<void>((resolve) => {
      inside = resolve;
    });
    let sent!: () => void;
    const outsideSent = new Promise<void>((resolve) => {
      sent = resolve;
    });
    let settled = false;
    let settledDuring: boolean | undefined;
    let seenInside: number[] = [];
    const transaction = handle.db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into t (id) values (10)`.execute(trx);
        inside();
        await outsideSent;
        // Two round trips of the thread after the outside queries were sent: the thread answers in
        // the order it receives, so had they gone to it, their answers would have come back first.
        await sql`select 1`.execute(trx);
        seenInside = (await sql<{ id: number }>`select id from t order by id`.execute(trx)).rows.map(
          (r) => r.id,
        );
        settledDuring = settled;
        throw new Error('roll back');
      })
      .catch((error: Error) => error.message);
    await insideReached;
    // Sent while the transaction is open: it must wait for its end, not run inside it.
    const outsideWrite = sql`insert into t (id) values (11)`.execute(handle.db);
    const outsideRead = rows();
    void outsideRead.then(() => {
      settled = true;
    });
    sent();
    expect(await transaction).toBe('roll back');
    expect(settledDuring, 'the outside read was answered while the transaction was open').toBe(false);
    expect(seenInside, 'the outside write joined the transaction').toEqual([10]);
    await outsideWrite;
    // Both ran after the rollback, in the order sent: the transaction's row is gone, the outside
    // write stayed.
    expect(await outsideRead).toEqual([11]);
    expect(await rows()).toEqual([11]);
    await sql`delete from t`.execute(handle.db);
  });

  it('runs two transactions begun at once one after the other', async () => {
    const order: string[] = [];
    await Promise.all(
      ['a', 'b'].map((name, i) =>
        handle.db.transaction().execute(async (trx) => {
          order.push(`${name} begin`);
          await sql`insert into t (id) values (${20 + i})`.execute(trx);
          await new Promise((resolve) => setTimeout(resolve, 20));
          await sql`select 1`.execute(trx);
          order.push(`${name} end`);
        }),
      ),
    );
    expect(order).toEqual(['a begin', 'a end', 'b begin', 'b end']);
    expect(await rows()).toEqual([20, 21]);
    await sql`delete from t`.execute(handle.db);
  });

  it('keeps the event loop free while a long query runs', async () => {
    let ticks = 0;
    const timer = setInterval(() => {
      ticks += 1;
    }, 5);
    const started = performance.now();
    await sql`select count(*) from generate_series(1, 1000000) g where md5(g::text) like 'ab%'`.execute(
      handle.db,
    );
    const took = performance.now() - started;
    clearInterval(timer);
    // On the main thread the timer could not tick at all until the query ended.
    expect(took).toBeGreaterThan(100);
    expect(ticks).toBeGreaterThan(took / 5 / 4);
  });

  it('fails queries clearly after close', async () => {
    // A copy of the open one (no initdb: a fresh database costs several times the CPU).
    const other = await openPgliteInMemory(await handle.dumpDataDir!());
    await other.close();
    await expect(sql`select 1`.execute(other.db)).rejects.toThrow(/closed/);
  });
});
