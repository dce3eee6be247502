import { CheckCircle2, Clock, Percent, XCircle } from 'lucide-react';
import type { SubmissionStats } from '#common/api/submissions.ts';
import { useT } from '#web/app/i18n.tsx';
import { type StatTile, StatTiles } from '#web/components/stat-tiles.tsx';

/** The header's counts line (Total, Pending, Approved, This Week). */
export function SubmissionCounts({ stats }: { stats: SubmissionStats | undefined }) {
  const t = useT();
  const value = (n: number | undefined) => (n === undefined ? '–' : String(n));
  const items = [
    [t('admin.submissions.count.total', 'Total'), value(stats?.total)],
    [t('admin.submissions.count.pending', 'Pending'), value(stats?.pending)],
    [t('admin.submissions.count.approved', 'Approved'), value(stats?.approved)],
    [t('admin.submissions.count.week', 'This Week'), value(stats?.thisWeek)],
  ] as const;
  return (
    <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-slate-700" data-testid="submission-counts">
      {items.map(([label, n]) => (
        <div key={label} className="flex gap-1">
          <dt>{label}:</dt>
          <dd className="font-semibold text-slate-900">{n}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Four cards: waiting for review, approved, rejected, and the approval rate. */
export function SubmissionStatCards({ stats }: { stats: SubmissionStats | undefined }) {
  const t = useT();
  const icon = (Icon: typeof Clock, tone: string) => <Icon aria-hidden="true" className={`size-5 ${tone}`} />;
  const tiles: StatTile[] = [
    {
      key: 'pending',
      icon: icon(Clock, 'text-amber-800'),
      label: t('admin.submissions.card.pending', 'Pending Review'),
      value: stats?.pending,
    },
    {
      key: 'approved',
      icon: icon(CheckCircle2, 'text-green-800'),
      label: t('admin.submissions.card.approved', 'Approved'),
      value: stats?.approved,
    },
    {
      key: 'rejected',
      icon: icon(XCircle, 'text-red-800'),
      label: t('admin.submissions.card.rejected', 'Rejected'),
      value: stats?.rejected,
    },
    {
      key: 'rate',
      icon: icon(Percent, 'text-blue-800'),
      label: t('admin.submissions.card.rate', 'Approval Rate'),
      value: stats === undefined ? undefined : `${stats.approvalRate}%`,
    },
  ];
  return <StatTiles tiles={tiles} className="mt-6 sm:grid-cols-2 lg:grid-cols-4" />;
}
