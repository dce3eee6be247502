import type { AdminCategoryStats } from '#common/api/categories.ts';
import { useT } from '#web/app/i18n.tsx';
import { StatTiles } from '#web/components/stat-tiles.tsx';
import { sharePercent } from './category-card.tsx';

/** The four stat cards (admin-back-office.md §2 Categories), exact counts from the server. */
export function CategoryStats({ stats }: { stats: AdminCategoryStats | undefined }) {
  const t = useT();
  const cards = [
    {
      key: 'total',
      label: t('admin.categories.stats.total', 'Total Categories'),
      value: stats?.total,
      note: stats && t('admin.categories.stats.public', '{count} public', { count: stats.public }),
    },
    {
      key: 'active',
      label: t('admin.categories.stats.active', 'Active Categories'),
      value: stats?.active,
      note: stats && t('admin.categories.stats.unused', '{count} unused', { count: stats.unused }),
    },
    {
      key: 'tagged',
      label: t('admin.categories.stats.tagged', 'Items Tagged'),
      value: stats?.itemsTagged,
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
      value: stats?.views,
      note:
        stats &&
        t('admin.categories.stats.recent', '+{count} items this week', { count: stats.recentUploads }),
    },
  ];
  return <StatTiles tiles={cards} className="mt-6 grid-cols-2 lg:grid-cols-4" testId="category-stats" />;
}
