import { stringify } from 'csv-stringify/sync';
import { type CreatePlaceBody, createPlaceBody } from '#common/api/places.ts';
import { IMPORT_CSV_MAX_BYTES } from '#common/limits.ts';
import type { Actor } from '#common/permissions.ts';
import type { AppContext } from '#server/http/context.ts';
import { createPlace } from '#server/features/places/places.service.ts';
import { CsvError, parseCsv } from './csv.ts';
import { getPlaceIdByName } from './import.repository.ts';
import { readBoundedText } from './read-bounded.ts';
import { ImportRefusal } from './refusal.ts';

/**
 * A list of places as a file (issue 28 §3 × issue 27 §4): a bag carries the places its items have
 * (`places.csv`, server/export/bagit.ts), so that `npm run import -- BAG/data --csv
 * BAG/metadata.csv --places BAG/places.csv` gives an empty archive the places staff had added, with
 * their points, before the items that name them. A place the archive's list has already (by its
 * Faroese name, as the import finds places) is kept as it is; only the missing ones are added.
 */
export const PLACE_LIST_COLUMNS = ['name_fo', 'name_en', 'latitude', 'longitude'] as const;

export interface PlaceListEntry {
  name_fo: string;
  name_en: string;
  latitude: number;
  longitude: number;
}

/** The file's text, with the byte-order mark that makes spreadsheets read Faroese letters right. */
export function placeListCsv(places: Iterable<PlaceListEntry>): string {
  return stringify([...places], { bom: true, header: true, columns: [...PLACE_LIST_COLUMNS] });
}

/** Reads and checks the whole list before anything is imported: any bad row refuses the import. */
export async function readPlaceList(path: string): Promise<CreatePlaceBody[]> {
  const read = await readBoundedText(path, IMPORT_CSV_MAX_BYTES, 'a list of places');
  if (!read.ok) throw new ImportRefusal(`the list of places ${path}: ${read.message}.`);
  let rows: string[][];
  try {
    rows = parseCsv(read.text).rows;
  } catch (error) {
    if (error instanceof CsvError) throw new ImportRefusal(`${path}: ${error.message}`);
    throw error;
  }
  const [head, ...body] = rows;
  const columns = (head ?? []).map((h) => h.trim());
  if (
    columns.length !== PLACE_LIST_COLUMNS.length ||
    !PLACE_LIST_COLUMNS.every((column) => columns.includes(column))
  ) {
    throw new ImportRefusal(
      `${path}: the columns of a list of places are ${PLACE_LIST_COLUMNS.join(', ')} (docs/import.md).`,
    );
  }
  const cell = (row: string[], column: (typeof PLACE_LIST_COLUMNS)[number]) =>
    (row[columns.indexOf(column)] ?? '').trim();
  // Names are unique in the list without regard to case: a name twice would fail half-way.
  const rowOf = new Map<string, number>();
  return body.map((row, i) => {
    const earlier = rowOf.get(cell(row, 'name_fo').toLowerCase());
    if (earlier !== undefined) {
      throw new ImportRefusal(
        `${path}: rows ${earlier} and ${i + 2} are both for "${cell(row, 'name_fo')}".`,
      );
    }
    rowOf.set(cell(row, 'name_fo').toLowerCase(), i + 2);
    const parsed = createPlaceBody.safeParse({
      nameFo: cell(row, 'name_fo'),
      nameEn: cell(row, 'name_en'),
      latitude: cell(row, 'latitude'),
      longitude: cell(row, 'longitude'),
    });
    if (!parsed.success) {
      throw new ImportRefusal(`${path}, row ${i + 2}: ${parsed.error.issues[0]!.message}.`);
    }
    return parsed.data;
  });
}

/** Adds the places the archive's list lacks; answers how many were added and how many it had. */
export async function addMissingPlaces(
  ctx: AppContext,
  actor: NonNullable<Actor>,
  places: CreatePlaceBody[],
  dryRun: boolean,
): Promise<{ added: number; kept: number }> {
  let added = 0;
  let kept = 0;
  for (const place of places) {
    if (await getPlaceIdByName(ctx.db, place.nameFo)) kept += 1;
    else {
      if (!dryRun) await createPlace(ctx, actor, place);
      added += 1;
    }
  }
  return { added, kept };
}
