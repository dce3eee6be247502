import type { CreateMediaFromUploadInput } from '#common/api/media.ts';
import type { CopyrightStatus } from '#common/enums.ts';
import type { FileMetadata } from '#common/file-metadata.ts';
import { titleFromFileName } from '#common/file-types.ts';
import type { NearDuplicate } from '#common/near-duplicates.ts';
import type { QueuedFile, SendState } from '#web/features/uploads/index.ts';

/** One file's form on the upload screen, as typed (texts are trimmed and emptied to none on send). */
export type UploadFields = {
  title: string;
  description: string;
  photographer: string;
  location: string;
  originalDate: string;
  source: string;
  /** Comma-separated. */
  keywords: string;
  categoryId: string;
  folderId: string;
  isPublic: boolean;
  isFeatured: boolean;
  historicalContext: string;
  technicalNotes: string;
  copyrightStatus: CopyrightStatus;
  /** A rights statement URI, or '' for the site's default (or the copyright status's own). */
  rights: string;
  copyrightHolder: string;
  commercialUseAllowed: boolean;
  attributionRequired: boolean;
  attributionText: string;
  /** A place of the list (issue 28 §3), or '' for none. */
  placeId: string;
  /** The point as typed ('' for none: a chosen place's point, or no point). */
  latitude: string;
  longitude: string;
};

/** The fields the 'For all files' panel sets on every file at once. */
export const SHARED_FIELDS = [
  'categoryId',
  'folderId',
  'keywords',
  'photographer',
  'source',
  'isPublic',
  'isFeatured',
  'copyrightStatus',
  'rights',
  'copyrightHolder',
  'placeId',
  'latitude',
  'longitude',
] as const satisfies readonly (keyof UploadFields)[];
export type SharedFields = Pick<UploadFields, (typeof SHARED_FIELDS)[number]>;

/** The spec's defaults (admin-back-office.md §5): public, not featured; no category or folder. */
export const DEFAULT_SHARED: SharedFields = {
  categoryId: '',
  folderId: '',
  keywords: '',
  photographer: '',
  source: '',
  isPublic: true,
  isFeatured: false,
  copyrightStatus: 'unknown',
  rights: '',
  copyrightHolder: '',
  placeId: '',
  latitude: '',
  longitude: '',
};

/** Which fields were filled from the file's own EXIF/IPTC data. */
export type Suggested = Partial<
  Record<'description' | 'photographer' | 'originalDate' | 'copyrightHolder', string>
>;

export type UploadState = SendState;

/**
 * One file on the upload screen: a row of the send queue (`ready`, `waiting`, `uploading`,
 * `processing`, `done` or `failed`: admin-back-office.md §3 Upload item) with its own form.
 */
export type UploadItem = QueuedFile & {
  fields: UploadFields;
  suggested: Suggested;
  mediaId?: string;
  displayId?: string;
  /** Photos the archive held already that the new item looks like (issue 29 §4): staff compare them. */
  nearDuplicates?: NearDuplicate[];
};

/** A new file's form: the title from its name, the shared values, and nothing else yet. */
export function initialFields(file: File, shared: SharedFields): UploadFields {
  return {
    title: titleFromFileName(file.name),
    description: '',
    location: '',
    originalDate: '',
    historicalContext: '',
    technicalNotes: '',
    commercialUseAllowed: false,
    attributionRequired: true,
    attributionText: '',
    ...shared,
  };
}

/** The date part of an EXIF date ('2019-07-04T10:00:00.000Z' → '2019-07-04'); other text as it is. */
function dateText(takenAt: string): string {
  return /^\d{4}-\d{2}-\d{2}T/.test(takenAt) ? takenAt.slice(0, 10) : takenAt;
}

/**
 * The file's own data put into the fields the person has left empty (never over what they typed):
 * caption → description, creator → photographer, date taken → original date, copyright → holder.
 */
export function applySuggestions(
  fields: UploadFields,
  metadata: FileMetadata | null,
): { fields: UploadFields; suggested: Suggested } {
  const suggested: Suggested = {};
  if (!metadata) return { fields, suggested };
  const next = { ...fields };
  const offer = (field: keyof Suggested, value: string | undefined) => {
    if (!value || next[field].trim() !== '') return;
    next[field] = value;
    suggested[field] = value;
  };
  offer('description', metadata.caption);
  offer('photographer', metadata.creator);
  offer('originalDate', metadata.takenAt ? dateText(metadata.takenAt) : undefined);
  offer('copyrightHolder', metadata.copyright);
  return { fields: next, suggested };
}

/** The request body for one finished upload (the server trims and turns empty texts into none). */
export function uploadBody(uploadId: string, fields: UploadFields): CreateMediaFromUploadInput {
  const { rights, ...rest } = fields;
  return { uploadId, ...rest, ...(rights ? { rights } : {}) };
}
