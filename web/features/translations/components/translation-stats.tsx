import type { TranslationStats } from '#common/translations.ts';
import { useT } from '#web/app/i18n.tsx';
import { StatTiles } from '#web/components/stat-tiles.tsx';

/** Stats and the progress bar: complete / total, rounded (admin-back-office.md §9). */
export function TranslationStatsPanel({ stats }: { stats: TranslationStats | undefined }) {
  const t = useT();
  const tiles = [
    { key: 'total', label: t('admin.translations.stats.total', 'Total'), value: stats?.total },
    { key: 'complete', label: t('admin.translations.stats.complete', 'Complete'), value: stats?.complete },
    {
      key: 'incomplete',
      label: t('admin.translations.stats.incomplete', 'Incomplete'),
      value: stats?.incomplete,
    },
    {
      key: 'needs_review',
      label: t('admin.translations.stats.needs_review', 'Needs review'),
      value: stats?.needsReview,
    },
    {
      key: 'missing_english',
      label: t('admin.translations.stats.missing_english', 'Missing English'),
      value: stats?.missingEnglish,
    },
  ];
  const progress = stats?.progress ?? 0;
  const progressLabel = t('admin.translations.progress', 'Translation progress');
  return (
    <section aria-label={t('admin.translations.stats.label', 'Translation statistics')} className="mt-6">
      <StatTiles
        tiles={tiles}
        className="grid-cols-2 sm:grid-cols-3 lg:grid-cols-5"
        testId="translation-stats"
      />
      <div className="mt-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <div className="flex items-center justify-between text-sm font-medium text-slate-800">
          <span id="translation-progress-label">{progressLabel}</span>
          <span data-testid="translation-progress">
            {t('admin.translations.progress_value', '{complete} of {total} complete ({percent}%)', {
              complete: stats?.complete ?? 0,
              total: stats?.total ?? 0,
              percent: progress,
            })}
          </span>
        </div>
        <div
          role="progressbar"
          aria-labelledby="translation-progress-label"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          className="mt-2 h-3 w-full overflow-hidden rounded-full bg-slate-200"
        >
          <div className="h-full rounded-full bg-green-600" style={{ width: `${progress}%` }} />
        </div>
      </div>
    </section>
  );
}
