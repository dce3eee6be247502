import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import type { z } from 'zod';
import type { MediaCsvPreview, MediaCsvPreviewItem, mediaCsvExportQuery } from '#common/api/media.ts';
import { normalizeDisplayIdQuery } from '#common/display-id.ts';
import type { Actor } from '#common/permissions.ts';
import type { Db } from '#server/db/database.ts';
import type { MediaItemRow, MediaItemsTable } from '#server/db/schema.ts';
import { AppError, badRequest } from '#server/errors.ts';
import { authorize } from '#server/http/authorize.ts';
import type { AppContext } from '#server/http/context.ts';
import { CsvError, parseCsv } from '#server/import/csv.ts';
import {
  cellText,
  readUpdateCell,
  readUpdateHeader,
  UPDATE_COLUMNS,
  type UpdateColumn,
  unguardCell,
} from '#server/import/import-fields.ts';
import { logActivity } from '../activity/activity.public.ts';
import * as repo from './media.repository.ts';
import { mediaResource, remarkIfRightsFreed } from './media.service.ts';
import { originalDateColumns } from './original-date.ts';

/**
 * The staff CSV round trip (issue 27 §2): the media screen's list written as CSV with every
 * editable field (the spec's field names, server/import/import-fields.ts), edited in a spreadsheet,
 * read back as a preview of each change, then applied in one transaction logged as one batch.
 * The same functions serve the media screen and `npm run import -- --update`.
 */

const EXPORT_PAGE = 500;
/** Items read per statement when the CSV is matched to the archive. */
const LOOKUP_CHUNK = 1000;
/** Items written per statement when a CSV is applied. */
const WRITE_CHUNK = 1000;

type ItemRow = Awaited<ReturnType<typeof repo.listMediaByDisplayIds>>[number];

/** An item's values as the CSV writes them, by column. */
function csvValues(row: ItemRow): Record<UpdateColumn, string> {
  return {
    title: row.title,
    description: cellText(row.description),
    photographer: cellText(row.photographer),
    location: cellText(row.location),
    original_date: cellText(row.original_date),
    source: cellText(row.source),
    keywords: cellText(row.keywords),
    category: cellText(row.category_name),
    folder: cellText(row.folder_name),
    is_public: cellText(row.is_public),
    is_featured: cellText(row.is_featured),
    copyright_status: row.copyright_status,
    copyright_holder: cellText(row.copyright_holder),
    commercial_use_allowed: cellText(row.commercial_use_allowed),
    attribution_required: cellText(row.attribution_required),
    attribution_text: cellText(row.attribution_text),
    historical_context: cellText(row.historical_context),
    technical_notes: cellText(row.technical_notes),
    rights: row.rights,
    place: cellText(row.place_name),
    latitude: row.latitude == null ? '' : String(row.latitude),
    longitude: row.longitude == null ? '' : String(row.longitude),
  };
}

/**
 * A cell that a spreadsheet would run as a formula (= + - @, a tab or a return first) gets a
 * leading ', as do those already starting with ' before one of them, so `unguardCell` gives every
 * value back exactly.
 */
function guardCell(value: string): string {
  return /^'*[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * The media screen's list (its filters, search and sort) as CSV: UTF-8 with a BOM, CRLF, the
 * header UPDATE_COLUMNS, read a page at a time, so the file's size is bounded by nothing but the
 * archive's.
 */
export function exportMediaCsv(ctx: AppContext, actor: Actor, query: z.output<typeof mediaCsvExportQuery>) {
  authorize(actor, 'media:manage');
  const { sort, ...filters } = query;
  const csv = stringify({
    bom: true,
    header: true,
    columns: [...UPDATE_COLUMNS],
    record_delimiter: 'windows',
  });
  const rows = Readable.from(
    (async function* () {
      let cursor: string | undefined;
      do {
        const page = await repo.listAdminMediaPage(ctx.db, filters, sort, cursor, EXPORT_PAGE);
        for (const row of page.rows) {
          const values = csvValues(row as ItemRow);
          yield {
            display_id: row.display_id,
            ...Object.fromEntries(Object.entries(values).map(([c, v]) => [c, guardCell(v)])),
          };
        }
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
    })(),
  );
  // A failure on either side ends the other: the reader sees the error instead of a short file.
  pipeline(rows, csv).catch(() => {});
  return csv;
}

/** What one upload would write: the preview, and each changing item's columns. */
interface Plan {
  preview: MediaCsvPreview;
  writes: { row: ItemRow; values: Record<string, unknown> }[];
}

async function planUpdate(db: Db, actor: NonNullable<Actor>, text: string, lock: boolean): Promise<Plan> {
  let rows: string[][];
  try {
    rows = parseCsv(text).rows;
  } catch (error) {
    if (error instanceof CsvError)
      throw badRequest(`The CSV cannot be read: ${error.message}.`, 'CSV_UNREADABLE');
    throw error;
  }
  const [header = [], ...body] = rows;
  const read = readUpdateHeader(header);
  if (!read.ok) throw badRequest(`The CSV is refused: ${read.message}`, 'CSV_COLUMNS');
  const columns = read.columns;
  const idAt = columns.indexOf('display_id');
  const ids = body.map((cells) => normalizeDisplayIdQuery(unguardCell(cells[idAt] ?? '')));
  const unique = [...new Set(ids.filter(Boolean))];
  const found = new Map<string, ItemRow>();
  for (let i = 0; i < unique.length; i += LOOKUP_CHUNK) {
    for (const row of await repo.listMediaByDisplayIds(db, unique.slice(i, i + LOOKUP_CHUNK), lock))
      found.set(row.display_id, row);
  }
  const places = await repo.listPlaceIdsByName(db);
  const firstLine = new Map<string, number>();
  const items: MediaCsvPreviewItem[] = [];
  const writes: Plan['writes'] = [];
  const seen: { displayId: string; old: Record<UpdateColumn, string> }[] = [];
  let refusedRows = 0;
  body.forEach((cells, index) => {
    // Line 1 is the header; a quoted line break makes this the row's number, which is what a
    // spreadsheet shows.
    const line = index + 2;
    const displayId = ids[index]!;
    const item: MediaCsvPreviewItem = { line, displayId, id: null, title: null, changes: [], refused: [] };
    const row = found.get(displayId);
    if (!row) {
      item.refused.push({
        column: 'display_id',
        value: displayId,
        message: displayId === '' ? 'no display id' : 'no item has this display id',
      });
    } else if (firstLine.has(displayId)) {
      item.refused.push({
        column: 'display_id',
        value: displayId,
        message: `the item is on row ${firstLine.get(displayId)} already`,
      });
    } else {
      firstLine.set(displayId, line);
      item.id = row.id;
      item.title = row.title;
      authorize(actor, 'media:manage', mediaResource(row));
      const old = csvValues(row);
      const values: Record<string, unknown> = {};
      for (const [i, column] of columns.entries()) {
        if (column === 'display_id') continue;
        const raw = cells[i] ?? '';
        if (unguardCell(raw).trim() === old[column]) continue;
        const cell = readUpdateCell(column, raw);
        if (!cell.ok) {
          item.refused.push({ column, value: unguardCell(raw), message: cell.message });
          continue;
        }
        if (cell.text === old[column]) continue;
        if (column === 'place') {
          // A place of the list by its Faroese name (issue 28 §3), any case; never made here.
          const name = cell.value as string | null;
          const place = name === null ? null : places.places.get(name.toLowerCase());
          if (place === undefined) {
            item.refused.push({
              column,
              value: name ?? '',
              message: 'there is no place of this name in the list',
            });
            continue;
          }
          if ((place?.id ?? null) === row.place_id) continue;
          values.place_id = place?.id ?? null;
          item.changes.push({ column, old: old.place, new: place?.name ?? '' });
          continue;
        }
        if (column === 'category' || column === 'folder') {
          const name = cell.value as string | null;
          const id =
            name === null ? null : (column === 'category' ? places.categories : places.folders).get(name);
          if (id === undefined) {
            item.refused.push({ column, value: name ?? '', message: `there is no ${column} of this name` });
            continue;
          }
          values[`${column}_id`] = id;
        } else if (column === 'original_date') {
          Object.assign(values, originalDateColumns(cell.value as string | null));
        } else {
          values[column] = column === 'keywords' && cell.value === null ? [] : cell.value;
        }
        item.changes.push({ column, old: old[column], new: cell.text });
      }
      // The point stays whole: both coordinates or neither, after this row's changes.
      const latitude = 'latitude' in values ? values.latitude : row.latitude;
      const longitude = 'longitude' in values ? values.longitude : row.longitude;
      const coordinateRefused = item.refused.some((r) => r.column === 'latitude' || r.column === 'longitude');
      if (!coordinateRefused && (latitude == null) !== (longitude == null)) {
        const column = latitude == null ? 'latitude' : 'longitude';
        item.refused.push({
          column,
          value: '',
          message: 'give both latitude and longitude, or neither',
        });
      }
      if (item.refused.length === 0 && item.changes.length > 0) {
        writes.push({ row, values });
        seen.push({ displayId, old });
      }
    }
    if (item.refused.length > 0) {
      refusedRows += 1;
      // Nothing of a refused row is written: its changes are shown as refused too.
      items.push(item);
    } else if (item.changes.length > 0) items.push(item);
  });
  const fingerprint = createHash('sha256')
    .update(
      JSON.stringify(
        seen.map((s) => [s.displayId, UPDATE_COLUMNS.slice(1).map((c) => s.old[c as UpdateColumn])]),
      ),
    )
    .digest('hex');
  return {
    preview: { rows: body.length, changed: writes.length, refusedRows, items, fingerprint },
    writes,
  };
}

/** What an uploaded CSV would change, item by item and field by field; nothing is written. */
export async function previewMediaCsv(ctx: AppContext, actor: Actor, { csv }: { csv: string }) {
  authorize(actor, 'media:manage');
  return (await planUpdate(ctx.db, actor, csv, false)).preview;
}

/**
 * The preview's changes written in one transaction, logged once (`media.batch_updated`, with the
 * count). Refused when the items differ from what the preview showed as old (another edit since):
 * the staff member looks at a new preview instead of overwriting it unseen. Refused rows are left.
 */
export async function applyMediaCsv(
  ctx: AppContext,
  actor: Actor,
  { csv, fingerprint }: { csv: string; fingerprint: string },
) {
  authorize(actor, 'media:manage');
  return ctx.db.transaction().execute(async (trx) => {
    const plan = await planUpdate(trx, actor, csv, true);
    if (plan.preview.fingerprint !== fingerprint) {
      throw new AppError(
        409,
        'STALE_PREVIEW',
        'The items have changed since the preview: look at the preview again before applying it.',
      );
    }
    // Items changing the same columns are written together, a statement per WRITE_CHUNK of them.
    const groups = new Map<string, Plan['writes']>();
    for (const write of plan.writes) {
      const key = Object.keys(write.values).sort().join(',');
      const group = groups.get(key);
      if (group) group.push(write);
      else groups.set(key, [write]);
    }
    const before: ItemRow[] = [];
    const after: Pick<MediaItemRow, 'id' | 'rights' | 'media_type'>[] = [];
    let written = 0;
    for (const [key, writes] of groups) {
      const columns = key.split(',') as (keyof MediaItemsTable & string)[];
      for (let i = 0; i < writes.length; i += WRITE_CHUNK) {
        const chunk = writes.slice(i, i + WRITE_CHUNK);
        const updated = await repo.updateMediaFromRecords(
          trx,
          columns,
          chunk.map((w) => ({ id: w.row.id, ...w.values })),
        );
        written += updated.length;
        if (columns.includes('rights') || columns.includes('copyright_status')) {
          before.push(...chunk.map((w) => w.row));
          after.push(...updated);
        }
      }
    }
    // Rows locked since the preview cannot go; this holds should that ever change.
    if (written !== plan.writes.length)
      throw new AppError(409, 'STALE_PREVIEW', 'An item of the preview has been deleted since.');
    if (before.length > 0) await remarkIfRightsFreed(trx, before, after);
    const changed = plan.writes.length;
    if (changed > 0) {
      const columns = [
        ...new Set(
          plan.preview.items.flatMap((i) => (i.refused.length ? [] : i.changes.map((c) => c.column))),
        ),
      ];
      await logActivity(trx, actor, 'media.batch_updated', {
        name: `${changed} items`,
        details: { count: changed, columns, refusedRows: plan.preview.refusedRows },
      });
    }
    return { changed };
  });
}
