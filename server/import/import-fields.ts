import { z } from 'zod';
import { uploadDocumentFields } from '#common/api/documents.ts';
import { type UploadMediaFields, updateMediaBody, uploadMediaBody } from '#common/api/media.ts';
import { coordinate } from '#common/api/places.ts';

/**
 * The columns a metadata CSV may have: the spec's field names (admin-back-office.md §3
 * media_items), `file` first (the path relative to the imported folder). The same names serve the
 * import, the staff CSV round trip and the export (issue 27). `category` and `folder` are names,
 * found or made; `rights` is a statement URI (common/rights.ts). `place` is the Faroese name of a
 * place of the list (issue 28 §3: never made, an unknown name is refused); `latitude` and
 * `longitude` are the item's point, both or neither.
 */
export const IMPORT_COLUMNS = [
  'file',
  'title',
  'description',
  'photographer',
  'location',
  'original_date',
  'source',
  'keywords',
  'category',
  'folder',
  'is_public',
  'is_featured',
  'copyright_status',
  'copyright_holder',
  'commercial_use_allowed',
  'attribution_required',
  'attribution_text',
  'historical_context',
  'technical_notes',
  'rights',
  'place',
  'latitude',
  'longitude',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** Each column's field of the upload form (common/api/media.ts), checked by the same schema. */
const FIELD_OF: Record<
  Exclude<ImportColumn, 'file' | 'category' | 'folder' | 'place'>,
  keyof UploadMediaFields
> = {
  title: 'title',
  description: 'description',
  photographer: 'photographer',
  location: 'location',
  original_date: 'originalDate',
  source: 'source',
  keywords: 'keywords',
  is_public: 'isPublic',
  is_featured: 'isFeatured',
  copyright_status: 'copyrightStatus',
  copyright_holder: 'copyrightHolder',
  commercial_use_allowed: 'commercialUseAllowed',
  attribution_required: 'attributionRequired',
  attribution_text: 'attributionText',
  historical_context: 'historicalContext',
  technical_notes: 'technicalNotes',
  rights: 'rights',
  latitude: 'latitude',
  longitude: 'longitude',
};

/** Columns whose cell is a name (of a category, a folder, a place of the list), not a field's value. */
const NAME_COLUMNS = new Set<ImportColumn>(['category', 'folder', 'place']);

const placeName = z.string().trim().max(100, 'at most 100 characters');

/** What one CSV row says of its file: the form's fields, and its category, folder and place by name. */
export interface RowFields {
  fields: Omit<UploadMediaFields, 'categoryId' | 'folderId' | 'placeId'>;
  category?: string;
  folder?: string;
  /** The Faroese name of a place of the list. */
  place?: string;
}

/** Spreadsheets write yes/no as words as often as 1/0; the form's own words are kept too. */
function booleanWord(value: string): string {
  const v = value.trim().toLowerCase();
  if (['yes', 'y', 'ja', 'j', 'true', '1', 'on'].includes(v)) return 'true';
  if (['no', 'n', 'nei', 'false', '0', 'off'].includes(v)) return 'false';
  return value;
}

const BOOLEAN_COLUMNS = new Set<ImportColumn>([
  'is_public',
  'is_featured',
  'commercial_use_allowed',
  'attribution_required',
]);

/**
 * A row's values checked as the upload form checks them. An empty cell leaves the field as an
 * upload without it would (the default). Answers the fields, or the first refusal as
 * "column: message".
 */
export function readRow(
  header: readonly ImportColumn[],
  row: readonly string[],
): { ok: true; value: RowFields } | { ok: false; message: string } {
  const input: Record<string, string> = {};
  const names: Partial<Record<'category' | 'folder' | 'place', string>> = {};
  for (const [i, column] of header.entries()) {
    const cell = (row[i] ?? '').trim();
    if (column === 'file' || cell === '') continue;
    if (column === 'category' || column === 'folder' || column === 'place') {
      const name = placeName.safeParse(cell);
      if (!name.success) return { ok: false, message: `${column}: ${name.error.issues[0]!.message}` };
      names[column] = name.data;
      continue;
    }
    input[FIELD_OF[column]] = BOOLEAN_COLUMNS.has(column) ? booleanWord(cell) : cell;
  }
  // The upload's schema with its rule across fields: a point is both coordinates or neither.
  const parsed = uploadMediaBody.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = String(issue.path[0] ?? '');
    const column = (Object.entries(FIELD_OF).find(([, f]) => f === field)?.[0] ?? field) as string;
    return { ok: false, message: `${column}: ${issue.message}` };
  }
  const { categoryId: _c, folderId: _f, placeId: _p, ...fields } = parsed.data;
  return { ok: true, value: { fields, ...names } };
}

/**
 * The header checked before anything is imported: every column one of IMPORT_COLUMNS, none twice,
 * and `file` present. Answers the columns, or what is wrong, naming the columns.
 */
export function readHeader(
  header: readonly string[],
): { ok: true; columns: ImportColumn[] } | { ok: false; message: string } {
  const names = header.map((h) => h.trim());
  const unknown = names.filter((n) => !(IMPORT_COLUMNS as readonly string[]).includes(n));
  if (unknown.length > 0) {
    return {
      ok: false,
      message: `unknown column${unknown.length > 1 ? 's' : ''} ${unknown.map((u) => `"${u}"`).join(', ')}. The columns are: ${IMPORT_COLUMNS.join(', ')} (docs/import.md).`,
    };
  }
  const twice = names.filter((n, i) => names.indexOf(n) !== i);
  if (twice.length > 0) return { ok: false, message: `column "${twice[0]}" appears twice.` };
  if (!names.includes('file')) {
    return {
      ok: false,
      message: 'the first column must be "file": the path of each file within the folder.',
    };
  }
  return { ok: true, columns: names as ImportColumn[] };
}

/**
 * The staff CSV round trip (issue 27 §2): the display id, then every editable column of
 * IMPORT_COLUMNS (not `file`: an item's file is not edited). The export writes them in this order;
 * an upload may leave any out but `display_id` (a column left out changes nothing).
 */
export const UPDATE_COLUMNS = ['display_id', ...IMPORT_COLUMNS.filter((c) => c !== 'file')] as const;
export type UpdateColumn = Exclude<(typeof UPDATE_COLUMNS)[number], 'display_id'>;

/** The header of an update CSV: unknown columns refused by name, `display_id` required, none twice. */
export function readUpdateHeader(
  header: readonly string[],
): { ok: true; columns: (UpdateColumn | 'display_id')[] } | { ok: false; message: string } {
  const names = header.map((h) => h.trim());
  const unknown = names.filter((n) => !(UPDATE_COLUMNS as readonly string[]).includes(n));
  if (unknown.length > 0) {
    return {
      ok: false,
      message: `unknown column${unknown.length > 1 ? 's' : ''} ${unknown.map((u) => `"${u}"`).join(', ')}. The columns are: ${UPDATE_COLUMNS.join(', ')} (docs/import.md).`,
    };
  }
  const twice = names.filter((n, i) => names.indexOf(n) !== i);
  if (twice.length > 0) return { ok: false, message: `column "${twice[0]}" appears twice.` };
  if (!names.includes('display_id')) {
    return { ok: false, message: 'the CSV needs a "display_id" column: the id of each item (PHOTO-…).' };
  }
  return { ok: true, columns: names as (UpdateColumn | 'display_id')[] };
}

/**
 * A cell as the export guarded it undone: a value starting with = + - @ (or a tab or return), or
 * with ' before one of those, was written with one more leading ' so a spreadsheet keeps it as
 * text (features/media/media-csv.service.ts `guardCell`).
 */
export function unguardCell(cell: string): string {
  // Most cells do not start with ': answered without the pattern (every cell of a 10,000-row file).
  if (cell.charCodeAt(0) !== 39) return cell;
  return /^'+[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

/** The canonical text of a value as the round trip writes it: yes/no, keywords joined by ", ". */
export function cellText(value: string | boolean | readonly string[] | null | undefined): string {
  if (value == null) return '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.join(', ');
  return value as string;
}

const UPDATE_FIELD_SCHEMAS = updateMediaBody.shape as Record<string, z.ZodType | undefined>;

/**
 * One edited cell checked by the edit form's schema (`updateMediaBody`): an empty cell clears an
 * optional text (a title, a yes/no, a status and a rights statement cannot be cleared). Answers the
 * value to write, the canonical text to show, or why it is refused. `category` and `folder` are
 * names, answered as they are (the caller finds them).
 */
export function readUpdateCell(
  column: UpdateColumn,
  raw: string,
): { ok: true; value: unknown; text: string } | { ok: false; message: string } {
  const cell = unguardCell(raw).trim();
  if (NAME_COLUMNS.has(column)) {
    if (cell === '') return { ok: true, value: null, text: '' };
    const name = placeName.safeParse(cell);
    return name.success
      ? { ok: true, value: name.data, text: name.data }
      : { ok: false, message: name.error.issues[0]!.message };
  }
  if (column === 'latitude' || column === 'longitude') {
    // One coordinate alone: whether the row's point is whole is the caller's to check.
    const parsed = (
      column === 'latitude' ? coordinate('Latitude', 90) : coordinate('Longitude', 180)
    ).safeParse(cell);
    if (!parsed.success) return { ok: false, message: parsed.error.issues[0]!.message };
    return { ok: true, value: parsed.data, text: parsed.data === null ? '' : String(parsed.data) };
  }
  const field = FIELD_OF[column as Exclude<UpdateColumn, 'category' | 'folder' | 'place'>];
  let input: unknown = cell;
  if (BOOLEAN_COLUMNS.has(column)) {
    const word = booleanWord(cell);
    if (word !== 'true' && word !== 'false') return { ok: false, message: 'write yes or no' };
    input = word;
  } else if (column === 'keywords' && cell === '') input = null;
  // The field's own schema of the edit form, not the whole form's object (several times the cost
  // per cell, on every changed cell of a 10,000-row file); the coordinates, the one rule across
  // fields, are read above.
  const parsed = UPDATE_FIELD_SCHEMAS[field]!.safeParse(input);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]!.message };
  const value = parsed.data;
  if (value === undefined) return { ok: false, message: 'required' };
  return { ok: true, value, text: cellText(value as string | boolean | string[] | null) };
}

/**
 * The fields of a bag's `.metadata.json` sidecar (server/export/bagit.ts writes it: the spec's
 * field names, keywords as a list, category and folder as objects with their name), read as a CSV
 * row with every column would be. Answers the fields, or why not.
 */
export function readSidecarFields(text: string): ReturnType<typeof readRow> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `it is not JSON (${(error as Error).message})` };
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data) || !('title' in data))
    return { ok: false, message: 'it is not the metadata of an item (no "title")' };
  const record = data as Record<string, unknown>;
  const cell = (column: ImportColumn): string => {
    let value = record[column];
    if ((column === 'category' || column === 'folder') && typeof value === 'object' && value !== null)
      value = (value as { name?: unknown }).name;
    // The sidecar names its place with both names (server/export/bagit.ts): the Faroese is the list's.
    if (column === 'place' && typeof value === 'object' && value !== null)
      value = (value as { name_fo?: unknown }).name_fo;
    if (value === null || value === undefined || column === 'file') return '';
    if (Array.isArray(value)) return value.map(String).join(', ');
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  };
  return readRow(IMPORT_COLUMNS, IMPORT_COLUMNS.map(cell));
}

/** A document's fields from its bag sidecar, as the document upload form takes them. */
export type DocumentSidecarFields = z.output<typeof uploadDocumentFields> & { fileName?: string };

/**
 * The sidecar of a document in a bag (`"record": "document"`, server/export/bagit.ts), read as the
 * documents' upload form reads its fields (title, description, category, public, featured), or why
 * not. Answers undefined for any other sidecar (an item's): the import reads that one as an item's.
 */
export function readDocumentSidecar(
  text: string,
): { ok: true; value: DocumentSidecarFields } | { ok: false; message: string } | undefined {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof data !== 'object' || data === null || (data as { record?: unknown }).record !== 'document')
    return undefined;
  const record = data as Record<string, unknown>;
  const parsed = uploadDocumentFields.safeParse({
    title: record.title,
    description: record.description,
    category: record.category,
    isPublic: record.is_public,
    isFeatured: record.is_featured,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = String(issue.path[0] ?? 'a field').replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    return { ok: false, message: `${field}: ${issue.message}` };
  }
  if (!parsed.data.title) return { ok: false, message: 'title: a document must have a title' };
  const fileName =
    typeof record.file_name === 'string' && record.file_name.trim() ? record.file_name : undefined;
  return { ok: true, value: { ...parsed.data, ...(fileName ? { fileName } : {}) } };
}
