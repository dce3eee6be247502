import { Link } from 'react-router';
import type { KnowledgeSummary } from '#common/api/knowledge.ts';
import { paths } from '#common/paths.ts';
import { useT } from '#web/app/i18n.tsx';

const STYLE = {
  pending: 'bg-amber-100 text-amber-900',
  accepted: 'bg-green-100 text-green-900',
  rejected: 'bg-red-100 text-red-900',
} as const;

/** What the contributor told about items (issue 29), latest 50, newest first, with each one's status. */
export function ContributionList({ contributions }: { contributions: readonly KnowledgeSummary[] }) {
  const t = useT();
  if (contributions.length === 0) return null;
  const label = {
    pending: t('contributor.status.pending', 'Bíðar'),
    accepted: t('contributor.knowledge.accepted', 'Lagt afturat'),
    rejected: t('contributor.status.rejected', 'Avvíst'),
  };
  return (
    <section aria-labelledby="contributor-knowledge-heading">
      <h2 id="contributor-knowledge-heading" className="text-xl font-semibold text-slate-900">
        {t('contributor.knowledge.title', 'Tað, tú hevur sagt okkum um myndir')}
      </h2>
      <ul className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
        {contributions.map((item) => (
          <li key={item.id} className="flex items-start justify-between gap-2 p-4">
            <Link
              to={paths.media(item.mediaId)}
              className="font-medium text-blue-800 underline hover:text-blue-950"
            >
              {item.mediaTitle}
            </Link>
            <span
              className={`inline-block rounded-full px-2.5 py-0.5 text-sm font-medium ${STYLE[item.status]}`}
            >
              {label[item.status]}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
