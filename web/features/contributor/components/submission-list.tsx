import { Link } from 'react-router';
import { paths } from '#common/paths.ts';
import type { SubmissionSummary } from '#common/api/submissions.ts';
import { useT } from '#web/app/i18n.tsx';
import { StatusBadge } from './status-badge.tsx';

const linkClass = 'font-medium text-blue-800 underline hover:text-blue-950';

/** Day.month.year as written in the Faroes (browsers often lack Faroese locale data). */
function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.getDate()}.${date.getMonth() + 1}.${date.getFullYear()}`;
}

/** The contributor's own submissions, latest 50, newest first (public-site.md §2). */
export function SubmissionList({ submissions }: { submissions: readonly SubmissionSummary[] }) {
  const t = useT();
  return (
    <section aria-labelledby="contributor-submissions-heading">
      <h2 id="contributor-submissions-heading" className="text-xl font-semibold text-slate-900">
        {t('contributor.submissions.title', 'Mínar sendingar')}
      </h2>
      {submissions.length === 0 ? (
        <p className="mt-3 text-slate-700">
          {t('contributor.submissions.empty', 'Tú hevur ikki sent okkum nakað enn.')}{' '}
          <Link to={paths.submit} className={linkClass}>
            {t('contributor.submissions.empty_link', 'Send okkum tína fyrstu mynd')}
          </Link>
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {submissions.map((submission) => (
            <li
              key={submission.id}
              className="flex flex-col gap-1 p-4 sm:flex-row sm:items-start sm:justify-between"
            >
              <div className="min-w-0">
                <p className="font-medium break-words text-slate-900">
                  {submission.status === 'approved' && submission.mediaId ? (
                    <Link to={paths.media(submission.mediaId)} className={linkClass}>
                      {submission.title}
                    </Link>
                  ) : (
                    submission.title
                  )}
                </p>
                <p className="text-sm text-slate-700">
                  <span className="font-mono">{submission.displayId}</span>
                  {' · '}
                  <time dateTime={submission.createdAt}>{formatDate(submission.createdAt)}</time>
                  {' · '}
                  <span className="break-all">{submission.fileName}</span>
                </p>
                {submission.reviewNotes && (
                  <p className="mt-1 text-sm text-slate-800">
                    <span className="font-medium">{t('contributor.submissions.notes', 'Viðmerking:')}</span>{' '}
                    {submission.reviewNotes}
                  </p>
                )}
              </div>
              <div className="shrink-0">
                <StatusBadge status={submission.status} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
