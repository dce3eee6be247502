import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { TIMELINE_SEARCH_LIMIT } from '#common/timeline.ts';
import { useT } from '#web/app/i18n.tsx';
import type { Timeline as TimelineCounts } from '../api/get-timeline.ts';
import { patchGalleryParams } from '../lib/gallery-params.ts';

const link =
  'rounded-sm text-slate-800 hover:text-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700';

/**
 * The home page's timeline (issue 28 §2): decades as bars sized by their count, then the years of
 * the chosen decade. Plain links the server draws, so it works before and without the page's
 * script; each keeps the search, category and type and changes only the period in the URL.
 */
export function Timeline({ counts, period }: { counts: TimelineCounts; period: string }) {
  const t = useT();
  const headingId = useId();
  const [searchParams] = useSearchParams();
  if (counts.decades.length === 0) return null;

  const to = (next: string | null) => {
    const search = patchGalleryParams(searchParams, { period: next, item: null, from: null }).toString();
    return { pathname: '/', search: search ? `?${search}` : '' };
  };
  const decadeName = (name: string) => t('timeline.decade', '{decade}-árini', { decade: name.slice(0, -1) });
  const most = Math.max(...counts.decades.map((d) => d.items));
  // A year's decade is chosen with it ("1952" → "1950s").
  let chosenDecade = period;
  if (period && !period.endsWith('s')) chosenDecade = `${period.slice(0, -1)}0s`;
  const current = (name: string) => (name === period ? ('true' as const) : undefined);

  return (
    <nav aria-labelledby={headingId} className="rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="text-lg font-semibold text-slate-900">
          {t('timeline.title', 'Tíðarlinja')}
        </h3>
        <Link
          to={to(null)}
          preventScrollReset
          aria-current={period ? undefined : 'true'}
          className={`${link} text-sm underline`}
        >
          {t('timeline.all', 'Øll ár')}
        </Link>
      </div>
      <ol
        className="mt-3 flex items-end gap-1 overflow-x-auto pb-1"
        aria-label={t('timeline.decades', 'Áratíggju')}
      >
        {counts.decades.map((decade) => {
          const chosen = decade.period === chosenDecade;
          return (
            <li key={decade.period} className="flex min-w-14 flex-1 flex-col">
              <Link
                to={to(decade.period)}
                preventScrollReset
                aria-current={current(decade.period)}
                aria-label={t('timeline.period_items', '{period}: {n} lutir', {
                  period: decadeName(decade.period),
                  n: decade.items,
                })}
                className={`${link} flex h-28 flex-col items-center justify-end gap-1 px-1 text-xs`}
              >
                <span className="text-slate-700">{decade.items}</span>
                <span
                  aria-hidden="true"
                  className={`w-full rounded-t ${chosen ? 'bg-blue-700' : 'bg-slate-400'}`}
                  style={{ height: `${Math.max(4, Math.round((decade.items / most) * 64))}px` }}
                />
                <span className={chosen ? 'font-semibold text-slate-900' : ''}>{decade.period}</span>
              </Link>
            </li>
          );
        })}
      </ol>
      {counts.years.length > 0 && (
        <ol
          className="mt-3 flex flex-wrap gap-2 border-t border-slate-200 pt-3"
          aria-label={t('timeline.years', 'Ár í {decade}', { decade: decadeName(chosenDecade) })}
        >
          {counts.years.map((year) => (
            <li key={year.period}>
              <Link
                to={to(year.period)}
                preventScrollReset
                aria-current={current(year.period)}
                aria-label={t('timeline.period_items', '{period}: {n} lutir', {
                  period: year.period,
                  n: year.items,
                })}
                className={`${link} inline-block rounded-md border px-2 py-1 text-sm ${year.period === period ? 'border-blue-700 bg-blue-700 text-white hover:text-white' : 'border-slate-300'}`}
              >
                {year.period} <span className="opacity-80">({year.items})</span>
              </Link>
            </li>
          ))}
        </ol>
      )}
      {!counts.complete && (
        <p className="mt-2 text-sm text-slate-700">
          {t('timeline.incomplete', 'Talt yvir fyrstu {n} úrslitini', { n: TIMELINE_SEARCH_LIMIT })}
        </p>
      )}
    </nav>
  );
}
