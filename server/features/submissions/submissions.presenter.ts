import type { NearDuplicate } from '#common/near-duplicates.ts';
import type {
  StaffSubmission,
  StaffSubmissionDetail,
  SubmissionStats,
  SubmissionSummary,
} from '#common/api/submissions.ts';
import { toNumber } from '#server/db/database.ts';
import type { StaffSubmissionRow, SubmissionCountsRow, SubmissionRow } from './submissions.repository.ts';

export function presentSubmission(row: SubmissionRow): SubmissionSummary {
  return {
    id: row.id,
    displayId: row.display_id,
    title: row.title,
    status: row.status,
    mediaType: row.media_type,
    fileName: row.file_name,
    createdAt: row.created_at.toISOString(),
    reviewNotes: row.review_notes,
    mediaId: row.status === 'approved' ? row.approved_media_id : null,
  };
}

const fileUrl = (id: string, variant: 'original' | 'thumb' | 'display', key?: string | null) =>
  // The derivative's key changes when it is made again: a new URL, so no stale cached copy shows.
  `/files/submissions/${id}/${variant}${key ? `?v=${encodeURIComponent(key.split('/').pop()!)}` : ''}`;

/** A submission as the review screen shows it (admin-back-office.md §3 submissions). */
export function presentStaffSubmission(row: StaffSubmissionRow): StaffSubmission {
  return {
    id: row.id,
    displayId: row.display_id,
    title: row.title,
    description: row.description,
    photographer: row.photographer,
    location: row.location,
    source: row.source,
    originalDate: row.original_date,
    originalDateEdtf: row.original_date_edtf,
    keywords: row.keywords,
    fileName: row.file_name,
    fileSize: Number(row.file_size),
    mimeType: row.mime_type,
    mediaType: row.media_type,
    processingStatus: row.processing_status,
    thumbnailUrl: row.thumb_key ? fileUrl(row.id, 'thumb', row.thumb_key) : null,
    submitterName: row.submitter_name,
    submitterEmail: row.submitter_email,
    submitterMessage: row.submitter_message,
    submittedBy: row.submitted_by,
    status: row.status,
    reviewer:
      row.reviewed_by && row.reviewer_email
        ? { id: row.reviewed_by, fullName: row.reviewer_full_name || null, email: row.reviewer_email }
        : null,
    reviewedAt: row.reviewed_at?.toISOString() ?? null,
    reviewNotes: row.review_notes,
    createdAt: row.created_at.toISOString(),
    approvedMedia:
      row.status === 'approved' && row.approved_id
        ? { id: row.approved_id, viewCount: Number(row.approved_view_count ?? 0) }
        : null,
    duplicateOfMediaId: row.duplicate_of_media_id,
    duplicateOfSubmissionId: row.duplicate_of_submission_id,
  };
}

/** One submission with the addresses of its files (staff only: /files checks the permission). */
export function presentStaffSubmissionDetail(
  row: StaffSubmissionRow,
  nearDuplicates: NearDuplicate[],
): StaffSubmissionDetail {
  return {
    ...presentStaffSubmission(row),
    originalUrl: fileUrl(row.id, 'original'),
    displayUrl: row.display_key ? fileUrl(row.id, 'display', row.display_key) : null,
    nearDuplicates,
  };
}

/** The header's counts: `recent` is 'This Week', the approval rate approved / total, rounded. */
export function presentSubmissionStats(row: SubmissionCountsRow): SubmissionStats {
  const total = toNumber(row.total);
  const approved = toNumber(row.approved);
  return {
    total,
    pending: toNumber(row.pending),
    approved,
    rejected: toNumber(row.rejected),
    thisWeek: toNumber(row.recent),
    approvalRate: total === 0 ? 0 : Math.round((approved / total) * 100),
  };
}
