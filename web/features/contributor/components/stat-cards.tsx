import type { ContributorDashboard } from '#common/api/contributor.ts';
import { useT } from '#web/app/i18n.tsx';
import { StatTiles } from '#web/components/stat-tiles.tsx';

/** The contributor's figures (public-site.md §9 formulas, computed by the server). */
export function StatCards({ stats }: { stats: ContributorDashboard['stats'] }) {
  const t = useT();
  const cards = [
    { key: 'total', label: t('contributor.stats.total', 'Tilsamans'), value: stats.total },
    { key: 'approved', label: t('contributor.stats.approved', 'Góðkent'), value: stats.approved },
    { key: 'pending', label: t('contributor.stats.pending', 'Bíðar'), value: stats.pending },
    { key: 'rejected', label: t('contributor.stats.rejected', 'Avvíst'), value: stats.rejected },
    {
      key: 'success',
      label: t('contributor.stats.success_rate', 'Eydnurate'),
      value: `${stats.successRate}%`,
    },
    {
      key: 'score',
      label: t('contributor.stats.score', 'Stig'),
      value: stats.score,
      note: t('contributor.stats.score_hint', '10 fyri hvørja góðkenda sending og 1 fyri hvørja sýning'),
    },
    {
      key: 'recent',
      label: t('contributor.stats.recent', 'Seinastu 7 dagar'),
      value: stats.recentActivity,
      note: t('contributor.stats.recent_hint', 'sendingar'),
    },
  ];
  return (
    <section aria-labelledby="contributor-stats-heading">
      <h2 id="contributor-stats-heading" className="text-xl font-semibold text-slate-900">
        {t('contributor.stats.title', 'Tíni tøl')}
      </h2>
      <StatTiles tiles={cards} className="mt-3 grid-cols-2 sm:grid-cols-4" large />
    </section>
  );
}
