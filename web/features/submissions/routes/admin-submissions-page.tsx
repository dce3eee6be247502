import { Check, Eye, FileText, Music, Trash2, Video, X } from 'lucide-react';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { StaffSubmission, StaffSubmissionDetail } from '#common/api/submissions.ts';
import { type Translate, useLanguage, useT } from '#web/app/i18n.tsx';
import { Button, secondaryButton } from '#web/components/button.tsx';
import { useConfirm } from '#web/components/confirm-dialog.tsx';
import { type Column, DataTable } from '#web/components/data-table.tsx';
import { ListPaging } from '#web/components/list-paging.tsx';
import { toast } from '#web/components/toaster.tsx';
import { useErrorText } from '#web/lib/error-text.ts';
import { isFiltered, type ListSpec } from '#web/lib/list-params.ts';
import { useListParams } from '#web/lib/use-list-params.ts';
import { type SubmissionFilter, useSubmissionList } from '../api/list-submissions.ts';
import {
  type ReviewStatus,
  useBulkReview,
  useDeleteSubmission,
  useReviewSubmission,
} from '../api/review-submission.ts';
import { useSubmissionStats } from '../api/submission-stats.ts';
import { useSubmissionEvents } from '../api/use-submission-events.ts';
import { SubmissionDetailsDialog } from '../components/submission-details-dialog.tsx';
import { SubmissionFilters } from '../components/submission-filters.tsx';
import { SubmissionCounts, SubmissionStatCards } from '../components/submission-stats.tsx';
import { StatusBadge } from '../components/submission-status-badge.tsx';
import { deleteErrorText, fileSizeText, mediaTypeLabel, REVIEW_STATUSES } from '../lib/review-texts.ts';

/** The list's URL state: search `q` and the status filter; always newest first. */
export const SUBMISSION_LIST: ListSpec<SubmissionFilter> = { filters: { status: REVIEW_STATUSES } };

const iconButton =
  'inline-flex items-center justify-center rounded-md p-2 hover:bg-slate-100 disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-700';

type Row = StaffSubmission;

interface RowActions {
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

function submissionColumns(
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

/** Submissions review (/admin/submissions): admin-back-office.md §2, §4, §5, §8. */
export function AdminSubmissionsPage() {
  const t = useT();
  const { lang } = useLanguage();
  const say = useErrorText();
  const list = useListParams(SUBMISSION_LIST);
  const { params } = list;
  const submissions = useSubmissionList(params);
  const stats = useSubmissionStats();
  useSubmissionEvents();
  const reviewOne = useReviewSubmission();
  const reviewMany = useBulkReview();
  const removeOne = useDeleteSubmission();
  const [confirm, confirmDialog] = useConfirm();
  const [openId, setOpenId] = useState<string | null>(null);
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const busy = reviewOne.isPending || reviewMany.isPending || removeOne.isPending;

  const rows = submissions.items;
  // Where the open submission was in the list: once reviewed it may leave a filtered list, and
  // Next then goes on with the one that took its place.
  const lastIndex = useRef(0);
  const index = openId ? rows.findIndex((row) => row.id === openId) : -1;
  if (index >= 0) lastIndex.current = index;
  const nextIndex = index >= 0 ? index + 1 : lastIndex.current;
  const previousIndex = index >= 0 ? index - 1 : lastIndex.current - 1;
  const nextId = openId && nextIndex < rows.length ? rows[nextIndex]!.id : null;
  const previousId = openId && previousIndex >= 0 ? (rows[previousIndex]?.id ?? null) : null;

  const review = useCallback(
    async (target: { id: string }, status: ReviewStatus, reviewNotes?: string, rights?: string) => {
      try {
        await reviewOne.mutateAsync({ id: target.id, status, reviewNotes, rights });
        toast.success(
          status === 'approved'
            ? t('admin.submissions.approved', 'Submission approved and added to gallery!')
            : t('admin.submissions.rejected', 'Submission rejected successfully!'),
        );
      } catch {
        toast.error(t('admin.submissions.update_failed', 'Failed to update submission status'));
      }
    },
    [reviewOne, t],
  );

  const remove = useCallback(
    async (target: { id: string; title: string }) => {
      const yes = await confirm({
        title: t('admin.submissions.delete_title', 'Delete submission'),
        description: t(
          'admin.submissions.delete_confirm',
          'Are you sure you want to permanently delete the submission "{title}"? This will remove the file and cannot be undone.',
          { title: target.title },
        ),
        destructive: true,
      });
      if (!yes) return;
      try {
        await removeOne.mutateAsync(target.id);
        if (openId === target.id) setOpenId(null);
        setSelected((current) => {
          const next = new Set(current);
          next.delete(target.id);
          return next;
        });
        toast.success(t('admin.submissions.deleted', 'Submission deleted successfully!'));
      } catch (error) {
        toast.error(deleteErrorText(error, t, (e) => say(e)));
      }
    },
    [confirm, removeOne, openId, t, say],
  );

  const bulk = async (status: ReviewStatus) => {
    const ids = rows.filter((row) => selected.has(row.id) && row.status === 'pending').map((row) => row.id);
    if (ids.length === 0) return;
    try {
      const results = await reviewMany.mutateAsync({ ids, status });
      const done = results.filter((result) => result.ok).length;
      setSelected(new Set(results.filter((result) => !result.ok).map((result) => result.id)));
      if (done > 0) {
        toast.success(
          status === 'approved'
            ? t('admin.submissions.bulk_approved', '{count} submission(s) approved and added to gallery!', {
                count: String(done),
              })
            : t('admin.submissions.bulk_rejected', '{count} submission(s) rejected successfully!', {
                count: String(done),
              }),
        );
      }
      if (done < results.length)
        toast.error(t('admin.submissions.update_failed', 'Failed to update submission status'));
    } catch {
      toast.error(t('admin.submissions.update_failed', 'Failed to update submission status'));
    }
  };

  const formatTime = useMemo(() => {
    const format = new Intl.DateTimeFormat(lang === 'fo' ? 'fo' : 'en-GB', {
      dateStyle: 'medium',
      timeStyle: 'short',
    });
    return (iso: string) => format.format(new Date(iso));
  }, [lang]);

  const columns = useMemo(
    () =>
      submissionColumns(t, formatTime, {
        open: setOpenId,
        review: (row, status) => void review(row, status),
        remove: (row) => void remove(row),
        busy,
      }),
    [t, formatTime, review, remove, busy],
  );

  const selectedPending = rows.filter((row) => selected.has(row.id) && row.status === 'pending').length;
  const filtered = isFiltered(params);
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8">
      <h1 className="text-3xl font-bold text-slate-900">
        {t('admin.submissions.title', 'Submissions review')}
      </h1>
      <SubmissionCounts stats={stats.data} />
      <SubmissionStatCards stats={stats.data} />
      <SubmissionFilters list={list} />

      {selected.size > 0 && (
        <section
          aria-label={t('admin.submissions.bulk_label', 'Selected submissions')}
          className="mt-4 flex flex-wrap items-center gap-3 rounded-md border border-blue-200 bg-blue-50 p-3"
        >
          <p className="text-sm text-slate-900">
            {t('admin.submissions.selected', '{count} selected, {pending} pending', {
              count: String(selected.size),
              pending: String(selectedPending),
            })}
          </p>
          <Button
            className="inline-flex items-center gap-2 rounded-md bg-green-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-green-800 disabled:opacity-70"
            disabled={busy || selectedPending === 0}
            onClick={() => void bulk('approved')}
          >
            <Check aria-hidden="true" className="size-4" />
            {t('admin.submissions.approve_selected', 'Approve selected')}
          </Button>
          <Button
            className="inline-flex items-center gap-2 rounded-md bg-amber-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-amber-800 disabled:opacity-70"
            disabled={busy || selectedPending === 0}
            onClick={() => void bulk('rejected')}
          >
            <X aria-hidden="true" className="size-4" />
            {t('admin.submissions.reject_selected', 'Reject selected')}
          </Button>
          <Button className={`${secondaryButton} py-1.5 text-sm`} onClick={() => setSelected(new Set())}>
            {t('admin.submissions.clear_selection', 'Clear selection')}
          </Button>
        </section>
      )}

      <div className="mt-6">
        <DataTable
          caption={t('admin.submissions.caption', 'Submissions, newest first')}
          captionHidden
          columns={columns}
          rows={rows}
          rowKey={(row) => row.id}
          selection={{ selected, onChange: setSelected, rowLabel: (row) => row.title }}
          isLoading={submissions.isPending}
          isFetching={submissions.isFetching && !submissions.isFetchingNextPage}
          error={submissions.error}
          errorText={t('admin.submissions.load_failed', 'Failed to load submissions')}
          onRetry={() => submissions.refetch()}
          empty={
            <div className="text-center">
              <p className="text-lg font-semibold text-slate-900">
                {filtered
                  ? t('admin.submissions.empty_filtered', 'No Submissions Found')
                  : t('admin.submissions.empty', 'No Submissions Yet')}
              </p>
              <p className="mt-1 text-slate-700">
                {filtered
                  ? t('admin.submissions.empty_filtered_text', 'Try adjusting your search or filters.')
                  : t('admin.submissions.empty_text', 'Submissions from the public will appear here.')}
              </p>
            </div>
          }
        />
        <ListPaging
          list={submissions}
          shown={rows.length}
          onFirstPage={params.cursor ? () => list.setCursor(null) : undefined}
        />
      </div>

      <SubmissionDetailsDialog
        id={openId}
        onClose={() => setOpenId(null)}
        busy={busy}
        formatTime={formatTime}
        navigation={{
          position:
            index >= 0
              ? t('admin.submissions.position', '{n} of {total}', {
                  n: String(index + 1),
                  total: String(submissions.total),
                })
              : null,
          onNext: nextId ? () => setOpenId(nextId) : null,
          onPrevious: previousId ? () => setOpenId(previousId) : null,
        }}
        onReview={(submission: StaffSubmissionDetail, status, notes, rights) =>
          void review(submission, status, notes, rights)
        }
        onDelete={(submission) => void remove(submission)}
      />
      {confirmDialog}
    </div>
  );
}
