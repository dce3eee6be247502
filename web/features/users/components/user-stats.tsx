import { useT } from '#web/app/i18n.tsx';
import { useUserStats } from '../api/admin-users.ts';

/** Total users, staff, contributors and their uploads. */
export function UserStats() {
  const t = useT();
  const { data, error } = useUserStats();
  if (error) {
    return (
      <p role="alert" className="mt-6 rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        {t('admin.users.stats_failed', 'Failed to load users')}
      </p>
    );
  }
  const tiles = [
    { key: 'total', label: t('admin.users.stat.total', 'Total users'), value: data?.totalUsers },
    { key: 'staff', label: t('admin.users.stat.staff', 'Staff'), value: data?.staff },
    {
      key: 'contributors',
      label: t('admin.users.stat.contributors', 'Contributors'),
      value: data?.contributors,
    },
    { key: 'uploads', label: t('admin.users.stat.uploads', 'Total uploads'), value: data?.totalUploads },
  ];
  return (
    <dl className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-4">
      {tiles.map((tile) => (
        <div key={tile.key} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
          <dt className="text-sm text-slate-700">{tile.label}</dt>
          <dd className="mt-1 text-2xl font-bold text-slate-900">{tile.value ?? '…'}</dd>
        </div>
      ))}
    </dl>
  );
}
