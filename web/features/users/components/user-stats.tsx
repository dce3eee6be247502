import { useT } from '#web/app/i18n.tsx';
import { Alert } from '#web/components/alert.tsx';
import { StatTiles } from '#web/components/stat-tiles.tsx';
import { useUserStats } from '../api/admin-users.ts';

/** Total users, staff, contributors and their uploads. */
export function UserStats() {
  const t = useT();
  const { data, error } = useUserStats();
  if (error) {
    return (
      <Alert tone="error" className="mt-6">
        {t('admin.users.stats_failed', 'Failed to load users')}
      </Alert>
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
  return <StatTiles tiles={tiles} className="mt-6 grid-cols-2 md:grid-cols-4" />;
}
