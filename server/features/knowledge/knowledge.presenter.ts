import type { KnowledgeStats, StaffKnowledge } from '#common/api/knowledge.ts';
import { toNumber } from '#server/db/database.ts';
import { KNOWLEDGE_FIELDS, type KnowledgeField } from '#common/knowledge-form.ts';
import type { StaffContributionRow } from './knowledge.repository.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A contribution as the review screen shows it: every field listed. */
export function presentStaffKnowledge(row: StaffContributionRow): StaffKnowledge {
  return {
    id: row.id,
    media: { id: row.media_id, displayId: row.media_display_id, title: row.media_title },
    who: row.who,
    place: row.place,
    time: row.time_text,
    other: row.other,
    contributorName: row.contributor_name,
    contributorEmail: row.contributor_email,
    signedIn: row.submitted_by !== null,
    status: row.status,
    acceptedField: KNOWLEDGE_FIELDS.includes(row.accepted_field as KnowledgeField)
      ? (row.accepted_field as KnowledgeField)
      : null,
    acceptedText: row.accepted_text,
    reviewedAt: iso(row.reviewed_at),
    repliedAt: iso(row.replied_at),
    createdAt: row.created_at.toISOString(),
  };
}

/** The review screen's counts by status (a status with no row has none). */
export function presentKnowledgeStats(
  rows: { status: string; n: string | number | bigint }[],
): KnowledgeStats {
  const of = (status: string) => toNumber(rows.find((row) => row.status === status)?.n ?? 0);
  return { pending: of('pending'), accepted: of('accepted'), rejected: of('rejected') };
}
