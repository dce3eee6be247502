import type {
  PublicBox,
  PublicPerson,
  StaffBox,
  StaffPerson,
  StaffSuggestion,
  SuggestionStats,
} from '#common/api/people.ts';
import { toNumber } from '#server/db/database.ts';
import { mediaFileUrl } from '../media/media.public.ts';
import type { BoxRow, StaffPersonRow, SuggestionRow } from './people.repository.ts';

const thumbUrl = (id: string, key: string | null, salt: string | null) =>
  key ? mediaFileUrl(id, 'thumb', key.split('/').pop()!, salt) : null;

const dateText = (value: Date | string | null) =>
  value === null ? null : typeof value === 'string' ? value : value.toISOString().slice(0, 10);

export function presentStaffPerson(row: StaffPersonRow): StaffPerson {
  return {
    id: row.id,
    name: row.name,
    born: row.born,
    died: row.died,
    note: row.note,
    isPrivate: row.is_private,
    boxes: Number(row.boxes),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export function presentStaffBox(row: BoxRow): StaffBox {
  return {
    id: row.id,
    x: row.x,
    y: row.y,
    w: row.w,
    h: row.h,
    person:
      row.person_id && row.person_name !== null
        ? { id: row.person_id, name: row.person_name, isPrivate: row.person_is_private === true }
        : null,
    suggestedPerson:
      row.suggested_person_id && row.suggested_person_name !== null
        ? { id: row.suggested_person_id, name: row.suggested_person_name }
        : null,
    confidence: row.confidence,
    source: row.source,
    status: row.status,
  };
}

/** A box as the public sees it (a private person's is never among them: the repository leaves it out). */
export function presentPublicBox(
  row: Pick<BoxRow, 'id' | 'x' | 'y' | 'w' | 'h' | 'person_id' | 'person_name' | 'person_is_private'>,
): PublicBox {
  const named = row.person_id && row.person_name !== null && row.person_is_private === false;
  return {
    id: row.id,
    x: row.x,
    y: row.y,
    w: row.w,
    h: row.h,
    person: named ? { id: row.person_id!, name: row.person_name! } : null,
  };
}

export function presentPublicPerson(
  person: { id: string; name: string; born: string | null; died: string | null; note: string | null },
  items: {
    id: string;
    display_id: string;
    title: string;
    original_date: Date | string | null;
    file_salt: string | null;
    thumb_key: string | null;
  }[],
): PublicPerson {
  return {
    person: { id: person.id, name: person.name, born: person.born, died: person.died, note: person.note },
    items: items.map((item) => ({
      id: item.id,
      displayId: item.display_id,
      title: item.title,
      thumb: thumbUrl(item.id, item.thumb_key, item.file_salt),
      originalDate: dateText(item.original_date),
    })),
  };
}

export function presentStaffSuggestion(row: SuggestionRow): StaffSuggestion {
  return {
    id: row.id,
    media: {
      id: row.media_id,
      displayId: row.media_display_id,
      title: row.media_title,
      thumb: thumbUrl(row.media_id, row.thumb_key, row.media_file_salt),
    },
    box: row.box_id
      ? {
          id: row.box_id,
          x: row.box_x ?? 0,
          y: row.box_y ?? 0,
          w: row.box_w ?? 0,
          h: row.box_h ?? 0,
          personName: row.box_person_name,
        }
      : { id: null, x: row.x ?? 0, y: row.y ?? 0, w: row.w ?? 0, h: row.h ?? 0, personName: null },
    name: row.name,
    note: row.note,
    contributorName: row.contributor_name,
    contributorEmail: row.contributor_email,
    signedIn: row.submitted_by !== null,
    status: row.status,
    person: row.person_id && row.person_name !== null ? { id: row.person_id, name: row.person_name } : null,
    reviewedAt: row.reviewed_at ? row.reviewed_at.toISOString() : null,
    createdAt: row.created_at.toISOString(),
  };
}

/** The review screen's counts by status (a status with no row has none). */
export function presentSuggestionStats(
  rows: { status: string; n: string | number | bigint }[],
): SuggestionStats {
  const of = (status: string) => toNumber(rows.find((row) => row.status === status)?.n ?? 0);
  return { pending: of('pending'), accepted: of('accepted'), rejected: of('rejected') };
}
