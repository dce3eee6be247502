import { createHash } from 'node:crypto';
import { appendFileSync, closeSync, fsyncSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

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
 */
export class ImportJournal {
  private fd: number | undefined;

  private constructor(
    readonly path: string,
    readonly done: Map<string, Outcome>,
    readonly started: Map<string, string>,
  ) {
    this.fd = openSync(path, 'a');
  }

  static open(dataDir: string, folder: string): ImportJournal {
    const dir = join(dataDir, 'imports');
    mkdirSync(dir, { recursive: true });
    const name = createHash('sha256').update(folder).digest('hex').slice(0, 16);
    const path = join(dir, `${name}.jsonl`);
    const done = new Map<string, Outcome>();
    const started = new Map<string, string>();
    let text = '';
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      // No journal: a first run.
    }
    for (const raw of text.split('\n')) {
      if (raw.trim() === '') continue;
      let line: Line;
      try {
        line = JSON.parse(raw) as Line;
      } catch {
        // The last line of a run killed mid-write: that step is simply done again.
        continue;
      }
      if ('started' in line) started.set(line.file, line.sha256);
      else done.set(line.file, line);
    }
    return new ImportJournal(path, done, started);
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

  private write(line: Line) {
    if (this.fd === undefined) throw new Error('the import journal is closed');
    appendFileSync(this.fd, `${JSON.stringify(line)}\n`);
    fsyncSync(this.fd);
  }

  close() {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }

  /** Every file is done: the next run of this folder starts afresh. */
  remove() {
    this.close();
    rmSync(this.path, { force: true });
  }
}
