import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { StaffSubmissionDetail } from '#common/api/submissions.ts';
import { useT } from '#web/app/i18n.tsx';
import type { DetailsNavigation } from '../lib/use-review-keys.ts';

/** The title, its ID and place in the queue, previous / next, and close. */
export function DetailsHeader({
  submission,
  navigation,
}: {
  submission: StaffSubmissionDetail | undefined;
  navigation: DetailsNavigation;
}) {
  const t = useT();
  return (
    <div className="flex items-start justify-between gap-4 border-b border-slate-200 p-4">
      <div className="min-w-0">
        <Dialog.Title className="truncate text-xl font-semibold text-slate-900">
          {submission?.title ?? t('admin.submissions.details', 'Submission details')}
        </Dialog.Title>
        <p className="text-sm text-slate-700">
          {submission?.displayId}
          {navigation.position && <span className="ml-2">({navigation.position})</span>}
        </p>
      </div>
      <div className="flex items-center gap-1">
        <button
          type="button"
          className="rounded p-2 text-slate-800 hover:bg-slate-100 disabled:opacity-40"
          onClick={() => navigation.onPrevious?.()}
          disabled={!navigation.onPrevious}
          aria-label={t('admin.submissions.previous', 'Previous submission')}
        >
          <ChevronLeft aria-hidden="true" className="size-5" />
        </button>
        <button
          type="button"
          className="rounded p-2 text-slate-800 hover:bg-slate-100 disabled:opacity-40"
          onClick={() => navigation.onNext?.()}
          disabled={!navigation.onNext}
          aria-label={t('admin.submissions.next', 'Next submission')}
        >
          <ChevronRight aria-hidden="true" className="size-5" />
        </button>
        <Dialog.Close
          className="rounded p-2 text-slate-800 hover:bg-slate-100"
          aria-label={t('admin.submissions.close', 'Close')}
        >
          <X aria-hidden="true" className="size-5" />
        </Dialog.Close>
      </div>
    </div>
  );
}
