import { Link, useSearchParams } from 'react-router';
import { TIMELINE_SEARCH_LIMIT } from '#common/timeline.ts';
import { useT } from '#web/app/i18n.tsx';
import type { Timeline as Counts } from '../api/get-timeline.ts';
import { patchGalleryParams } from '../lib/gallery-params.ts';

type Count = Counts['decades'][number];

/**
 * The home page's timeline (issue 28 §2): decades as bars sized by their count, then the years of
 * the chosen decade. Plain links the server draws, so it works before and without the page's
 * script; each keeps the search, category and type and changes only the period in the URL. Kept
 * small: it is part of the home page's first load (e2e/bundle.e2e.ts).
 */
export function Timeline({
  counts,
  period,
  basePath = '/',
}: {
  counts: Counts;
  period: string;
  /** The page its links go to (the home page's gallery, or the map). */
  basePath?: string;
}) {
  const t = useT();
  const [params] = useSearchParams();
  const { decades, years } = counts;
  if (decades.length === 0) return null;
  const to = (next: string | null) =>
    `${basePath}?${patchGalleryParams(params, { period: next, item: null, from: null })}`;
  // A year's decade is drawn as chosen with it ("1952" → "1950s").
  const decade = period.endsWith('s') ? period : `${period.slice(0, -1)}0s`;
  const most = Math.max(...decades.map((d) => d.items));
  const link = (count: Count, label: string, bar?: boolean) => (
    <li key={count.period}>
      <Link
        to={to(count.period)}
        preventScrollReset
        aria-current={count.period === period || undefined}
        aria-label={t('timeline.period_items', '{period}: {n} lutir', { period: label, n: count.items })}
        className={`flex flex-col items-center rounded px-2 py-1 text-sm hover:underline focus-visible:outline-2 focus-visible:outline-blue-700 ${count.period === (bar ? decade : period) ? 'bg-blue-700 text-white' : 'text-slate-800'}`}
      >
        {bar && (
          <span
            aria-hidden="true"
            className="w-8 rounded-t bg-current opacity-60"
            style={{ height: 4 + Math.round((count.items / most) * 60) }}
          />
        )}
        {count.period} ({count.items})
      </Link>
    </li>
  );
  return (
    <nav
      aria-label={t('timeline.title', 'Tíðarlinja')}
      className="space-y-2 rounded-lg border border-slate-200 p-4"
    >
      <Link
        to={to(null)}
        preventScrollReset
        aria-current={!period || undefined}
        className="text-sm text-blue-700 underline"
      >
        {t('timeline.all', 'Øll ár')}
      </Link>
      <ol className="flex items-end gap-1 overflow-x-auto">
        {decades.map((d) =>
          link(d, t('timeline.decade', '{decade}-árini', { decade: d.period.slice(0, -1) }), true),
        )}
      </ol>
      {years.length > 0 && <ol className="flex flex-wrap gap-1">{years.map((y) => link(y, y.period))}</ol>}
      {!counts.complete && (
        <p className="text-sm text-slate-700">
          {t('timeline.incomplete', 'Talt yvir fyrstu {n} úrslitini', { n: TIMELINE_SEARCH_LIMIT })}
        </p>
      )}
    </nav>
  );
}
