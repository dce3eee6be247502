import { isKeyOwned, type OwnerTable, ownedFiles } from '../db/dump.ts';
import type { Db } from '../db/database.ts';
import { BlobNotFoundError, type BlobStore } from '../storage/blob-store.ts';
import { Fingerprint } from './backup-format.ts';

export interface FsckReport {
  /** Originals re-hashed against the SHA-256 their row recorded. */
  checked: number;
  /** Derivatives found present (they have no recorded hash: they can be made again). */
  derivatives: number;
  changed: { key: string; owner: string; expected: string; actual: string }[];
  missing: { key: string; owner: string }[];
  /** Stored files no row points to, and leftovers of writes a dead process never finished. */
  orphans: { key: string; size: number; leftover?: true }[];
  /** Orphans removed (with repair). */
  removed: string[];
}

export interface FsckOptions {
  /** Remove orphans. Never removes a file a row points to (checked again just before). */
  repair?: boolean;
  /**
   * Files younger than this are not called orphans: an upload being processed stores its file a
   * moment before its row commits. One hour by default.
   */
  orphanGraceMs?: number;
  now?: Date;
}

/**
 * The fixity check: re-hashes every stored original against the SHA-256 recorded in its row,
 * confirms every derivative exists, and lists stored files no row owns (removing them on repair).
 */
export async function fsck(db: Db, blobs: BlobStore, options: FsckOptions = {}): Promise<FsckReport> {
  const owned = new Set<string>();
  const fixity = await checkFixity(db, blobs, { onFile: (key) => owned.add(key) });
  const report: FsckReport = { ...fixity, orphans: [], removed: [] };
  const cutoff = (options.now ?? new Date()).getTime() - (options.orphanGraceMs ?? 60 * 60 * 1000);
  for await (const blob of blobs.list()) {
    if (owned.has(blob.key) || blob.lastModified.getTime() > cutoff) continue;
    report.orphans.push({ key: blob.key, size: blob.size });
  }
  // A write in progress has its temporary file too: the same grace applies.
  for await (const leftover of blobs.listLeftovers?.() ?? []) {
    if (leftover.lastModified.getTime() > cutoff) continue;
    report.orphans.push({ key: leftover.key, size: leftover.size, leftover: true });
  }
  if (options.repair) {
    for (const orphan of report.orphans) {
      if (orphan.leftover) {
        await blobs.deleteLeftover!(orphan.key);
        report.removed.push(orphan.key);
        continue;
      }
      // A row may have claimed it since the scan began: never remove a file a row points to.
      if (await isKeyOwned(db, orphan.key)) continue;
      await blobs.delete(orphan.key);
      report.removed.push(orphan.key);
    }
  }
  return report;
}

/** Where a fixity check stopped, to resume from (the periodic job works in slices). */
export interface FixityPosition {
  table: OwnerTable;
  after: string;
}

export type FixityReport = Pick<FsckReport, 'checked' | 'derivatives' | 'changed' | 'missing'> & {
  /** Set when the time budget ran out before the last file: resume from here. */
  next?: FixityPosition;
};

/**
 * The fixity part: re-hashes originals against their rows' SHA-256 and confirms derivatives exist,
 * from `from` on, until done or (checking at least one file) `budgetMs` has passed.
 */
export async function checkFixity(
  db: Db,
  blobs: BlobStore,
  options: { from?: FixityPosition; budgetMs?: number; onFile?: (key: string) => void } = {},
): Promise<FixityReport> {
  const report: FixityReport = { checked: 0, derivatives: 0, changed: [], missing: [] };
  const deadline = options.budgetMs === undefined ? Number.POSITIVE_INFINITY : Date.now() + options.budgetMs;
  for await (const batch of ownedFiles(db, 500, options.from)) {
    for (const file of batch) {
      options.onFile?.(file.key);
      await checkOne(blobs, file, report);
      if (Date.now() >= deadline) {
        report.next = { table: file.table, after: file.key };
        return report;
      }
    }
  }
  return report;
}

async function checkOne(
  blobs: BlobStore,
  file: { key: string; sha256: string | null; owner: string },
  report: FixityReport,
): Promise<void> {
  if (file.sha256 === null) {
    if ((await blobs.stat(file.key)) === null) report.missing.push({ key: file.key, owner: file.owner });
    else report.derivatives += 1;
    return;
  }
  let actual: string;
  try {
    actual = await hashBlob(blobs, file.key);
  } catch (error) {
    if (error instanceof BlobNotFoundError) {
      report.missing.push({ key: file.key, owner: file.owner });
      return;
    }
    throw error;
  }
  report.checked += 1;
  if (actual !== file.sha256) {
    report.changed.push({ key: file.key, owner: file.owner, expected: file.sha256, actual });
  }
}

async function hashBlob(blobs: BlobStore, key: string): Promise<string> {
  const { body } = await blobs.get(key);
  const fingerprint = new Fingerprint();
  for await (const chunk of body as AsyncIterable<Uint8Array>) fingerprint.update(chunk);
  return fingerprint.digest();
}

/** The report as lines for a terminal or a log. */
export function describeFsck(report: FsckReport, repair: boolean): string[] {
  const lines = [
    `Checked ${report.checked} originals and ${report.derivatives} derivatives.`,
    ...report.changed.map(
      (c) => `CHANGED  ${c.key} (${c.owner}): SHA-256 is ${c.actual}, the row recorded ${c.expected}`,
    ),
    ...report.missing.map((m) => `MISSING  ${m.key} (${m.owner})`),
    ...report.orphans.map(
      (o) =>
        `ORPHAN   ${o.key} (${o.size} bytes, ${o.leftover ? 'left by an interrupted write' : 'no row owns it'})${report.removed.includes(o.key) ? ' — removed' : ''}`,
    ),
  ];
  if (report.changed.length + report.missing.length + report.orphans.length === 0)
    lines.push('All files are intact.');
  else if (report.orphans.length > 0 && !repair)
    lines.push('Run npm run fsck -- --repair to remove the orphans.');
  return lines;
}
