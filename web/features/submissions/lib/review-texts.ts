import type { StaffSubmission } from '#common/api/submissions.ts';
import type { Translate } from '#web/app/i18n.tsx';
import { ApiRequestError } from '#web/lib/api-fetch.ts';

/** The status filter's values (common/api/submissions.ts SUBMISSION_STATUS_VALUES, without pulling in zod). */
export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;

export function statusLabel(status: StaffSubmission['status'], t: Translate): string {
  if (status === 'approved') return t('admin.submissions.status.approved', 'Approved');
  if (status === 'rejected') return t('admin.submissions.status.rejected', 'Rejected');
  return t('admin.submissions.status.pending', 'Pending');
}

export function mediaTypeLabel(type: StaffSubmission['mediaType'], t: Translate): string {
  if (type === 'video') return t('admin.submissions.type.video', 'Video');
  if (type === 'audio') return t('admin.submissions.type.audio', 'Audio');
  if (type === 'document') return t('admin.submissions.type.document', 'Document');
  return t('admin.submissions.type.image', 'Image');
}

/** 1.2 MB, 340 KB, 12 B. */
export function fileSizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

/**
 * The delete failure as spec §8 words it: a permission refusal, a row still referenced, another
 * error with its message, or (no error object at all) the plain retry sentence.
 */
export function deleteErrorText(error: unknown, t: Translate, message: (error: unknown) => string): string {
  if (error instanceof ApiRequestError) {
    if (error.code === 'FORBIDDEN' || /permission/i.test(error.message)) {
      return t(
        'admin.submissions.delete_denied',
        'Permission denied: You may not have the required permissions to delete this submission.',
      );
    }
    if (error.code === 'FOREIGN_KEY' || /foreign key/i.test(error.message)) {
      return t(
        'admin.submissions.delete_referenced',
        'Cannot delete: This submission is referenced by other records.',
      );
    }
  }
  if (error instanceof Error) {
    return t('admin.submissions.delete_failed', 'Failed to delete submission: {message}', {
      message: message(error),
    });
  }
  return t('admin.submissions.delete_failed_retry', 'Failed to delete submission. Please try again.');
}
