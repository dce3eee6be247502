import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, open, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { pack as createPack } from 'tar-stream';
import type { DatabaseHandle } from '../db/database.ts';
import {
  appliedMigrations,
  dumpTableRows,
  inSnapshot,
  listTables,
  ownedFiles,
  readSequences,
  type SequenceInfo,
  type TableInfo,
} from '../db/dump.ts';
import { BlobNotFoundError, type BlobStore } from '../storage/blob-store.ts';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  CONTENT_TYPE_PAX,
  type BackupHeader,
  filePath,
  Fingerprint,
  type Manifest,
  type ManifestFile,
  type ManifestTable,
  tablePath,
  writeEntry,
  writeJsonEntry,
} from './backup-format.ts';

export class BackupError extends Error {}

export interface BackupSummary {
  file: string;
  bytes: number;
  tables: number;
  rows: number;
  files: number;
  fileBytes: number;
  missing: Manifest['missing'];
  /** Originals whose bytes no longer match the SHA-256 their row recorded (backed up as they are). */
  changed: { key: string; owner: string }[];
}

/**
 * Writes one backup file: the database as of one snapshot, then every stored file a row of that
 * snapshot points to, then the manifest. Written to `<file>.partial` and renamed when complete,
 * so a crash never leaves a complete-looking, truncated backup. Memory stays flat: rows and files
 * stream through.
 */
export async function createBackup(
  database: DatabaseHandle,
  blobs: BlobStore,
  file: string,
): Promise<BackupSummary> {
  if (await exists(file)) throw new BackupError(`${file} already exists; choose a new file name.`);
  const work = await mkdtemp(join(dirname(file), `.${basename(file)}.work-`));
  const partial = `${file}.partial`;
  try {
    const createdAt = new Date().toISOString();
    // 1. The database, from one consistent snapshot, spooled to disk (tar needs sizes up front).
    const snapshot = await inSnapshot(database.db, async (trx) => {
      const migrations = await appliedMigrations(trx);
      if (migrations.length === 0) {
        throw new BackupError(
          'The database was never set up (no migrations applied): there is nothing to back up.',
        );
      }
      const tables = await listTables(trx);
      const dumped: { table: TableInfo; rows: number }[] = [];
      for (const table of tables) {
        const out = createWriteStream(join(work, `${table.name}.ndjson`));
        let rows = 0;
        for await (const batch of dumpTableRows(trx, table.name)) {
          rows += batch.length;
          if (!out.write(`${batch.join('\n')}\n`))
            await new Promise<void>((r) => out.once('drain', () => r()));
        }
        await closeStream(out);
        dumped.push({ table, rows });
      }
      const sequences: SequenceInfo[] = await readSequences(trx);
      const owned = createWriteStream(join(work, 'owned-files.ndjson'));
      for await (const batch of ownedFiles(trx)) {
        const text = batch.map((f) => JSON.stringify(f)).join('\n');
        if (!owned.write(`${text}\n`)) await new Promise<void>((r) => owned.once('drain', () => r()));
      }
      await closeStream(owned);
      return { migrations, dumped, sequences };
    });

    // 2. The tar, streamed to disk.
    const out = createWriteStream(partial, { flags: 'wx' });
    const pack = createPack();
    const written = new Promise<void>((resolve, reject) => {
      out.once('finish', resolve);
      out.once('error', reject);
      pack.once('error', reject);
    });
    pack.pipe(out);
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt,
      engine: database.engine,
      store: blobs.kind,
    };
    await writeJsonEntry(pack, 'backup.json', header);

    const tables: ManifestTable[] = [];
    for (const { table, rows } of snapshot.dumped) {
      const spooled = join(work, `${table.name}.ndjson`);
      const { size } = await stat(spooled);
      const entry = await writeEntry(pack, tablePath(table.name), size, createReadStream(spooled));
      tables.push({ ...table, rows, path: tablePath(table.name), ...entry });
      await rm(spooled);
    }

    const files: ManifestFile[] = [];
    const missing: Manifest['missing'] = [];
    const changed: BackupSummary['changed'] = [];
    const seen = new Set<string>();
    let fileBytes = 0;
    const lines = createInterface({
      input: createReadStream(join(work, 'owned-files.ndjson')),
      crlfDelay: Infinity,
    });
    for await (const line of lines) {
      if (!line) continue;
      const owned = JSON.parse(line) as {
        key: string;
        sha256: string | null;
        contentType: string;
        owner: string;
      };
      if (seen.has(owned.key)) continue;
      seen.add(owned.key);
      let blob: Awaited<ReturnType<BlobStore['get']>>;
      try {
        blob = await blobs.get(owned.key);
      } catch (error) {
        if (error instanceof BlobNotFoundError) {
          missing.push({ key: owned.key, owner: owned.owner });
          continue;
        }
        throw error;
      }
      const entry = await writeEntry(
        pack,
        filePath(owned.key),
        blob.size,
        blob.body as AsyncIterable<Uint8Array>,
        {
          [CONTENT_TYPE_PAX]: owned.contentType,
        },
      );
      if (owned.sha256 && owned.sha256 !== entry.sha256) changed.push({ key: owned.key, owner: owned.owner });
      files.push({ key: owned.key, path: filePath(owned.key), contentType: owned.contentType, ...entry });
      fileBytes += entry.size;
    }

    const manifest: Manifest = {
      ...header,
      migrations: snapshot.migrations,
      tables,
      sequences: snapshot.sequences,
      files,
      missing,
    };
    await writeJsonEntry(pack, 'manifest.json', manifest);
    pack.finalize();
    await written;
    const handle = await open(partial, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(partial, file);
    const { size } = await stat(file);
    return {
      file,
      bytes: size,
      tables: tables.length,
      rows: tables.reduce((sum, t) => sum + t.rows, 0),
      files: files.length,
      fileBytes,
      missing,
      changed,
    };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** SHA-256 of a whole file on disk, streamed (tests and the fixity check use it too). */
export async function hashFile(path: string): Promise<string> {
  const fingerprint = new Fingerprint();
  for await (const chunk of createReadStream(path)) fingerprint.update(chunk as Buffer);
  return fingerprint.digest();
}

function closeStream(stream: NodeJS.WritableStream): Promise<void> {
  return new Promise((resolve, reject) => {
    stream.once('error', reject);
    stream.end(() => resolve());
  });
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}
