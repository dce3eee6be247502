import type { SubmissionSummary } from '#common/api/submissions.ts';
import { useT } from '#web/app/i18n.tsx';

const STYLE = {
  pending: 'bg-amber-100 text-amber-900',
  approved: 'bg-green-100 text-green-900',
  rejected: 'bg-red-100 text-red-900',
} as const;

export function StatusBadge({ status }: { status: SubmissionSummary['status'] }) {
  const t = useT();
  const label = {
    pending: t('contributor.status.pending', 'Bíðar'),
    approved: t('contributor.status.approved', 'Góðkent'),
    rejected: t('contributor.status.rejected', 'Avvíst'),
  }[status];
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-sm font-medium ${STYLE[status]}`}>
      {label}
    </span>
  );
}
