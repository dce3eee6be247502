import type { StaffSubmission } from '#common/api/submissions.ts';
import { useT } from '#web/app/i18n.tsx';
import { statusLabel } from '../lib/review-texts.ts';

const TONES: Record<StaffSubmission['status'], string> = {
  pending: 'bg-amber-100 text-amber-900',
  approved: 'bg-green-100 text-green-900',
  rejected: 'bg-red-100 text-red-900',
};

export function StatusBadge({ status }: { status: StaffSubmission['status'] }) {
  const t = useT();
  return (
    <span className={`inline-block rounded px-2 py-0.5 text-xs font-semibold ${TONES[status]}`}>
      {statusLabel(status, t)}
    </span>
  );
}
