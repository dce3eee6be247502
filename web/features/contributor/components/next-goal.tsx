import { Trophy } from 'lucide-react';
import type { ContributorDashboard } from '#common/api/contributor.ts';
import { useT } from '#web/app/i18n.tsx';
import { ProgressBar } from '#web/components/progress-bar.tsx';

/** The next goal: 5 approved, then 10, then top contributor (public-site.md §9). */
export function NextGoal({ goal }: { goal: ContributorDashboard['nextGoal'] }) {
  const t = useT();
  const { target, remaining } = goal;
  return (
    <section
      aria-labelledby="contributor-goal-heading"
      className="rounded-lg border border-slate-200 bg-slate-50 p-4"
    >
      <h2
        id="contributor-goal-heading"
        className="flex items-center gap-2 text-xl font-semibold text-slate-900"
      >
        <Trophy aria-hidden="true" className="size-5 text-amber-700" />
        {t('contributor.goal.title', 'Næsta mál')}
      </h2>
      {target === null ? (
        <p className="mt-2 font-medium text-slate-800">{t('contributor.goal.top', 'Top contributor')}</p>
      ) : (
        <>
          <p className="mt-2 text-slate-800">
            {t(
              'contributor.goal.remaining',
              '{remaining} fleiri góðkendar sendingar til næsta mál ({target})',
              {
                remaining,
                target,
              },
            )}
          </p>
          <div className="mt-2">
            <ProgressBar
              percent={((target - remaining) / target) * 100}
              label={t('contributor.goal.progress', 'Framgongd móti næsta máli')}
              tone="green"
            />
          </div>
        </>
      )}
    </section>
  );
}
