import { createHash } from 'node:crypto';
import { closeSync, createReadStream, openSync, writeSync } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import { basename, join, posix, relative, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { quietLogger } from '#server/runtime.ts';
import { folderBody } from '#common/api/folders.ts';
import type { CreatePlaceBody } from '#common/api/places.ts';
import { fileTooLargeMessage, INGEST_LIMITS } from '#common/file-types.ts';
import { IMPORT_CSV_MAX_BYTES, SIDECAR_MAX_BYTES } from '#common/limits.ts';
import { type Actor, can } from '#common/permissions.ts';
import { AppError } from '#server/errors.ts';
import type { AppContext } from '#server/http/context.ts';
import { detectFileType } from '#server/media/detect/detect-file-type.ts';
import { createCategory } from '#server/features/categories/categories.service.ts';
import { createFolder } from '#server/features/folders/folders.service.ts';
import { uploadDocument } from '#server/features/documents/documents.service.ts';
import { importMedia } from '#server/features/media/media.service.ts';
import { CSV_BOM, CsvError, csvLine, parseCsv } from './csv.ts';
import {
  type ImportColumn,
  type RowFields,
  readDocumentSidecar,
  readHeader,
  readRow,
  readSidecarFields,
} from './import-fields.ts';
import {
  findDocumentBySha256,
  findMediaBySha256,
  getAccountByEmail,
  getCategoryIdByName,
  getFolderIdByName,
  getOldestActiveAdmin,
  getPlaceIdByName,
  listFinished,
} from './import.repository.ts';
import { ImportJournal, type Outcome } from './journal.ts';
import { addMissingPlaces } from './place-list.ts';
import { readBoundedText } from './read-bounded.ts';
import { ImportRefusal } from './refusal.ts';
import type { ImportProgress } from './progress.ts';

type DocumentSidecar = NonNullable<ReturnType<typeof readDocumentSidecar>>;

export { ImportRefusal };

export interface ImportOptions {
  /** The folder to import, absolute. */
  folder: string;
  /** The metadata CSV, absolute. */
  csv?: string;
  /** Where the report is written (CSV, a line a file and a CSV row without one), absolute. */
  report: string;
  /** The CSV as read by readMetadata already (the command checks it before it opens the archive). */
  metadata?: Metadata;
  /** A list of places (a bag's places.csv, read by readPlaceList): the missing ones are added first. */
  places?: CreatePlaceBody[];
  /** The category of every file whose row or subfolder names none. */
  category?: string;
  /** Subfolders become categories instead of folders. */
  categoryPerFolder?: boolean;
  /** Public or not, for every file whose row does not say; unset, as an upload (public). */
  isPublic?: boolean;
  /** Only look: nothing is written. */
  dryRun?: boolean;
  /** The account the import is recorded under; else the oldest active admin. */
  as?: string;
  /** How many files are ingested at once. */
  concurrency?: number;
}

interface Source {
  /** Relative to the folder, with `/`, NFC. */
  file: string;
  size: number;
  /** Its path on disk, when it is not the folder's joined with `file` (a name written other than NFC). */
  path?: string;
}

export interface ImportResult {
  /** How many files (and CSV rows) had each outcome. */
  counts: Record<Outcome['outcome'], number>;
  /** Who the import is recorded under. */
  account: string;
  /** An earlier run of this folder was continued. */
  resumed: boolean;
  /** Imported items whose derivatives could not be made. */
  derivativesFailed: number;
  /** Seconds from the start until every file was read, checked and committed (derivatives aside). */
  filesSeconds: number;
  /** What the list of places did: places added to the archive's list, and those it had already. */
  places?: { added: number; kept: number };
}

/** The database, file store and job queue the import runs on (scripts/import.ts opens them). */
export type ImportContext = Omit<AppContext, 'logger'>;

/** Stops the job queue's use by the import: the runner is started and stopped by the import. */
export interface ImportJobs {
  start(): void;
  stop(): Promise<void>;
}

/**
 * Imports a folder: every file through the staff upload's own ingest (`importMedia`: type by
 * content, the allow-lists, SHA-256, derivatives by job, the watermark as recorded, the activity
 * row), two at a time; a file whose SHA-256 the archive holds already is skipped; subfolders
 * become folders (or categories), found or made by name; the CSV's row for a file gives its
 * fields. Everything that would stop the whole import (a bad CSV header, no account) is refused
 * before the first file. A journal lets a killed run be continued (journal.ts). Answers one
 * outcome per file and per CSV row whose file is missing, in the order of their paths.
 */
export async function runImport(
  base: ImportContext,
  jobs: ImportJobs,
  options: ImportOptions,
  progressFor: (files: number, bytes: number) => ImportProgress,
): Promise<ImportResult> {
  const ctx: AppContext = { ...base, logger: quietLogger() };
  const metadata = options.metadata ?? (options.csv ? await readMetadata(options.csv) : undefined);
  const listed = await listFiles(options.folder, new Set(options.csv ? [options.csv] : []));
  const { sources, sidecars, metadataSidecar } = bagSidecars(options.folder, listed);
  const { actor, label } = await importingActor(ctx, options.as);
  const placeList = options.places
    ? await addMissingPlaces(ctx, actor, options.places, Boolean(options.dryRun))
    : undefined;

  // The outcomes of no file of the folder's: said anew by each run, not journaled.
  const unjournaled: Outcome[] = sidecars.map(({ file, of }) => ({
    file,
    outcome: 'sidecar',
    message: `the metadata of ${of} in a bag (npm run export), not a file to import${
      file.endsWith('.metadata.json') ? `: its fields are read when the CSV has no row for ${of}` : ''
    }`,
  }));
  if (metadata) {
    const present = new Set(listed.map((s) => s.file));
    for (const [file] of metadata) {
      if (!present.has(file)) {
        unjournaled.push({
          file,
          outcome: 'missing',
          message: 'the CSV has a row for this file; the folder has no such file',
        });
      }
    }
  }

  const journal = options.dryRun
    ? ImportJournal.scratch()
    : await ImportJournal.open(ctx.config.dataDir, options.folder);
  const resumed = journal.resumed;
  const progress = progressFor(
    sources.length,
    sources.reduce((sum, s) => sum + s.size, 0),
  );
  const places = new Places(ctx, actor, Boolean(options.dryRun));
  const pathOf = (source: Source) => source.path ?? join(options.folder, source.file);
  const started = performance.now();
  const bySha = new Map<string, string>();

  /**
   * A document of a bag (its sidecar says `"record": "document"`, and no CSV row names it): taken
   * in through the documents' own upload (their allow-list and 25 MB), skipped when a document with
   * its SHA-256 is in the archive already.
   */
  const oneDocument = async (source: Source, sidecar: string, fields: DocumentSidecar): Promise<Outcome> => {
    const name = basename(sidecar);
    if (!fields.ok)
      return { file: source.file, outcome: 'refused', message: `its sidecar ${name}: ${fields.message}` };
    if (source.size > INGEST_LIMITS.document.maxBytes) {
      return {
        file: source.file,
        outcome: 'refused',
        message: fileTooLargeMessage(INGEST_LIMITS.document.maxBytes),
      };
    }
    let sha256: string;
    try {
      sha256 = await hashFile(pathOf(source));
    } catch (error) {
      return {
        file: source.file,
        outcome: 'refused',
        message: `could not be read: ${(error as Error).message}`,
      };
    }
    const found = await findDocumentBySha256(ctx.db, sha256);
    if (found) {
      if (journal.started.get(source.file) === sha256) {
        return { file: source.file, outcome: 'imported', id: found.display_id, sha256 };
      }
      return {
        file: source.file,
        outcome: 'skipped',
        id: found.display_id,
        sha256,
        message: `already in the archive as ${found.display_id}`,
      };
    }
    const { fileName = basename(pathOf(source)), ...values } = fields.value;
    const note = `a document (the header's files); its fields are those of ${name}`;
    if (options.dryRun) {
      const type = await detectFileType(pathOf(source), 'document', fileName);
      if (!type.ok) return { file: source.file, outcome: 'refused', sha256, message: type.message };
      return { file: source.file, outcome: 'would import', sha256, message: note };
    }
    journal.markStarted(source.file, sha256);
    try {
      const document = await uploadDocument(ctx, actor, {
        file: { stream: createReadStream(pathOf(source)), fileName },
        fields: values,
      });
      return { file: source.file, outcome: 'imported', id: document.displayId, sha256, message: note };
    } catch (error) {
      if (error instanceof AppError) {
        return { file: source.file, outcome: 'refused', sha256, message: error.message };
      }
      throw error;
    }
  };

  const one = async (source: Source): Promise<Outcome> => {
    // Its bag sidecar gives its fields when no CSV row does, read once, bounded.
    const sidecarPath = metadata?.has(source.file) ? undefined : metadataSidecar.get(source.file);
    let sidecarText: string | undefined;
    if (sidecarPath) {
      const read = await readBoundedText(sidecarPath, SIDECAR_MAX_BYTES, 'a sidecar');
      if (!read.ok) {
        return {
          file: source.file,
          outcome: 'refused',
          message: `its sidecar ${basename(sidecarPath)}: ${read.message}`,
        };
      }
      sidecarText = read.text;
      // A bag's document: told by its sidecar.
      const document = readDocumentSidecar(sidecarText);
      if (document) return oneDocument(source, sidecarPath, document);
    }
    if (source.size > INGEST_LIMITS.upload.maxBytes) {
      return {
        file: source.file,
        outcome: 'refused',
        message: fileTooLargeMessage(INGEST_LIMITS.upload.maxBytes),
      };
    }
    let sha256: string;
    try {
      sha256 = await hashFile(pathOf(source));
    } catch (error) {
      // Gone or unreadable since the folder was listed (a disk, a permission).
      return {
        file: source.file,
        outcome: 'refused',
        message: `could not be read: ${(error as Error).message}`,
      };
    }
    const twin = bySha.get(sha256);
    if (twin !== undefined) {
      return { file: source.file, outcome: 'skipped', sha256, message: `the same file as ${twin}` };
    }
    bySha.set(sha256, source.file);
    const found = await findMediaBySha256(ctx.db, sha256);
    if (found) {
      // The run that was killed had committed it just before it stopped.
      if (journal.started.get(source.file) === sha256) {
        return { file: source.file, outcome: 'imported', id: found.display_id, sha256 };
      }
      return {
        file: source.file,
        outcome: 'skipped',
        id: found.display_id,
        sha256,
        message: `already in the archive as ${found.display_id}`,
      };
    }
    let row = metadata?.get(source.file);
    let note = metadata && !row ? 'no row in the CSV: imported with the defaults' : undefined;
    if (sidecarPath && sidecarText !== undefined) {
      const name = basename(sidecarPath);
      row = readSidecarFields(sidecarText);
      if (!row.ok) row = { ok: false, message: `its sidecar ${name}: ${row.message}` };
      note = `${metadata ? 'no row in the CSV: ' : ''}its fields are those of ${name}`;
    }
    if (row && !row.ok) return { file: source.file, outcome: 'refused', sha256, message: row.message };
    const fromRow = row?.ok ? row.value : undefined;
    const fileName = basename(pathOf(source));

    if (options.dryRun) {
      const type = await detectFileType(pathOf(source), 'upload', fileName);
      if (!type.ok) return { file: source.file, outcome: 'refused', sha256, message: type.message };
      return { file: source.file, outcome: 'would import', sha256, ...(note ? { message: note } : {}) };
    }

    let placed: { categoryId?: string; folderId?: string; placeId?: string };
    try {
      placed = await places.of(source.file, fromRow, options);
    } catch (error) {
      if (error instanceof AppError) {
        return { file: source.file, outcome: 'refused', sha256, message: error.message };
      }
      throw error;
    }
    journal.markStarted(source.file, sha256);
    try {
      const { media: item, nearDuplicates } = await importMedia(
        ctx,
        actor,
        { path: pathOf(source), fileName, relativePath: source.file },
        {
          ...fromRow?.fields,
          ...placed,
          ...(fromRow?.fields.isPublic === undefined && options.isPublic !== undefined
            ? { isPublic: options.isPublic }
            : {}),
        },
      );
      // A photo the archive already holds rescanned, cropped or recompressed (issue 29 §4): said, not refused.
      const lookAlikes = nearDuplicates.map((d) => `${d.displayId} (${d.distance} bits apart)`);
      const message = [note, lookAlikes.length > 0 ? `looks like ${lookAlikes.join(', ')}` : undefined]
        .filter(Boolean)
        .join('; ');
      return {
        file: source.file,
        outcome: 'imported',
        id: item.displayId,
        sha256,
        ...(message ? { message } : {}),
      };
    } catch (error) {
      // The ingest's refusals (type, size, damaged image, codec …) and the services' 400s name
      // the file's problem; anything else (the database gone) stops the run, to be continued.
      if (error instanceof AppError) {
        return { file: source.file, outcome: 'refused', sha256, message: error.message };
      }
      throw error;
    }
  };

  if (!options.dryRun) jobs.start();
  try {
    // An index, not shift(): shifting a list of 100,000 moves the rest each time.
    let next = 0;
    let stopped = false;
    const worker = async () => {
      for (let source = sources[next++]; source && !stopped; source = sources[next++]) {
        try {
          // Done by the run this one continues: its line is in the journal.
          const earlier = journal.done.get(source.file);
          if (earlier) {
            progress.add(source.size, earlier === 'refused');
            continue;
          }
          const outcome = await one(source);
          journal.markDone(outcome);
          progress.add(source.size, outcome.outcome === 'refused');
        } catch (error) {
          // The other worker finishes its file and stops too; the journal keeps what was done.
          stopped = true;
          throw error;
        }
      }
    };
    const settled = await Promise.allSettled(Array.from({ length: options.concurrency ?? 2 }, worker));
    const failure = settled.find((s) => s.status === 'rejected');
    if (failure) throw failure.reason;
    const filesSeconds = (performance.now() - started) / 1000;
    let failures = new Map<string, string>();
    if (!options.dryRun) {
      const ids: string[] = [];
      for await (const o of journal.outcomes()) if (o.outcome === 'imported' && o.id) ids.push(o.id);
      failures = await waitForDerivatives(ctx, ids, progress);
    }
    const counts = await writeReport(options.report, journal, unjournaled, failures);
    journal.remove();
    return {
      counts,
      account: label,
      resumed,
      derivativesFailed: failures.size,
      filesSeconds,
      ...(placeList ? { places: placeList } : {}),
    };
  } finally {
    progress.end();
    if (options.dryRun) journal.remove();
    else journal.close();
    if (!options.dryRun) await jobs.stop();
  }
}

/** How many of the import's items are asked about at once while their derivatives are made. */
const WATCHED = 1000;

/**
 * Waits until every item the import made (this run, or a killed run it continued: `ids`, in the
 * order they were queued) has its derivatives (the job queue makes them: this process's runner and,
 * on PostgreSQL, any running server's). The queue works in that order: only the first WATCHED items
 * not yet seen finished are asked about, and only those that finished since come back, so a poll
 * is one small query however many files the import brought. Answers the report's message for each
 * item whose derivatives could not be made, by display id.
 */
export async function waitForDerivatives(
  ctx: Pick<AppContext, 'db'>,
  ids: readonly string[],
  progress: Pick<ImportProgress, 'note'>,
  atOnce = WATCHED,
): Promise<Map<string, string>> {
  let next = 0;
  const watched = new Set<string>();
  const failed = new Map<string, string>();
  for (;;) {
    for (; next < ids.length && watched.size < atOnce; next += 1) watched.add(ids[next]!);
    if (watched.size === 0) return failed;
    // An item deleted meanwhile (status null) is not waited for.
    for (const row of await listFinished(ctx.db, [...watched])) {
      watched.delete(row.display_id);
      if (row.processing_status === 'failed') {
        failed.set(
          row.display_id,
          `its derivatives could not be made: ${row.processing_error ?? 'unknown error'}`,
        );
      }
    }
    progress.note(`making derivatives: ${next - watched.size} of ${ids.length}`);
    // Those asked about all finished: the next ones (or the end) at once; otherwise a moment for the queue.
    if (watched.size > 0) await new Promise((r) => setTimeout(r, 250));
  }
}

const REPORT_COLUMNS = ['file', 'outcome', 'id', 'message', 'sha256'] as const;

/**
 * The report (CSV with a byte-order mark, for spreadsheets): a line for each file and each CSV row
 * without one, in the order of their paths, read back from the journal, with the derivatives'
 * failures on their items' lines. Answers how many had each outcome.
 */
async function writeReport(
  path: string,
  journal: ImportJournal,
  others: Outcome[],
  failures: Map<string, string>,
): Promise<ImportResult['counts']> {
  const lines = [...others];
  for await (const outcome of journal.outcomes()) lines.push(outcome);
  lines.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  const counts: ImportResult['counts'] = {
    imported: 0,
    skipped: 0,
    refused: 0,
    missing: 0,
    'would import': 0,
    sidecar: 0,
  };
  const out = openSync(path, 'w');
  try {
    let chunk = CSV_BOM + csvLine(REPORT_COLUMNS);
    for (const o of lines) {
      counts[o.outcome] += 1;
      const failure = o.outcome === 'imported' && o.id ? failures.get(o.id) : undefined;
      chunk += csvLine([o.file, o.outcome, o.id, failure ?? o.message, o.sha256]);
      if (chunk.length > 65_536) {
        writeSync(out, chunk);
        chunk = '';
      }
    }
    writeSync(out, chunk);
  } finally {
    closeSync(out);
  }
  return counts;
}

/**
 * The folders and categories files go into, found or made by name once per run; and the place of
 * the list a row names (issue 28 §3), found by its Faroese name, never made: an unknown name
 * refuses the file.
 */
class Places {
  private readonly folders = new Map<string, Promise<string>>();
  private readonly categories = new Map<string, Promise<string>>();
  private readonly places = new Map<string, Promise<string>>();

  constructor(
    private readonly ctx: AppContext,
    private readonly actor: NonNullable<Actor>,
    private readonly dryRun: boolean,
  ) {}

  async of(
    file: string,
    row: RowFields | undefined,
    options: ImportOptions,
  ): Promise<{ categoryId?: string; folderId?: string; placeId?: string }> {
    const dir = posix.dirname(file);
    const sub = dir === '.' ? undefined : dir;
    const folder = row?.folder ?? (options.categoryPerFolder ? undefined : sub);
    const category = row?.category ?? (options.categoryPerFolder ? sub : undefined) ?? options.category;
    return {
      ...(folder ? { folderId: await this.folder(folder) } : {}),
      ...(category ? { categoryId: await this.category(category) } : {}),
      ...(row?.place ? { placeId: await this.place(row.place) } : {}),
    };
  }

  private place(name: string): Promise<string> {
    return this.once(this.places, name.toLowerCase(), async () => {
      const found = await getPlaceIdByName(this.ctx.db, name);
      if (!found)
        throw new AppError(
          400,
          'UNKNOWN_PLACE',
          `place "${name}": there is no place of this name in the list`,
        );
      return found.id;
    });
  }

  private folder(name: string): Promise<string> {
    return this.once(this.folders, name, async () => {
      const found = await getFolderIdByName(this.ctx.db, name);
      if (found) return found.id;
      const body = folderBody.safeParse({ name });
      if (!body.success)
        throw new AppError(400, 'BAD_FOLDER', `folder "${name}": ${body.error.issues[0]!.message}`);
      return (await createFolder(this.ctx, this.actor, body.data)).id;
    });
  }

  private category(name: string): Promise<string> {
    return this.once(this.categories, name, async () => {
      const found = await getCategoryIdByName(this.ctx.db, name);
      if (found) return found.id;
      if (name.length > 100)
        throw new AppError(400, 'BAD_CATEGORY', `category "${name}": at most 100 characters`);
      return (await createCategory(this.ctx, this.actor, { name, isPublic: true })).id;
    });
  }

  private once(cache: Map<string, Promise<string>>, name: string, make: () => Promise<string>) {
    let pending = cache.get(name);
    if (!pending) {
      pending = this.dryRun ? Promise.resolve('') : make();
      // A refusal is told to each file that asks; a transient failure is tried again.
      pending.catch(() => cache.delete(name));
      cache.set(name, pending);
    }
    return pending;
  }
}

/** The account the import is recorded under: `--as`, else the oldest active admin. */
export async function importingActor(ctx: AppContext, email: string | undefined) {
  const account = email ? await getAccountByEmail(ctx.db, email) : await getOldestActiveAdmin(ctx.db);
  if (!account) {
    throw new ImportRefusal(
      email
        ? `there is no account ${email}.`
        : 'the archive has no active admin to record the import under: create one (npm run admin:create) or name a staff account with --as EMAIL.',
    );
  }
  const actor: NonNullable<Actor> = { id: account.id, role: account.role, isActive: account.is_active };
  for (const action of ['media:manage', 'folder:manage', 'category:manage', 'document:manage'] as const) {
    if (!can(actor, action)) {
      throw new ImportRefusal(
        `${account.email} may not import: it must be an active admin or editor (it is ${account.is_active ? account.role : 'deactivated'}).`,
      );
    }
  }
  return { actor, label: account.email };
}

export type Metadata = Map<string, { ok: true; value: RowFields } | { ok: false; message: string }>;

/**
 * The CSV's rows by file, each read as the upload form reads its fields, or why not; a header with
 * a column it does not know (or without `file`), or two rows for one file, is an ImportRefusal.
 */
export async function readMetadata(path: string): Promise<Metadata> {
  const read = await readBoundedText(path, IMPORT_CSV_MAX_BYTES, 'an import CSV');
  if (!read.ok) throw new ImportRefusal(`the CSV ${path}: ${read.message}.`);
  const { text } = read;
  let rows: string[][];
  try {
    rows = parseCsv(text).rows;
  } catch (error) {
    if (error instanceof CsvError) throw new ImportRefusal(`${path}: ${error.message}`);
    throw error;
  }
  const [head, ...body] = rows;
  if (!head)
    throw new ImportRefusal(`${path} is empty: its first line must name the columns (docs/import.md).`);
  const header = readHeader(head);
  if (!header.ok) throw new ImportRefusal(`${path}: ${header.message}`);
  const fileColumn = header.columns.indexOf('file');
  const byFile = new Map<string, ReturnType<typeof readRow>>();
  const lineOf = new Map<string, number>();
  for (const [i, row] of body.entries()) {
    const file = normalizePath(row[fileColumn] ?? '');
    if (file === '') throw new ImportRefusal(`${path}, row ${i + 2}: the "file" cell is empty.`);
    const earlier = lineOf.get(file);
    if (earlier !== undefined) {
      throw new ImportRefusal(`${path}: rows ${earlier} and ${i + 2} are both for "${file}".`);
    }
    lineOf.set(file, i + 2);
    byFile.set(file, readRow(header.columns as ImportColumn[], row));
  }
  return byFile;
}

/** A file's path as a CSV writes it, the way the folder listing writes it: `/`, NFC, no `./`. */
function normalizePath(path: string): string {
  return path
    .trim()
    .replaceAll('\\', '/')
    .replace(/^(\.\/)+/, '')
    .normalize('NFC');
}

/**
 * A bag's sidecars (server/export/bagit.ts): `NAME.metadata.json` and `NAME.dc.xml` beside their
 * original `NAME` or `NAME.ext` (a plain extension), in the same folder, are the original's
 * metadata, not files to import. Answers the files to import, the sidecars with the original each
 * belongs to, and each original's `.metadata.json`. A file named so without such an original is
 * imported like any other (and refused by type if it is not media).
 */
function bagSidecars(folder: string, listed: Source[]) {
  const SIDECAR = /^(.+)\.(metadata\.json|dc\.xml)$/;
  // Each original by its path without its extension (and by its whole path).
  const originals = new Map<string, string>();
  for (const { file } of listed) {
    if (SIDECAR.test(file)) continue;
    originals.set(file, file);
    const ext = /\.[a-z0-9]{1,10}$/i.exec(file);
    if (ext && !originals.has(file.slice(0, ext.index))) originals.set(file.slice(0, ext.index), file);
  }
  const originalOf = (file: string) => {
    const stem = SIDECAR.exec(file)?.[1];
    return stem === undefined ? undefined : originals.get(stem);
  };
  const sources: Source[] = [];
  const sidecars: { file: string; of: string }[] = [];
  const metadataSidecar = new Map<string, string>();
  for (const source of listed) {
    const of = originalOf(source.file);
    if (of === undefined) {
      sources.push(source);
      continue;
    }
    sidecars.push({ file: source.file, of });
    if (source.file.endsWith('.metadata.json'))
      metadataSidecar.set(of, source.path ?? join(folder, source.file));
  }
  return { sources, sidecars, metadataSidecar };
}

/**
 * Every regular file under the folder, by path. Hidden files and folders (`.DS_Store`, `.git`),
 * Windows' `Thumbs.db` and `desktop.ini`, symbolic links and the CSV itself are left out.
 */
async function listFiles(folder: string, leaveOut: Set<string>): Promise<Source[]> {
  const info = await lstat(folder).catch(() => null);
  if (!info?.isDirectory()) throw new ImportRefusal(`${folder} is not a folder.`);
  const found: Source[] = [];
  const walk = async (dir: string) => {
    const entries = await readdir(dir, { withFileTypes: true });
    for (const entry of entries) {
      if (entry.name.startsWith('.') || /^(thumbs\.db|desktop\.ini)$/i.test(entry.name)) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile() && !leaveOut.has(path)) {
        const { size } = await lstat(path);
        const written = relative(folder, path).split(sep).join('/');
        const file = written.normalize('NFC');
        // Its path is kept only when the name does not give it back: 100 bytes a file.
        found.push(file === written && sep === '/' ? { file, size } : { file, size, path });
      }
    }
  };
  await walk(folder);
  return found.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

async function hashFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}
