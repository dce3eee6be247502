import { useT } from '#web/app/i18n.tsx';
import { ProgressBar } from '#web/components/progress-bar.tsx';

/** Completed files out of all files (public-site.md §4). */
export function SendingProgress({ done, total, percent }: { done: number; total: number; percent: number }) {
  const t = useT();
  const label = t('submit.overall', 'Samlað framgongd');
  return (
    <div className="rounded-md border border-slate-200 bg-white p-3">
      <p className="mb-2 flex justify-between text-sm font-medium text-slate-800">
        <span>{label}</span>
        <span>
          {t('submit.overall_count', '{done} av {total} fílum liðugar ({percent}%)', {
            done,
            total,
            percent,
          })}
        </span>
      </p>
      <ProgressBar percent={percent} label={label} tone={done === total ? 'green' : 'blue'} />
    </div>
  );
}
