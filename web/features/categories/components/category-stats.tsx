import type { AdminCategoryStats } from '#common/api/categories.ts';
import { useT } from '#web/app/i18n.tsx';
import { sharePercent } from './category-card.tsx';

/** The four stat cards (admin-back-office.md §2 Categories), exact counts from the server. */
export function CategoryStats({ stats }: { stats: AdminCategoryStats | undefined }) {
  const t = useT();
  const number = (value: number | undefined) => (value === undefined ? '–' : value.toLocaleString('en-GB'));
  const cards = [
    {
      key: 'total',
      label: t('admin.categories.stats.total', 'Total Categories'),
      value: number(stats?.total),
      note: stats && t('admin.categories.stats.public', '{count} public', { count: stats.public }),
    },
    {
      key: 'active',
      label: t('admin.categories.stats.active', 'Active Categories'),
      value: number(stats?.active),
      note: stats && t('admin.categories.stats.unused', '{count} unused', { count: stats.unused }),
    },
    {
      key: 'tagged',
      label: t('admin.categories.stats.tagged', 'Items Tagged'),
      value: number(stats?.itemsTagged),
      note:
        stats &&
        t('admin.categories.stats.tagged_share', '{percent}% of {total} items', {
          percent: sharePercent(stats.itemsTagged, stats.totalMedia),
          total: stats.totalMedia,
        }),
    },
    {
      key: 'views',
      label: t('admin.categories.stats.views', 'Category Views'),
      value: number(stats?.views),
      note:
        stats &&
        t('admin.categories.stats.recent', '+{count} items this week', { count: stats.recentUploads }),
    },
  ];
  return (
    <dl className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="category-stats">
      {cards.map((card) => (
        <div key={card.key} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
          <dt className="text-sm font-medium text-slate-700">{card.label}</dt>
          <dd className="mt-1 text-2xl font-bold text-slate-900">{card.value}</dd>
          {card.note && <dd className="text-xs text-slate-700">{card.note}</dd>}
        </div>
      ))}
    </dl>
  );
}
