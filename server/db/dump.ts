import { type Kysely, Migrator, sql, type Transaction } from 'kysely';
import type { Db } from './database.ts';
import { migrations } from './migrations/index.ts';
import type { Database } from './schema.ts';

/**
 * The engine-neutral, logical database dump behind `npm run backup` / `restore` (and the move from
 * PGlite to PostgreSQL): every table of the public schema as JSON rows (PostgreSQL's own
 * row_to_json, read back with json_populate_record, so every type survives exactly), the sequences'
 * positions and the migrations applied. Kysely's own bookkeeping tables (and derived figures) are left out: restore
 * migrates the empty target to the backup's migration, loads the rows, then migrates to latest.
 */

export interface TableInfo {
  name: string;
  /** Columns a row is written with (generated columns are left out: the database computes them). */
  columns: string[];
}

export interface SequenceInfo {
  /** Schema-qualified and quoted, ready for regclass. */
  name: string;
  value: number;
  isCalled: boolean;
}

type Trx = Transaction<Database>;

/**
 * Tables not dumped: Kysely's bookkeeping, and figures the database keeps itself from other rows
 * (public_totals and the staff totals of migration 0008: their triggers count the items as they
 * are loaded into the empty target, and a backup older than a table gets it computed by its migration),
 * and the public content's version (0031: the target's own, moved by the restore's writes), and
 * the near-duplicate index (0036: its trigger writes it from the items as they are loaded).
 */
const NOT_DUMPED = new Set([
  'kysely_migration',
  'kysely_migration_lock',
  'public_totals',
  'data_versions',
  'media_totals',
  'media_category_totals',
  'media_upload_days',
  'timeline_counts',
  'media_hash_bands',
  // Made again from the images by the face job's backfill (migration 0041): biometric data, kept
  // in no more places than the suggestions need.
  'media_faces',
  'face_scans',
  'map_cells',
]);

/** Runs fn in one read-only REPEATABLE READ snapshot: every read sees the same moment. */
export function inSnapshot<T>(db: Db, fn: (trx: Trx) => Promise<T>): Promise<T> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      // Timestamps are written in UTC whatever the server's time zone, so two dumps compare.
      await sql`set local time zone 'UTC'`.execute(trx);
      return fn(trx);
    });
}

/** The application's tables, parents before children (foreign keys), each with its columns. */
export async function listTables(db: Db | Trx): Promise<TableInfo[]> {
  const columns = await sql<{ table_name: string; column_name: string }>`
    select c.table_name, c.column_name
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.is_generated = 'NEVER'
    order by c.table_name, c.ordinal_position`.execute(db);
  const edges = await sql<{ child: string; parent: string }>`
    select tc.relname as child, pc.relname as parent
    from pg_constraint c
    join pg_class tc on tc.oid = c.conrelid
    join pg_class pc on pc.oid = c.confrelid
    join pg_namespace n on n.oid = tc.relnamespace
    where c.contype = 'f' and n.nspname = 'public'`.execute(db);
  const byTable = new Map<string, string[]>();
  for (const row of columns.rows) {
    if (NOT_DUMPED.has(row.table_name)) continue;
    const list = byTable.get(row.table_name) ?? [];
    list.push(row.column_name);
    byTable.set(row.table_name, list);
  }
  const parents = new Map<string, Set<string>>();
  for (const { child, parent } of edges.rows) {
    if (child === parent) continue; // a self-reference loads in one statement (see loadTable)
    if (!parents.has(child)) parents.set(child, new Set());
    parents.get(child)!.add(parent);
  }
  const ordered: TableInfo[] = [];
  const done = new Set<string>();
  const visiting = new Set<string>();
  const visit = (name: string) => {
    if (done.has(name)) return;
    if (visiting.has(name)) throw new Error(`Foreign keys form a cycle through table ${name}`);
    visiting.add(name);
    for (const parent of [...(parents.get(name) ?? [])].sort()) {
      if (byTable.has(parent)) visit(parent);
    }
    visiting.delete(name);
    done.add(name);
    ordered.push({ name, columns: byTable.get(name)! });
  };
  for (const name of [...byTable.keys()].sort()) visit(name);
  return ordered;
}

/** A table's rows as JSON text, a batch at a time, in physical order within the snapshot. */
export async function* dumpTableRows(
  trx: Trx | Db,
  table: string,
  batchSize = 1000,
): AsyncGenerator<string[]> {
  let after = '(0,0)';
  for (;;) {
    const result = await sql<{ tid: string; row: string }>`
      select t.ctid::text as tid, row_to_json(t)::text as row
      from ${sql.table(table)} t
      where t.ctid > ${after}::tid
      order by t.ctid
      limit ${batchSize}`.execute(trx);
    if (result.rows.length === 0) return;
    yield result.rows.map((r) => r.row);
    after = result.rows[result.rows.length - 1]!.tid;
    if (result.rows.length < batchSize) return;
  }
}

export async function countTableRows(db: Trx | Db, table: string): Promise<number> {
  const result = await sql<{
    n: string | number | bigint;
  }>`select count(*) as n from ${sql.table(table)}`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

/** Where every sequence stands (display ids continue from here after a restore). */
export async function readSequences(db: Trx | Db): Promise<SequenceInfo[]> {
  const result = await sql<{
    name: string;
    last_value: string | number | bigint | null;
    start_value: string | number | bigint;
  }>`
    select quote_ident(schemaname) || '.' || quote_ident(sequencename) as name, last_value, start_value
    from pg_sequences where schemaname = 'public' order by 1`.execute(db);
  return result.rows.map((r) =>
    r.last_value === null
      ? { name: r.name, value: Number(r.start_value), isCalled: false }
      : { name: r.name, value: Number(r.last_value), isCalled: true },
  );
}

/** Names of the migrations applied, oldest first (empty when the database was never migrated). */
export async function appliedMigrations(db: Trx | Db): Promise<string[]> {
  if (!(await tableExists(db, 'kysely_migration'))) return [];
  const result = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return result.rows.map((r) => r.name);
}

/** The migrations this version of the application knows, oldest first. */
export function knownMigrations(): string[] {
  return Object.keys(migrations).sort();
}

async function tableExists(db: Trx | Db, name: string): Promise<boolean> {
  const result = await sql<{ found: boolean }>`
    select exists (select 1 from information_schema.tables where table_schema = 'public' and table_name = ${name}) as found`.execute(
    db,
  );
  return Boolean(result.rows[0]?.found);
}

/** Tables of the public schema that hold rows (empty when the database can take a restore). */
export async function nonEmptyTables(db: Db): Promise<{ table: string; rows: number }[]> {
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(db);
  const found: { table: string; rows: number }[] = [];
  for (const { table_name } of tables.rows) {
    if (NOT_DUMPED.has(table_name)) continue;
    const rows = await countTableRows(db, table_name);
    if (rows > 0) found.push({ table: table_name, rows });
  }
  return found;
}

/** Migrates up to and including `name` (restore loads rows into the schema they were dumped from). */
// biome-ignore lint/suspicious/noExplicitAny: the migrator works on any schema
export async function migrateTo(db: Kysely<any>, name: string): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error } = await migrator.migrateTo(name);
  if (error)
    throw new Error(`Migration to ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
}

/**
 * Empties tables inside the restore's transaction, children before parents (give them in load
 * order): a restore migrates the empty target first, and a migration may write rows of its own (the
 * place list of 0038), which the backup holds as they were at its making (kept, edited or deleted).
 */
export async function emptyTables(trx: Trx, names: readonly string[]): Promise<void> {
  for (const name of [...names].reverse()) await sql`delete from ${sql.table(name)}`.execute(trx);
}

/**
 * Loads one table inside the restore's transaction. Batches of rows are staged in a temporary table
 * and copied in one statement, so rows of a self-referencing table (folders within folders) may come
 * in any order. Returns the number of rows inserted.
 */
export async function loadTable(
  trx: Trx,
  table: TableInfo,
  batches: AsyncIterable<string[]>,
): Promise<number> {
  await sql`create temporary table if not exists restore_rows (j json not null) on commit drop`.execute(trx);
  await sql`delete from restore_rows`.execute(trx);
  for await (const batch of batches) {
    if (batch.length === 0) continue;
    await sql`insert into restore_rows (j) select json_array_elements(${`[${batch.join(',')}]`}::json)`.execute(
      trx,
    );
  }
  const columns = sql.join(table.columns.map((c) => sql.ref(`r.${c}`)));
  const targets = sql.join(table.columns.map((c) => sql.id(c)));
  const result = await sql`
    insert into ${sql.table(table.name)} (${targets}) overriding system value
    select ${columns} from restore_rows s, json_populate_record(null::${sql.table(table.name)}, s.j) r`.execute(
    trx,
  );
  return Number(result.numAffectedRows ?? 0);
}

export async function setSequences(trx: Trx, sequences: SequenceInfo[]): Promise<void> {
  for (const s of sequences) {
    await sql`select setval(${s.name}::regclass, ${s.value}, ${s.isCalled})`.execute(trx);
  }
}

/** Runs fn in one read-write transaction (the restore's: all rows or none). */
export function inTransaction<T>(db: Db, fn: (trx: Trx) => Promise<T>): Promise<T> {
  return db.transaction().execute(fn);
}

/** A stored file a row points to: originals carry the SHA-256 recorded at upload. */
export interface OwnedFile {
  key: string;
  sha256: string | null;
  contentType: string;
  owner: string;
  table: OwnerTable;
}

/** The tables whose rows own stored files, in the order ownedFiles walks them. */
export const OWNER_TABLES = ['media_items', 'documents', 'submissions', 'derivatives'] as const;
export type OwnerTable = (typeof OWNER_TABLES)[number];

/**
 * Every stored file some row points to (originals of media, documents and submissions; then
 * derivatives), a batch at a time, in key order per table; `from` resumes after a position.
 */
export async function* ownedFiles(
  db: Trx | Db,
  batchSize = 2000,
  from?: { table: OwnerTable; after: string },
): AsyncGenerator<OwnedFile[]> {
  const start = from ? OWNER_TABLES.indexOf(from.table) : 0;
  for (const table of OWNER_TABLES.slice(start)) {
    const hasSha = table !== 'derivatives';
    let after = from && table === from.table ? from.after : '';
    for (;;) {
      const result = await sql<{ key: string; sha256: string | null; content_type: string; id: string }>`
        select file_key as key, ${hasSha ? sql.ref('sha256') : sql`null`} as sha256, mime_type as content_type,
          ${table === 'derivatives' ? sql.ref('id') : sql.ref('display_id')}::text as id
        from ${sql.table(table)}
        where file_key > ${after}
        order by file_key
        limit ${batchSize}`.execute(db);
      if (result.rows.length === 0) break;
      yield result.rows.map((r) => ({
        key: r.key,
        sha256: r.sha256,
        contentType: r.content_type,
        owner: `${table} ${r.id}`,
        table,
      }));
      after = result.rows[result.rows.length - 1]!.key;
      if (result.rows.length < batchSize) break;
    }
  }
}

/** Whether any row points to key (checked again right before the fixity check removes a file). */
export async function isKeyOwned(db: Db, key: string): Promise<boolean> {
  const result = await sql<{ owned: boolean }>`
    select exists (select 1 from media_items where file_key = ${key})
      or exists (select 1 from documents where file_key = ${key})
      or exists (select 1 from submissions where file_key = ${key})
      or exists (select 1 from derivatives where file_key = ${key}) as owned`.execute(db);
  return Boolean(result.rows[0]?.owned);
}
