import { Check, X } from 'lucide-react';
import { useT } from '#web/app/i18n.tsx';
import { Button, secondaryButton } from '#web/components/button.tsx';

/** The selection's bar: how many are chosen (and pending), approve or reject them all, clear. */
export function BulkReviewBar({
  count,
  pending,
  busy,
  onApprove,
  onReject,
  onClear,
}: {
  count: number;
  pending: number;
  busy: boolean;
  onApprove: () => void;
  onReject: () => void;
  onClear: () => void;
}) {
  const t = useT();
  return (
    <section
      aria-label={t('admin.submissions.bulk_label', 'Selected submissions')}
      className="mt-4 flex flex-wrap items-center gap-3 rounded-md border border-blue-200 bg-blue-50 p-3"
    >
      <p className="text-sm text-slate-900">
        {t('admin.submissions.selected', '{count} selected, {pending} pending', {
          count: String(count),
          pending: String(pending),
        })}
      </p>
      <Button
        className="inline-flex items-center gap-2 rounded-md bg-green-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-green-800 disabled:opacity-70"
        disabled={busy || pending === 0}
        onClick={onApprove}
      >
        <Check aria-hidden="true" className="size-4" />
        {t('admin.submissions.approve_selected', 'Approve selected')}
      </Button>
      <Button
        className="inline-flex items-center gap-2 rounded-md bg-amber-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-amber-800 disabled:opacity-70"
        disabled={busy || pending === 0}
        onClick={onReject}
      >
        <X aria-hidden="true" className="size-4" />
        {t('admin.submissions.reject_selected', 'Reject selected')}
      </Button>
      <Button className={`${secondaryButton} py-1.5 text-sm`} onClick={onClear}>
        {t('admin.submissions.clear_selection', 'Clear selection')}
      </Button>
    </section>
  );
}
