import { type Dispatch, type SetStateAction, useCallback } from 'react';
import { useT } from '#web/app/i18n.tsx';
import { useConfirm } from '#web/components/confirm-dialog.tsx';
import { toast } from '#web/components/toaster.tsx';
import { useErrorText } from '#web/lib/error-text.ts';
import {
  type ReviewStatus,
  useBulkReview,
  useDeleteSubmission,
  useReviewSubmission,
} from '../api/review-submission.ts';
import { deleteErrorText } from './review-texts.ts';

/**
 * The review screen's actions with their messages: one review (from a row or the open dialog), a
 * delete after confirming (`confirmDialog` is rendered by the screen), and the selection's bulk
 * review, which keeps the rows that failed selected.
 */
export function useSubmissionActions({
  rows,
  openId,
  setOpenId,
  selected,
  setSelected,
}: {
  rows: readonly { id: string; status: string }[];
  openId: string | null;
  setOpenId: (id: string | null) => void;
  selected: ReadonlySet<string>;
  setSelected: Dispatch<SetStateAction<Set<string>>>;
}) {
  const t = useT();
  const say = useErrorText();
  const reviewOne = useReviewSubmission();
  const reviewMany = useBulkReview();
  const removeOne = useDeleteSubmission();
  const [confirm, confirmDialog] = useConfirm();
  const busy = reviewOne.isPending || reviewMany.isPending || removeOne.isPending;

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
    [confirm, removeOne, openId, setOpenId, setSelected, t, say],
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

  return { review, remove, bulk, busy, confirmDialog };
}
