import { useT } from '#web/app/i18n.tsx';
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
    <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" data-testid="media-stats">
      {tiles.map((tile) => (
        <div key={tile.key} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
          <dt className="text-sm font-medium text-slate-700">{tile.label}</dt>
          <dd className="mt-1 text-2xl font-bold text-slate-900">
            {tile.value === undefined ? '–' : tile.value.toLocaleString('en-GB')}
          </dd>
        </div>
      ))}
    </dl>
  );
}
