import { Dialog } from 'radix-ui';
import { useEffect, useId, useState } from 'react';
import type { StaffSubmissionDetail } from '#common/api/submissions.ts';
import { useT } from '#web/app/i18n.tsx';
import { Alert } from '#web/components/alert.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { useErrorText } from '#web/lib/error-text.ts';
import { useSubmissionDetail } from '../api/get-submission.ts';
import type { ReviewStatus } from '../api/review-submission.ts';
import { type DetailsNavigation, useReviewKeys } from '../lib/use-review-keys.ts';
import { DetailsHeader } from './details-header.tsx';
import { NearDuplicates } from './near-duplicates.tsx';
import { ReviewActions } from './review-actions.tsx';
import { DuplicateFlag, SubmissionFields } from './submission-fields.tsx';
import { SubmissionPreview } from './submission-preview.tsx';

/**
 * One submission in full (Radix Dialog): the file, every field, the duplicate flag, optional
 * review notes, Approve / Reject (pending only) and Delete. Made for working through a queue by
 * keyboard while it is open: J or → next, K or ← previous, A approve, R reject (not while typing
 * in the notes, and not while a confirmation is asked).
 */
export function SubmissionDetailsDialog({
  id,
  onClose,
  navigation,
  busy,
  onReview,
  onDelete,
  formatTime,
}: {
  id: string | null;
  onClose: () => void;
  navigation: DetailsNavigation;
  busy: boolean;
  /** `rights`: the approved item's rights statement ('' for the site's default). */
  onReview: (submission: StaffSubmissionDetail, status: ReviewStatus, notes: string, rights: string) => void;
  onDelete: (submission: StaffSubmissionDetail) => void;
  formatTime: (iso: string) => string;
}) {
  const t = useT();
  const say = useErrorText();
  const detail = useSubmissionDetail(id);
  const submission = detail.data?.id === id ? detail.data : undefined;
  const [notes, setNotes] = useState('');
  const [rights, setRights] = useState('');
  const hintId = useId();

  // Notes belong to the submission they were written for.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when another submission opens
  useEffect(() => {
    setNotes('');
    setRights('');
  }, [id]);

  useReviewKeys(id, { submission, notes, rights, navigation, busy, onReview });

  return (
    <Dialog.Root open={id !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content
          aria-describedby={hintId}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[92vh] w-[calc(100%-2rem)] max-w-3xl -translate-x-1/2 -translate-y-1/2 flex-col rounded-lg bg-white shadow-xl focus-visible:outline-2 focus-visible:outline-blue-700"
        >
          <DetailsHeader submission={submission} navigation={navigation} />
          <Dialog.Description
            id={hintId}
            className="border-b border-slate-200 bg-slate-50 px-4 py-2 text-sm text-slate-700"
          >
            {t('admin.submissions.shortcuts', 'Keyboard: J or → next, K or ← previous, A approve, R reject.')}
          </Dialog.Description>

          <div className="min-h-0 flex-1 overflow-y-auto p-4">
            {!submission && detail.isError ? (
              <Alert tone="error">
                <p>
                  {say(detail.error, {
                    '*': t('admin.submissions.load_failed', 'Failed to load submissions'),
                  })}
                </p>
              </Alert>
            ) : !submission ? (
              <Spinner text={t('list.loading', 'Loading...')} />
            ) : (
              <div className="grid gap-6 md:grid-cols-2">
                <div className="space-y-3">
                  <SubmissionPreview submission={submission} />
                  <DuplicateFlag submission={submission} />
                  <NearDuplicates submission={submission} notes={notes} rights={rights} />
                </div>
                <SubmissionFields submission={submission} formatTime={formatTime} />
              </div>
            )}
          </div>

          {submission && (
            <ReviewActions
              submission={submission}
              notes={notes}
              onNotes={setNotes}
              rights={rights}
              onRights={setRights}
              busy={busy}
              onReview={onReview}
              onDelete={onDelete}
            />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
