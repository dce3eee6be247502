import { useT } from '#web/app/i18n.tsx';
import { StatTiles } from '#web/components/stat-tiles.tsx';
import { useAdminMediaStats } from '../api/admin-media.ts';

/** The six tiles: Total, Public, Featured, Categorized, Views, Categories (admin-back-office.md §2). */
export function MediaStats() {
  const t = useT();
  const { data } = useAdminMediaStats();
  const tiles = [
    { key: 'total', label: t('admin.media.stats.total', 'Total'), value: data?.total },
    { key: 'public', label: t('admin.media.stats.public', 'Public'), value: data?.public },
    { key: 'featured', label: t('admin.media.stats.featured', 'Featured'), value: data?.featured },
    {
      key: 'categorized',
      label: t('admin.media.stats.categorized', 'Categorized'),
      value: data?.categorized,
    },
    { key: 'views', label: t('admin.media.stats.views', 'Views'), value: data?.views },
    { key: 'categories', label: t('admin.media.stats.categories', 'Categories'), value: data?.categories },
  ];
  return (
    <StatTiles
      tiles={tiles}
      className="mt-6 grid-cols-2 sm:grid-cols-3 lg:grid-cols-6"
      testId="media-stats"
    />
  );
}
