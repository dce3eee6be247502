import { createHash } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FileHandle, open } from 'node:fs/promises';

/** What became of one file (a line of the report). */
export interface Outcome {
  /** The path relative to the imported folder, with `/`. */
  file: string;
  outcome: 'imported' | 'skipped' | 'refused' | 'missing' | 'would import' | 'sidecar';
  /** The item's display id (imported, or the one it is already in the archive as). */
  id?: string;
  message?: string;
  sha256?: string;
}

type Line = { file: string; started: true; sha256: string } | Outcome;

/**
 * The import's journal: one JSON line per step, appended (and synced) as it happens, so a run killed
 * at any moment (kill -9, a power cut) is continued by the next run of the same folder: files with
 * an outcome are not looked at again, and a file the killed run had started is looked up by its
 * SHA-256 (its item may have committed just before the kill). It lives in DATA_DIR/imports, named
 * by the folder's absolute path, and is removed when a run ends with every file done.
 *
 * It is also where the outcomes wait for the report: the process keeps only which files are done
 * (and how), not their lines, so an import's memory does not grow by a report line a file
 * (bench/README.md "import"). A dry run writes a scratch journal in the system's temporary folder,
 * not continued and not synced.
 */
export class ImportJournal {
  private fd: number | undefined;

  private constructor(
    readonly path: string,
    /** The files an earlier run finished, and how. */
    readonly done: Map<string, Outcome['outcome']>,
    /** Files an earlier run started and did not finish, with their SHA-256. */
    readonly started: Map<string, string>,
    private readonly durable: boolean,
    private readonly scratchDir?: string,
  ) {
    this.fd = openSync(path, 'a');
  }

  static async open(dataDir: string, folder: string): Promise<ImportJournal> {
    const dir = join(dataDir, 'imports');
    mkdirSync(dir, { recursive: true });
    const name = createHash('sha256').update(folder).digest('hex').slice(0, 16);
    const path = join(dir, `${name}.jsonl`);
    const done = new Map<string, Outcome['outcome']>();
    const started = new Map<string, string>();
    for await (const line of readLines(path)) {
      if ('started' in line) started.set(line.file, line.sha256);
      else {
        done.set(line.file, line.outcome);
        started.delete(line.file);
      }
    }
    return new ImportJournal(path, done, started, true);
  }

  /** A journal for a dry run: nothing to continue, nothing to keep. */
  static scratch(): ImportJournal {
    const dir = mkdtempSync(join(tmpdir(), 'archive-import-'));
    return new ImportJournal(join(dir, 'journal.jsonl'), new Map(), new Map(), false, dir);
  }

  /** True when an earlier run of this folder stopped before its end. */
  get resumed(): boolean {
    return this.done.size + this.started.size > 0;
  }

  markStarted(file: string, sha256: string) {
    this.write({ file, started: true, sha256 });
  }

  markDone(outcome: Outcome) {
    this.write(outcome);
  }

  /** Every file's outcome so far (this run's and the runs' it continued), in the order they came. */
  async *outcomes(): AsyncGenerator<Outcome> {
    for await (const line of readLines(this.path)) if (!('started' in line)) yield line;
  }

  private write(line: Line) {
    if (this.fd === undefined) throw new Error('the import journal is closed');
    writeSync(this.fd, `${JSON.stringify(line)}\n`);
    if (this.durable) fsyncSync(this.fd);
  }

  close() {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }

  /** Every file is done (or a dry run ended): the next run of this folder starts afresh. */
  remove() {
    this.close();
    rmSync(this.scratchDir ?? this.path, { recursive: true, force: true });
  }
}

/** A journal's lines, read as a stream; none when there is no journal. */
async function* readLines(path: string): AsyncGenerator<Line> {
  let file: FileHandle;
  try {
    file = await open(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  try {
    for await (const raw of file.readLines()) {
      if (raw.trim() === '') continue;
      try {
        yield JSON.parse(raw) as Line;
      } catch {
        // The last line of a run killed mid-write: that step is simply done again.
      }
    }
  } finally {
    await file.close();
  }
}
