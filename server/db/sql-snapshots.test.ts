/**
 * The SQL every repository sends, as text you can review (issue 25 part 4; immich's @GenerateSql
 * in spirit): every exported function of every `*.repository.ts` under server/ is called with its
 * samples (sql-snapshots.samples.ts, one table per repository) against a real migrated database,
 * the statements Kysely hands the database are captured by its `log` hook, laid out
 * (sql-layout.ts) and compared with `server/db/queries/<repository>.sql`. A query changed in code
 * shows as a changed .sql file in the same diff; a repository function without a sample fails
 * here by name, so nothing is left out unseen.
 *
 * Update after a deliberate change: `npm run sql:update` (UPDATE_SQL_SNAPSHOTS=1 on this file).
 *
 * PGlite only: the SQL is Kysely's PostgreSQL compilation, the same for both engines (the file reads
 * no engine switch, so the PostgreSQL pass of `npm test` leaves it out; server/test/engine-files.ts).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { Kysely, type LogEvent } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Db } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import { pgliteSettings } from './pglite-options.ts';
import { PgliteThread, PgliteThreadDialect } from './pglite-thread.ts';
import type { Database } from './schema.ts';
import { layoutSql } from './sql-layout.ts';
import { SAMPLES, SEED, type SampleTable } from './sql-snapshots.samples.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const QUERIES = join(import.meta.dirname, 'queries');
const UPDATE = process.env.UPDATE_SQL_SNAPSHOTS === '1';
const HOW_TO_UPDATE =
  'npm run sql:update (UPDATE_SQL_SNAPSHOTS=1 npx vitest run server/db/sql-snapshots.test.ts)';

/** Every repository: files named *repository*.ts under server/ and scripts/, tests aside. */
function repositoryFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...repositoryFiles(path));
    else if (/repository.*\.ts$/.test(entry.name) && !entry.name.endsWith('.test.ts')) found.push(path);
  }
  return found.sort();
}

/** `categories.repository.ts` → `categories`: the table's key and the .sql file's name. */
const repositoryName = (file: string) => basename(file).replace(/\.repository\.ts$|\.ts$/, '');

const REPOSITORIES = [join(ROOT, 'server'), join(ROOT, 'scripts')].flatMap((dir) => repositoryFiles(dir));

let thread: PgliteThread;
let db: Db;
/** The statements sent since the last take, in the order the database answered them. */
let sent: string[] = [];
let capturing = false;

function log(event: LogEvent) {
  if (capturing) sent.push(event.query.sql);
}

beforeAll(async () => {
  const template = inject('pgliteTemplate');
  thread = await PgliteThread.start({
    loadDataDir: template ? new Blob([readFileSync(template)]) : undefined,
    settings: pgliteSettings(),
  });
  db = new Kysely<Database>({ dialect: new PgliteThreadDialect(thread), log });
  if (!template) await migrateToLatest(db);
  // Rows the samples name, so that a lookup finds something and an insert's references hold.
  await SEED(db);
});

afterAll(async () => {
  await db?.destroy();
  await thread?.close();
});

/** A refusal that says the statement does not fit the schema (a syntax error, an unknown column…). */
function isSchemaError(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && code.startsWith('42');
}

/** A refusal of the sample's values (a missing reference, a duplicate, no row): the SQL stands. */
function isDataRefusal(error: unknown): boolean {
  const { code, name } = error as { code?: unknown; name?: unknown };
  if (name === 'NoResultError') return true;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && !code.startsWith('42');
}

interface Compilable {
  compile(db: Db): { sql: string };
}

interface Sent {
  statements: string[];
  /** Why the database refused the sample's values, when it did (the statements after it were not sent). */
  refused?: string;
}

/** Calls one sample; the statements it sent (or, for a fragment, the fragment's SQL). */
async function run(
  name: string,
  fn: (...args: unknown[]) => unknown,
  args: unknown[],
  fragment: boolean,
): Promise<Sent> {
  sent = [];
  capturing = true;
  try {
    if (fragment) {
      const built = fn(...args) as Compilable;
      return { statements: [built.compile(db).sql] };
    }
    // In a transaction, as its service calls it: a repository opens none of its own (a table lock
    // needs one).
    await db.transaction().execute(async (trx) => {
      await fn(trx, ...args);
    });
  } catch (error) {
    if (isSchemaError(error) || !isDataRefusal(error)) {
      throw new Error(`${name}: ${(error as Error).message}`, { cause: error });
    }
    const { code, name: errorName } = error as { code?: string; name?: string };
    return { statements: sent, refused: errorName === 'NoResultError' ? 'no row' : `SQLSTATE ${code}` };
  } finally {
    capturing = false;
  }
  return { statements: sent };
}

function section(header: string, { statements, refused }: Sent): string {
  const body = statements.length
    ? statements.map((statement) => `${layoutSql(statement)};`).join('\n\n')
    : '-- (no statement: give it a sample that reaches the database)';
  const note = refused ? `\n-- (the database refused the sample's values: ${refused})` : '';
  return `-- ${header}\n${body}${note}\n`;
}

async function snapshot(file: string, table: SampleTable): Promise<string> {
  const module = (await import(file)) as Record<string, unknown>;
  const functions = Object.keys(module)
    .filter((key) => typeof module[key] === 'function')
    .sort();
  const missing = functions.filter((key) => !(key in table));
  const stale = Object.keys(table).filter((key) => !functions.includes(key));
  expect(missing, `${relative(ROOT, file)}: functions without a sample in sql-snapshots.samples.ts`).toEqual(
    [],
  );
  expect(
    stale,
    `sql-snapshots.samples.ts: samples of functions ${relative(ROOT, file)} no longer exports`,
  ).toEqual([]);
  const sections: string[] = [];
  // In the order of the file: a reviewer reads the .sql beside it.
  const text = readFileSync(file, 'utf8');
  const order = (key: string) => text.search(new RegExp(`export (async )?(function|const) ${key}\\b`));
  for (const key of functions.sort((a, b) => order(a) - order(b))) {
    const fn = module[key] as (...args: unknown[]) => unknown;
    const sample = table[key]!;
    if ('notSql' in sample) sections.push(`-- ${key}: no SQL (${sample.notSql})\n`);
    else if ('fragment' in sample)
      sections.push(section(`${key} (a fragment)`, await run(key, fn, sample.fragment, true)));
    else if ('cases' in sample) {
      for (const [label, args] of Object.entries(sample.cases))
        sections.push(section(`${key} (${label})`, await run(key, fn, args, false)));
    } else sections.push(section(key, await run(key, fn, sample, false)));
  }
  return [
    `-- The SQL of ${relative(ROOT, file)}, each function called with its samples`,
    '-- (server/db/sql-snapshots.samples.ts). Written by server/db/sql-snapshots.test.ts: do not edit;',
    `-- after a change, ${HOW_TO_UPDATE}.`,
    '',
    sections.join('\n'),
  ].join('\n');
}

describe('SQL snapshots (server/db/queries)', () => {
  it('has one sample table per repository, and a .sql file for each and no other', () => {
    const names = REPOSITORIES.map(repositoryName);
    expect(new Set(names).size, 'two repositories share a name: their .sql files would collide').toBe(
      names.length,
    );
    expect(
      names.filter((name) => !(name in SAMPLES)),
      'repositories without a sample table in server/db/sql-snapshots.samples.ts',
    ).toEqual([]);
    expect(
      Object.keys(SAMPLES).filter((name) => !names.includes(name)),
      'sample tables of no repository',
    ).toEqual([]);
    const files = existsSync(QUERIES) ? readdirSync(QUERIES).filter((f) => f.endsWith('.sql')) : [];
    const stale = files.filter((f) => !names.includes(f.replace(/\.sql$/, '')));
    if (UPDATE) for (const f of stale) rmSync(join(QUERIES, f));
    else expect(stale, `.sql files of no repository: remove them, or ${HOW_TO_UPDATE}`).toEqual([]);
  });

  for (const file of REPOSITORIES) {
    const name = repositoryName(file);
    it(`${relative(ROOT, file)} → server/db/queries/${name}.sql`, async () => {
      const table = (SAMPLES as Record<string, SampleTable>)[name];
      expect(table, `no sample table '${name}' in server/db/sql-snapshots.samples.ts`).toBeDefined();
      const actual = await snapshot(file, table!);
      const target = join(QUERIES, `${name}.sql`);
      if (UPDATE) {
        mkdirSync(QUERIES, { recursive: true });
        writeFileSync(target, actual);
        return;
      }
      const committed = existsSync(target) ? readFileSync(target, 'utf8') : '';
      expect(
        actual,
        `the SQL of ${relative(ROOT, file)} differs from server/db/queries/${name}.sql; if the change is meant, ${HOW_TO_UPDATE} and commit the .sql with it`,
      ).toBe(committed);
    });
  }
});
