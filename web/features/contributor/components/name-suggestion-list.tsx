import { Link } from 'react-router';
import type { NameSuggestionSummary } from '#common/api/people.ts';
import { paths } from '#common/paths.ts';
import { useT } from '#web/app/i18n.tsx';

const STYLE = {
  pending: 'bg-amber-100 text-amber-900',
  accepted: 'bg-green-100 text-green-900',
  rejected: 'bg-red-100 text-red-900',
} as const;

/**
 * The names the contributor gave people on photos (issue 29 §2), latest 50, newest first, each with
 * its photo and status (an accepted one counts 10 points, as accepted knowledge does).
 */
export function NameSuggestionList({ suggestions }: { suggestions: readonly NameSuggestionSummary[] }) {
  const t = useT();
  if (suggestions.length === 0) return null;
  const label = {
    pending: t('contributor.status.pending', 'Bíðar'),
    accepted: t('contributor.names.accepted', 'Komið á myndina'),
    rejected: t('contributor.status.rejected', 'Avvíst'),
  };
  return (
    <section aria-labelledby="contributor-names-heading">
      <h2 id="contributor-names-heading" className="text-xl font-semibold text-slate-900">
        {t('contributor.names.title', 'Nøvn, tú hevur givið fólki á myndum')}
      </h2>
      <ul className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
        {suggestions.map((item) => (
          <li key={item.id} className="flex items-start justify-between gap-2 p-4">
            <span>
              <span className="block font-medium text-slate-900">{item.name}</span>
              <Link
                to={paths.media(item.mediaId)}
                className="text-sm text-blue-800 underline hover:text-blue-950"
              >
                {item.mediaTitle}
              </Link>
            </span>
            <span
              className={`inline-block shrink-0 rounded-full px-2.5 py-0.5 text-sm font-medium ${STYLE[item.status]}`}
            >
              {label[item.status]}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
