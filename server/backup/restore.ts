import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { createInterface } from 'node:readline';
import { extract as createExtract } from 'tar-stream';
import type { DatabaseHandle } from '../db/database.ts';
import {
  appliedMigrations,
  emptyTables,
  inTransaction,
  knownMigrations,
  listTables,
  loadTable,
  migrateTo,
  nonEmptyTables,
  setSequences,
} from '../db/dump.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { type BlobStore, isValidKey } from '../storage/blob-store.ts';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type BackupHeader,
  CONTENT_TYPE_PAX,
  Fingerprint,
  type Manifest,
  tablePath,
} from './backup-format.ts';

/** A restore refused before anything was kept (damaged backup, non-empty target…). */
export class RestoreError extends Error {}

export interface RestoreTarget {
  /** Opens (creating if need be) the target database; not yet migrated. */
  openDatabase(): Promise<DatabaseHandle>;
  /** Refuses with a RestoreError unless the database can be created empty (before openDatabase). */
  assertDatabaseEmpty?(): Promise<void>;
  /** Removes what a failed restore created (PGlite: the new data directory). */
  discardDatabase?(): Promise<void>;
  blobs: BlobStore;
}

export interface RestoreSummary {
  engine: BackupHeader['engine'];
  createdAt: string;
  tables: number;
  rows: number;
  files: number;
  fileBytes: number;
}

const MAX_JSON_ENTRY = 512 * 1024 * 1024;
const BATCH_ROWS = 500;

/**
 * Restores a backup into an empty database and an empty file store. Nothing is trusted before it
 * is checked: every entry is hashed as it streams in, the database is written only once every hash
 * matched the manifest, in one transaction, and a refusal removes the files already stored.
 */
export async function restoreBackup(file: string, target: RestoreTarget): Promise<RestoreSummary> {
  for await (const blob of target.blobs.list()) {
    throw new RestoreError(
      `The file store is not empty (it holds ${blob.key}, among others). Restore needs an empty DATA_DIR/files or an empty S3 bucket.`,
    );
  }
  await target.assertDatabaseEmpty?.();
  let database: DatabaseHandle | undefined = await target.openDatabase();
  const work = await mkdtemp(join(tmpdir(), 'archive-restore-'));
  const stored = new Map<string, { size: number; sha256: string }>();
  try {
    const busy = await nonEmptyTables(database.db);
    if (busy.length > 0) throw notEmpty(busy);
    // 1. Read the whole backup: tables to a work directory, files into the store, hashing all.
    const { header, manifest, tableHashes } = await readBackup(file, work, target.blobs, stored);

    // 2. Compare with the manifest before the database is touched.
    verify(manifest, header, tableHashes, stored);
    const known = new Set(knownMigrations());
    const unknown = manifest.migrations.filter((name) => !known.has(name));
    if (unknown.length > 0) {
      throw new RestoreError(
        `The backup was made by a newer version of the archive (migration ${unknown[0]}); update this installation first.`,
      );
    }

    // 3. The rows, in one transaction, into the schema they were dumped from.
    const last = manifest.migrations[manifest.migrations.length - 1];
    if (last) await migrateTo(database.db, last);
    const applied = await appliedMigrations(database.db);
    if (applied.join() !== manifest.migrations.join()) {
      throw new RestoreError(
        'The target database has migrations the backup does not have; restore into a new, empty database.',
      );
    }
    const columns = new Map((await listTables(database.db)).map((t) => [t.name, new Set(t.columns)]));
    await inTransaction(database.db, async (trx) => {
      // What the migrations just wrote (the place list) gives way to the backup's own rows.
      await emptyTables(
        trx,
        manifest.tables.map((t) => t.name).filter((name) => columns.has(name)),
      );
      for (const table of manifest.tables) {
        const have = columns.get(table.name);
        const lacking = table.columns.filter((c) => !have?.has(c));
        if (!have || lacking.length > 0) {
          throw new RestoreError(
            `The target database has no ${have ? `column ${lacking[0]} in ` : ''}table ${table.name}.`,
          );
        }
        const inserted = await loadTable(trx, table, readBatches(join(work, `${table.name}.ndjson`)));
        if (inserted !== table.rows) {
          throw new RestoreError(
            `Table ${table.name}: ${inserted} rows restored, the manifest says ${table.rows}.`,
          );
        }
      }
      await setSequences(trx, manifest.sequences);
    });
    await migrateToLatest(database.db);
    return {
      engine: manifest.engine,
      createdAt: manifest.createdAt,
      tables: manifest.tables.length,
      rows: manifest.tables.reduce((sum, t) => sum + t.rows, 0),
      files: manifest.files.length,
      fileBytes: manifest.files.reduce((sum, f) => sum + f.size, 0),
    };
  } catch (error) {
    for (const key of stored.keys()) await target.blobs.delete(key).catch(() => {});
    if (target.discardDatabase) {
      await database?.close().catch(() => {});
      database = undefined;
      await target.discardDatabase();
    }
    throw error;
  } finally {
    await database?.close();
    await rm(work, { recursive: true, force: true });
  }
}

function notEmpty(busy: { table: string; rows: number }[]): RestoreError {
  const list = busy
    .slice(0, 3)
    .map((b) => `${b.table}: ${b.rows} rows`)
    .join(', ');
  return new RestoreError(
    `The target database is not empty (${list}). Restore needs an empty database: create a new one and point DATABASE_URL at it, or use a new DATA_DIR.`,
  );
}

async function readBackup(
  file: string,
  work: string,
  blobs: BlobStore,
  stored: Map<string, { size: number; sha256: string }>,
) {
  const extract = createExtract();
  const input = createReadStream(file);
  input.once('error', (error) => extract.destroy(error));
  input.pipe(extract);
  let header: BackupHeader | undefined;
  let manifest: Manifest | undefined;
  const tableHashes = new Map<string, { size: number; sha256: string }>();
  let first = true;
  try {
    for await (const entry of extract) {
      const chunks = entry as AsyncIterable<Uint8Array>;
      const name = entry.header.name;
      if (first) {
        first = false;
        if (name !== 'backup.json') throw notABackup(file);
        try {
          header = JSON.parse(await readSmall(chunks)) as BackupHeader;
        } catch {
          throw notABackup(file);
        }
        if (header.format !== BACKUP_FORMAT) throw notABackup(file);
        if (header.version !== BACKUP_VERSION) {
          throw new RestoreError(`Backup format version ${header.version} is not supported by this version.`);
        }
        continue;
      }
      if (manifest) throw new RestoreError(`The backup has an entry after its manifest (${name}).`);
      if (name === 'manifest.json') {
        manifest = JSON.parse(await readSmall(chunks)) as Manifest;
      } else if (/^db\/[a-z0-9_]+\.ndjson$/.test(name)) {
        const fingerprint = new Fingerprint();
        const out = createWriteStream(join(work, name.slice(3)), { flags: 'wx' });
        for await (const chunk of chunks) {
          fingerprint.update(chunk);
          if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
        }
        await new Promise<void>((resolve, reject) => {
          out.once('error', reject);
          out.end(() => resolve());
        });
        tableHashes.set(name, { size: fingerprint.size, sha256: fingerprint.digest() });
      } else if (name.startsWith('files/') && isValidKey(name.slice(6))) {
        const key = name.slice(6);
        if (stored.has(key)) throw new RestoreError(`The backup holds ${name} twice.`);
        const pax = (entry.header.pax ?? {}) as Record<string, string>;
        const contentType = pax[CONTENT_TYPE_PAX] ?? 'application/octet-stream';
        const fingerprint = new Fingerprint();
        const body = new PassThrough();
        const stream = (async () => {
          try {
            for await (const chunk of chunks) {
              fingerprint.update(chunk);
              if (!body.write(chunk)) await new Promise<void>((r) => body.once('drain', () => r()));
            }
            body.end();
          } catch (error) {
            body.destroy(error as Error);
            throw error;
          }
        })();
        // Recorded before put: a refusal must remove it even if put failed half-way.
        stored.set(key, { size: -1, sha256: '' });
        await Promise.all([blobs.put(key, body, { contentType }), stream]);
        stored.set(key, { size: fingerprint.size, sha256: fingerprint.digest() });
      } else {
        throw new RestoreError(`The backup holds an unexpected entry ${JSON.stringify(name)}.`);
      }
    }
  } catch (error) {
    input.destroy();
    if (error instanceof RestoreError) throw error;
    throw new RestoreError(
      `Cannot read the backup ${file}: ${(error as Error).message}. Nothing was restored.`,
    );
  }
  if (!header) throw notABackup(file);
  if (!manifest)
    throw new RestoreError('The backup has no manifest (it is incomplete). Nothing was restored.');
  return { header, manifest, tableHashes };
}

function verify(
  manifest: Manifest,
  header: BackupHeader,
  tableHashes: Map<string, { size: number; sha256: string }>,
  stored: Map<string, { size: number; sha256: string }>,
): void {
  const problems: string[] = [];
  if (manifest.format !== header.format || manifest.createdAt !== header.createdAt) {
    problems.push('the manifest belongs to another backup');
  }
  const tablePaths = new Set<string>();
  for (const table of manifest.tables) {
    tablePaths.add(tablePath(table.name));
    const got = tableHashes.get(tablePath(table.name));
    if (!got) problems.push(`${tablePath(table.name)} is missing`);
    else if (got.sha256 !== table.sha256 || got.size !== table.size) {
      problems.push(`${tablePath(table.name)} has SHA-256 ${got.sha256}, the manifest says ${table.sha256}`);
    }
  }
  for (const path of tableHashes.keys()) {
    if (!tablePaths.has(path)) problems.push(`${path} is not in the manifest`);
  }
  const keys = new Set<string>();
  for (const f of manifest.files) {
    keys.add(f.key);
    const got = stored.get(f.key);
    if (!got) problems.push(`files/${f.key} is missing`);
    else if (got.sha256 !== f.sha256 || got.size !== f.size) {
      problems.push(`files/${f.key} has SHA-256 ${got.sha256}, the manifest says ${f.sha256}`);
    }
  }
  for (const key of stored.keys()) {
    if (!keys.has(key)) problems.push(`files/${key} is not in the manifest`);
  }
  if (problems.length > 0) {
    const more = problems.length > 3 ? ` (and ${problems.length - 3} more)` : '';
    throw new RestoreError(
      `The backup is damaged: ${problems.slice(0, 3).join('; ')}${more}. Nothing was restored.`,
    );
  }
}

function notABackup(file: string): RestoreError {
  return new RestoreError(`${file} is not a backup made by npm run backup.`);
}

async function readSmall(entry: AsyncIterable<Uint8Array>): Promise<string> {
  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of entry) {
    size += chunk.byteLength;
    if (size > MAX_JSON_ENTRY) throw new RestoreError('The backup has an oversized manifest.');
    parts.push(chunk);
  }
  return Buffer.concat(parts).toString('utf8');
}

async function* readBatches(path: string): AsyncGenerator<string[]> {
  const lines = createInterface({ input: createReadStream(path), crlfDelay: Infinity });
  let batch: string[] = [];
  for await (const line of lines) {
    if (!line) continue;
    batch.push(line);
    if (batch.length >= BATCH_ROWS) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/** Whether a directory is missing or empty (a fresh DATA_DIR/db). */
export async function isEmptyDirectory(path: string): Promise<boolean> {
  try {
    return (await readdir(path)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}
