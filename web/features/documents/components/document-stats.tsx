import { useT } from '#web/app/i18n.tsx';
import { StatTiles } from '#web/components/stat-tiles.tsx';
import { useDocumentStats } from '../api/admin-documents.ts';

/** The tiles: total, public, featured and downloads. */
export function DocumentStats() {
  const t = useT();
  const { data } = useDocumentStats();
  const tiles = [
    { key: 'total', label: t('admin.documents.stats.total', 'Total Documents'), value: data?.total },
    { key: 'public', label: t('admin.documents.stats.public', 'Public'), value: data?.public },
    { key: 'featured', label: t('admin.documents.stats.featured', 'Featured'), value: data?.featured },
    {
      key: 'downloads',
      label: t('admin.documents.stats.downloads', 'Total Downloads'),
      value: data?.downloads,
    },
  ];
  return <StatTiles tiles={tiles} className="mt-6 grid-cols-2 lg:grid-cols-4" testId="document-stats" />;
}
