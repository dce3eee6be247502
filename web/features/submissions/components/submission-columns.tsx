import { Check, Eye, FileText, Music, Trash2, Video, X } from 'lucide-react';
import type { StaffSubmission } from '#common/api/submissions.ts';
import type { Translate } from '#web/app/i18n.tsx';
import type { Column } from '#web/components/data-table.tsx';
import type { ReviewStatus } from '../api/review-submission.ts';
import { fileSizeText, mediaTypeLabel } from '../lib/review-texts.ts';
import { StatusBadge } from './submission-status-badge.tsx';

const iconButton =
  'inline-flex items-center justify-center rounded-md p-2 hover:bg-slate-100 disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-700';

type Row = StaffSubmission;

export interface RowActions {
  open: (id: string) => void;
  review: (row: Row, status: ReviewStatus) => void;
  remove: (row: Row) => void;
  busy: boolean;
}

function TypeIcon({ type }: { type: Row['mediaType'] }) {
  const Icon = type === 'video' ? Video : type === 'audio' ? Music : FileText;
  return (
    <span className="flex size-14 shrink-0 items-center justify-center rounded bg-slate-100">
      <Icon aria-hidden="true" className="size-6 text-slate-600" />
    </span>
  );
}

/** The review table's columns: the submission (its title opens it), submitter, type, status, date, actions. */
export function submissionColumns(
  t: Translate,
  formatTime: (iso: string) => string,
  actions: RowActions,
): Column<Row>[] {
  return [
    {
      id: 'submission',
      header: t('admin.submissions.column.submission', 'Submission'),
      rowHeader: true,
      cell: (row) => (
        <div className="flex min-w-56 gap-3">
          {row.thumbnailUrl ? (
            <img
              src={row.thumbnailUrl}
              alt=""
              className="size-14 shrink-0 rounded object-cover"
              loading="lazy"
            />
          ) : (
            <TypeIcon type={row.mediaType} />
          )}
          <div className="min-w-0">
            <button
              type="button"
              className="text-left font-semibold text-blue-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-blue-700"
              onClick={() => actions.open(row.id)}
            >
              {row.title}
            </button>
            <p className="text-xs font-normal text-slate-700">
              {row.displayId} · <span className="break-all">{row.fileName}</span> ·{' '}
              {fileSizeText(row.fileSize)}
            </p>
            {(row.duplicateOfMediaId || row.duplicateOfSubmissionId) && (
              <span className="mt-1 inline-block rounded bg-orange-100 px-2 py-0.5 text-xs font-medium text-orange-900">
                {t('admin.submissions.duplicate', 'Possible duplicate')}
              </span>
            )}
          </div>
        </div>
      ),
    },
    {
      id: 'submitter',
      header: t('admin.submissions.column.submitter', 'Submitter'),
      cell: (row) => (
        <div className="min-w-40">
          <p>{row.submitterName || t('admin.submissions.anonymous', 'Anonymous')}</p>
          {row.submitterEmail && <p className="break-all text-xs text-slate-700">{row.submitterEmail}</p>}
        </div>
      ),
    },
    {
      id: 'type',
      header: t('admin.submissions.column.type', 'Type'),
      cell: (row) => mediaTypeLabel(row.mediaType, t),
    },
    {
      id: 'status',
      header: t('admin.submissions.column.status', 'Status & Reviewer'),
      cell: (row) => (
        <div className="min-w-32">
          <StatusBadge status={row.status} />
          {row.reviewer && (
            <p className="mt-1 text-xs text-slate-700">
              {t('admin.submissions.reviewed_by', 'by {name}', {
                name: row.reviewer.fullName || row.reviewer.email,
              })}
            </p>
          )}
        </div>
      ),
    },
    {
      id: 'date',
      header: t('admin.submissions.column.date', 'Date'),
      className: 'whitespace-nowrap',
      cell: (row) => <time dateTime={row.createdAt}>{formatTime(row.createdAt)}</time>,
    },
    {
      id: 'actions',
      header: t('admin.submissions.column.actions', 'Actions'),
      className: 'whitespace-nowrap',
      cell: (row) => (
        <div className="flex gap-1">
          <button
            type="button"
            className={`${iconButton} text-slate-800`}
            onClick={() => actions.open(row.id)}
            aria-label={t('admin.submissions.view_named', 'View details of {title}', { title: row.title })}
          >
            <Eye aria-hidden="true" className="size-4" />
          </button>
          {row.status === 'pending' && (
            <>
              <button
                type="button"
                className={`${iconButton} text-green-800`}
                disabled={actions.busy}
                onClick={() => actions.review(row, 'approved')}
                aria-label={t('admin.submissions.approve_named', 'Approve {title}', { title: row.title })}
              >
                <Check aria-hidden="true" className="size-4" />
              </button>
              <button
                type="button"
                className={`${iconButton} text-amber-800`}
                disabled={actions.busy}
                onClick={() => actions.review(row, 'rejected')}
                aria-label={t('admin.submissions.reject_named', 'Reject {title}', { title: row.title })}
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            </>
          )}
          <button
            type="button"
            className={`${iconButton} text-red-800`}
            disabled={actions.busy}
            onClick={() => actions.remove(row)}
            aria-label={t('admin.submissions.delete_named', 'Delete {title}', { title: row.title })}
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </button>
        </div>
      ),
    },
  ];
}
