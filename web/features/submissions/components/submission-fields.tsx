import { Copy } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { StaffSubmissionDetail } from '#common/api/submissions.ts';
import { paths } from '#common/paths.ts';
import { useT } from '#web/app/i18n.tsx';
import { fileSizeText, mediaTypeLabel } from '../lib/review-texts.ts';
import { StatusBadge } from './submission-status-badge.tsx';

/** Every field of a submission, as a description list; the empty ones left out. */
export function SubmissionFields({
  submission,
  formatTime,
}: {
  submission: StaffSubmissionDetail;
  formatTime: (iso: string) => string;
}) {
  const t = useT();
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
      <Field label={t('admin.submissions.field.status', 'Status')}>
        <StatusBadge status={submission.status} />
      </Field>
      <Field label={t('admin.submissions.field.type', 'Type')}>
        {mediaTypeLabel(submission.mediaType, t)} ({submission.mimeType})
      </Field>
      <Field label={t('admin.submissions.field.file', 'File')}>
        <span className="break-all">{submission.fileName}</span> ({fileSizeText(submission.fileSize)})
      </Field>
      <Field label={t('admin.submissions.field.submitted', 'Submitted')}>
        <time dateTime={submission.createdAt}>{formatTime(submission.createdAt)}</time>
      </Field>
      <Field label={t('admin.submissions.field.submitter', 'Submitter')}>
        {submission.submitterName || t('admin.submissions.anonymous', 'Anonymous')}
        {submission.submitterEmail && (
          <>
            {' '}
            <a className="break-all text-blue-800 underline" href={`mailto:${submission.submitterEmail}`}>
              {submission.submitterEmail}
            </a>
          </>
        )}
      </Field>
      {submission.submitterMessage && (
        <Field label={t('admin.submissions.field.message', 'Message')}>
          <span className="whitespace-pre-wrap">{submission.submitterMessage}</span>
        </Field>
      )}
      {submission.description && (
        <Field label={t('admin.submissions.field.description', 'Description')}>
          <span className="whitespace-pre-wrap">{submission.description}</span>
        </Field>
      )}
      {submission.photographer && (
        <Field label={t('admin.submissions.field.photographer', 'Photographer')}>
          {submission.photographer}
        </Field>
      )}
      {submission.location && (
        <Field label={t('admin.submissions.field.location', 'Location')}>{submission.location}</Field>
      )}
      {submission.originalDate && (
        <Field label={t('admin.submissions.field.original_date', 'Original date')}>
          {submission.originalDate}
        </Field>
      )}
      {submission.source && (
        <Field label={t('admin.submissions.field.source', 'Source')}>{submission.source}</Field>
      )}
      {submission.keywords.length > 0 && (
        <Field label={t('admin.submissions.field.keywords', 'Keywords')}>
          {submission.keywords.join(', ')}
        </Field>
      )}
      {submission.reviewer && (
        <Field label={t('admin.submissions.field.reviewer', 'Reviewed by')}>
          {submission.reviewer.fullName || submission.reviewer.email}
          {submission.reviewedAt && (
            <>
              {', '}
              <time dateTime={submission.reviewedAt}>{formatTime(submission.reviewedAt)}</time>
            </>
          )}
        </Field>
      )}
      {submission.reviewNotes && (
        <Field label={t('admin.submissions.field.notes', 'Review notes')}>
          <span className="whitespace-pre-wrap">{submission.reviewNotes}</span>
        </Field>
      )}
      {submission.approvedMedia && (
        <Field label={t('admin.submissions.field.item', 'Gallery item')}>
          <Link className="text-blue-800 underline" to={paths.media(submission.approvedMedia.id)}>
            {t('admin.submissions.view_item', 'View in gallery')}
          </Link>{' '}
          {t('admin.submissions.views', '({count} views)', {
            count: String(submission.approvedMedia.viewCount),
          })}
        </Field>
      )}
    </dl>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-slate-700">{label}</dt>
      <dd className="min-w-0 text-slate-900">{children}</dd>
    </>
  );
}

/** Same bytes as an item already in the archive (with a link to it) or as an earlier submission. */
export function DuplicateFlag({ submission }: { submission: StaffSubmissionDetail }) {
  const t = useT();
  if (!submission.duplicateOfMediaId && !submission.duplicateOfSubmissionId) return null;
  return (
    <div className="rounded-md border border-orange-300 bg-orange-50 p-4 text-orange-900">
      <p className="flex items-center gap-2 font-medium">
        <Copy aria-hidden="true" className="size-4" />
        {t('admin.submissions.duplicate', 'Possible duplicate')}
      </p>
      {submission.duplicateOfMediaId ? (
        <p className="mt-1">
          {t('admin.submissions.duplicate_media', 'The same file is already in the archive.')}{' '}
          <Link className="text-blue-800 underline" to={paths.media(submission.duplicateOfMediaId)}>
            {t('admin.submissions.duplicate_link', 'View the existing item')}
          </Link>
        </p>
      ) : (
        <p className="mt-1">
          {t('admin.submissions.duplicate_submission', 'The same file was sent in an earlier submission.')}
        </p>
      )}
    </div>
  );
}
