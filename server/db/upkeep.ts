import { sql } from 'kysely';
import type { DatabaseHandle, Db } from './database.ts';
import type { VisitorsFirst } from '../jobs/visitors-first.ts';

/**
 * What PostgreSQL's autovacuum does, for a database where it does not run: the embedded database
 * (PGlite runs Postgres in single-user mode, with no autovacuum launcher) and a PostgreSQL server
 * with `autovacuum = off`. Without it the planner never gets statistics (no ANALYZE: it guessed a
 * SHA-256 matched 0.5 % of the items and walked them all, migration 0045), the space of deleted
 * and updated rows is never made free again (no VACUUM: the job queue and the views' queue, written
 * and deleted all day, grow for ever), and nothing freezes old rows before transaction ids wrap.
 *
 * The rules are autovacuum's, with its default settings, from the table's activity counters
 * (pg_stat_user_tables; PGlite keeps them too, flushed a second or so after a write):
 * - ANALYZE once more rows changed since the last than 50 + 10 % of the table;
 * - VACUUM once more dead rows than 50 + 20 % of the table, or more rows inserted since the last
 *   than 1,000 + 20 % (so the visibility map lets index-only scans skip the heap), or its oldest
 *   unfrozen transaction id is older than 150 million (autovacuum forces it at 200 million).
 */
export const UPKEEP_RULES = {
  analyzeBase: 50,
  analyzeShare: 0.1,
  vacuumBase: 50,
  vacuumShare: 0.2,
  insertBase: 1000,
  insertShare: 0.2,
  freezeAge: 150_000_000,
} as const;

/** How often the counters are read (autovacuum's naptime is a minute; a read costs ~1 ms). */
export const UPKEEP_INTERVAL_MS = 60_000;

export interface UpkeepNeed {
  table: string;
  vacuum: boolean;
  analyze: boolean;
}

/** The tables of the archive (schema public) that need a VACUUM, an ANALYZE or both now. */
export async function tablesNeedingUpkeep(db: Db): Promise<UpkeepNeed[]> {
  const r = UPKEEP_RULES;
  const { rows } = await sql<UpkeepNeed>`
    select s.relname as "table",
      (s.n_dead_tup > ${r.vacuumBase} + ${r.vacuumShare} * greatest(c.reltuples, 0)
        or s.n_ins_since_vacuum > ${r.insertBase} + ${r.insertShare} * greatest(c.reltuples, 0)
        or age(c.relfrozenxid) > ${r.freezeAge}) as vacuum,
      s.n_mod_since_analyze > ${r.analyzeBase} + ${r.analyzeShare} * greatest(c.reltuples, 0) as analyze
    from pg_stat_user_tables s
    join pg_class c on c.oid = s.relid
    where s.schemaname = 'public'
    order by s.relname`.execute(db);
  return rows.filter((row) => row.vacuum || row.analyze);
}

/**
 * Vacuums and analyzes each table that needs it, one at a time (`beforeEach` awaited first; none
 * more once `stopped()`); returns what was done.
 */
export async function keepUp(
  db: Db,
  {
    beforeEach = async () => {},
    stopped = () => false,
  }: { beforeEach?: () => Promise<void>; stopped?: () => boolean } = {},
) {
  const done: (UpkeepNeed & { ms: number })[] = [];
  for (const need of await tablesNeedingUpkeep(db)) {
    await beforeEach();
    if (stopped()) break;
    const started = performance.now();
    const table = sql.id(need.table);
    if (need.vacuum) await sql`vacuum ${need.analyze ? sql`(analyze) ` : sql``}${table}`.execute(db);
    else await sql`analyze ${table}`.execute(db);
    done.push({ ...need, ms: Math.round(performance.now() - started) });
  }
  return done;
}

/** Whether this database needs us to keep it: PGlite always, PostgreSQL when autovacuum is off. */
export async function needsUpkeep(database: Pick<DatabaseHandle, 'engine' | 'db'>): Promise<boolean> {
  if (database.engine === 'pglite') return true;
  const { rows } = await sql<{ autovacuum: string }>`show autovacuum`.execute(database.db);
  return rows[0]?.autovacuum !== 'on';
}

export interface UpkeepLogger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Reads the counters every `intervalMs` and does what they call for, each table after a moment
 * when visitors leave the event loop and the database's thread some time (visitors-first.ts): a
 * VACUUM holds PGlite's one thread for its length. Does nothing where autovacuum runs. The timer
 * keeps no process alive; stop() waits for a round under way.
 */
export class DatabaseUpkeep {
  private timer: NodeJS.Timeout | undefined;
  private round: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly database: Pick<DatabaseHandle, 'engine' | 'db'>,
    private readonly logger: UpkeepLogger,
    private readonly options: { intervalMs: number; visitorsFirst?: VisitorsFirst } = {
      intervalMs: UPKEEP_INTERVAL_MS,
    },
  ) {}

  /** Starts the rounds when this database needs them; resolves with whether it does. */
  async start(): Promise<boolean> {
    try {
      if (!(await needsUpkeep(this.database))) return false;
    } catch (error) {
      this.logger.error(
        { err: error instanceof Error ? error.message : String(error) },
        'database upkeep could not start',
      );
      return false;
    }
    this.schedule();
    return true;
  }

  private schedule() {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.round = this.runRound().finally(() => {
        this.round = undefined;
        this.schedule();
      });
    }, this.options.intervalMs);
    this.timer.unref();
  }

  /** One round now: what the counters call for. */
  async runRound(): Promise<void> {
    try {
      const stopped = () => this.stopped;
      const done = await keepUp(this.database.db, {
        beforeEach: async () => this.options.visitorsFirst?.quiet(stopped),
        stopped,
      });
      if (done.length > 0) this.logger.info({ tables: done }, 'database upkeep: tables vacuumed or analyzed');
    } catch (error) {
      this.logger.error(
        { err: error instanceof Error ? error.message : String(error) },
        'database upkeep failed',
      );
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.round;
  }
}
