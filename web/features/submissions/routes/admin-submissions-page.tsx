import { useMemo, useState } from 'react';
import type { StaffSubmissionDetail } from '#common/api/submissions.ts';
import { useT } from '#web/app/i18n.tsx';
import { DataTable } from '#web/components/data-table.tsx';
import { ListPaging } from '#web/components/list-paging.tsx';
import { isFiltered, type ListSpec } from '#web/lib/list-params.ts';
import { useListParams } from '#web/lib/use-list-params.ts';
import { type SubmissionFilter, useSubmissionList } from '../api/list-submissions.ts';
import { useSubmissionStats } from '../api/submission-stats.ts';
import { useSubmissionEvents } from '../api/use-submission-events.ts';
import { BulkReviewBar } from '../components/bulk-review-bar.tsx';
import { submissionColumns } from '../components/submission-columns.tsx';
import { SubmissionDetailsDialog } from '../components/submission-details-dialog.tsx';
import { SubmissionFilters, SubmissionsEmpty } from '../components/submission-filters.tsx';
import { SubmissionCounts, SubmissionStatCards } from '../components/submission-stats.tsx';
import { REVIEW_STATUSES } from '../lib/review-texts.ts';
import { useDetailsNavigation } from '../lib/use-details-navigation.ts';
import { useFormatTime } from '../lib/use-format-time.ts';
import { useSubmissionActions } from '../lib/use-submission-actions.ts';

/** The list's URL state: search `q` and the status filter; always newest first. */
export const SUBMISSION_LIST: ListSpec<SubmissionFilter> = { filters: { status: REVIEW_STATUSES } };

/** Submissions review (/admin/submissions): admin-back-office.md §2, §4, §5, §8. */
export function AdminSubmissionsPage() {
  const t = useT();
  const list = useListParams(SUBMISSION_LIST);
  const { params } = list;
  const submissions = useSubmissionList(params);
  const stats = useSubmissionStats();
  useSubmissionEvents();
  const [openId, setOpenId] = useState<string | null>(null);
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const rows = submissions.items;
  const { review, remove, bulk, busy, confirmDialog } = useSubmissionActions({
    rows,
    openId,
    setOpenId,
    selected,
    setSelected,
  });
  const { index, nextId, previousId } = useDetailsNavigation(rows, openId);
  const formatTime = useFormatTime();

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
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8">
      <h1 className="text-3xl font-bold text-slate-900">
        {t('admin.submissions.title', 'Submissions review')}
      </h1>
      <SubmissionCounts stats={stats.data} />
      <SubmissionStatCards stats={stats.data} />
      <SubmissionFilters list={list} />

      {selected.size > 0 && (
        <BulkReviewBar
          count={selected.size}
          pending={selectedPending}
          busy={busy}
          onApprove={() => void bulk('approved')}
          onReject={() => void bulk('rejected')}
          onClear={() => setSelected(new Set())}
        />
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
          empty={<SubmissionsEmpty filtered={isFiltered(params)} />}
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
