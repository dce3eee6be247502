import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openPostgres } from './database.ts';
import { testEngine } from '../test/engine.ts';
import { createTestDb } from '../test/harness.ts';
import { pollUntil } from '../test/poll.ts';
import { visitorsFirstFor } from '../jobs/visitors-first.ts';
import { DatabaseUpkeep, keepUp, needsUpkeep, tablesNeedingUpkeep } from './upkeep.ts';

let h: DatabaseHandle;
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(() => h.close());

/** The table's own counters and statistics, as the planner and the rules see them. */
async function stateOf(table: string) {
  const { rows } = await sql<{ dead: number; analyzed: boolean; vacuumed: boolean; reltuples: number }>`
    select s.n_dead_tup::int as dead, coalesce(s.last_analyze, s.last_autoanalyze) is not null as analyzed,
      coalesce(s.last_vacuum, s.last_autovacuum) is not null as vacuumed, c.reltuples::int as reltuples
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid where s.relname = ${table}`.execute(h.db);
  return rows[0]!;
}

const needOf = async (table: string) =>
  (await tablesNeedingUpkeep(h.db)).find((need) => need.table === table);

describe('the upkeep autovacuum would do', () => {
  it('analyzes and vacuums a table that was filled, and then finds nothing to do for it', async () => {
    const table = `upkeep_${Math.random().toString(36).slice(2, 8)}`;
    await sql`create table ${sql.id(table)} (id int primary key, v text)`.execute(h.db);
    await sql`insert into ${sql.id(table)} select g, md5(g::text) from generate_series(1, 5000) g`.execute(
      h.db,
    );
    // The counters reach the statistics a moment after the write (PGlite flushes them within a second or so).
    const need = await pollUntil('the insert is counted', () => needOf(table), { timeoutMs: 20_000 });
    expect(need).toEqual({ table, vacuum: true, analyze: true });
    expect(await stateOf(table)).toMatchObject({ analyzed: false, reltuples: -1 });

    const done = await keepUp(h.db);
    expect(done.find((d) => d.table === table)).toMatchObject({ vacuum: true, analyze: true });
    expect(await stateOf(table)).toMatchObject({ analyzed: true, vacuumed: true, reltuples: 5000 });
    expect(await needOf(table)).toBeUndefined();

    // A fifth of the rows updated: dead rows past 50 + 20 %, changes past 50 + 10 %.
    await sql`update ${sql.id(table)} set v = 'changed' where id <= 1100`.execute(h.db);
    await pollUntil('the dead rows are counted', async () => (await stateOf(table)).dead >= 1100, {
      timeoutMs: 20_000,
    });
    expect(await needOf(table)).toEqual({ table, vacuum: true, analyze: true });
    await keepUp(h.db);
    expect((await stateOf(table)).dead).toBe(0);
    expect(await needOf(table)).toBeUndefined();

    // Fewer than 10 % changed: nothing to do yet.
    await sql`update ${sql.id(table)} set v = 'again' where id <= 100`.execute(h.db);
    await pollUntil('the dead rows are counted', async () => (await stateOf(table)).dead >= 100, {
      timeoutMs: 20_000,
    });
    expect(await needOf(table)).toBeUndefined();
    await sql`drop table ${sql.id(table)}`.execute(h.db);
  });

  it('runs where autovacuum does not: the embedded database, or PostgreSQL with it off', async () => {
    if (testEngine() === 'pglite') expect(await needsUpkeep(h)).toBe(true);
    else {
      const { rows } = await sql<{ autovacuum: string }>`show autovacuum`.execute(h.db);
      expect(await needsUpkeep(h)).toBe(rows[0]!.autovacuum !== 'on');
    }
  });

  it('keeps the tables up in the background, and its rounds stop with it', async () => {
    const table = `upkeep_${Math.random().toString(36).slice(2, 8)}`;
    await sql`create table ${sql.id(table)} (id int primary key)`.execute(h.db);
    await sql`insert into ${sql.id(table)} select generate_series(1, 3000)`.execute(h.db);
    const logged: object[] = [];
    const visitorsFirst = visitorsFirstFor(h, { busyAbove: 0.9, windowMs: 200, maxWaitMs: 1_000 });
    const upkeep = new DatabaseUpkeep(
      h,
      { info: (obj) => logged.push(obj), error: (obj) => logged.push({ error: obj }) },
      { intervalMs: 50, visitorsFirst },
    );
    const running = await upkeep.start();
    try {
      if (!running) {
        // PostgreSQL with autovacuum on: it is autovacuum's to do.
        expect(await needsUpkeep(h)).toBe(false);
        return;
      }
      await pollUntil('the table is analyzed', async () => (await stateOf(table)).analyzed, {
        timeoutMs: 20_000,
      });
      expect(JSON.stringify(logged)).toContain(table);
      expect(JSON.stringify(logged)).not.toContain('error');
    } finally {
      await upkeep.stop();
      visitorsFirst.stop();
      await sql`drop table ${sql.id(table)}`.execute(h.db);
    }
  });
});

// On PostgreSQL the upkeep first asks whether autovacuum runs; a database gone by then (a restart,
// a failover) must not stop the server's start: the upkeep says so and does not start.
describe.runIf(testEngine() === 'postgres')('the upkeep on a PostgreSQL that does not answer', () => {
  it('logs that it could not start and resolves false', async () => {
    const gone = await openPostgres(process.env.TEST_DATABASE_URL as string);
    await gone.close();
    const logged: { obj: object; msg: string }[] = [];
    const upkeep = new DatabaseUpkeep(gone, {
      info: (obj, msg) => logged.push({ obj, msg }),
      error: (obj, msg) => logged.push({ obj, msg }),
    });
    await expect(upkeep.start()).resolves.toBe(false);
    expect(logged.map((entry) => entry.msg)).toEqual(['database upkeep could not start']);
    await upkeep.stop();
  });
});
