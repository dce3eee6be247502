import { Link } from 'react-router';
import { paths } from '#common/paths.ts';
import { useT } from '#web/app/i18n.tsx';
import { Alert } from '#web/components/alert.tsx';
import { linkButton } from '#web/components/button.tsx';
import { useContributors } from '../api/admin-users.ts';
import { date, type RowActions, StatusBadge, UserActions } from './user-row.tsx';

/** The public contributors as cards (the first ones matching the search), with their submissions and actions. */
export function ContributorCards({ q, actions }: { q: string; actions: RowActions }) {
  const t = useT();
  const contributors = useContributors(q, true);
  const items = contributors.data?.items ?? [];
  return (
    <section aria-labelledby="contributors-heading" className="mt-10">
      <h2 id="contributors-heading" className="text-xl font-semibold text-slate-900">
        {t('admin.users.contributors', 'Public contributors')}
      </h2>
      {contributors.error ? (
        <Alert tone="error" className="mt-3">
          {t('admin.users.contributors_failed', 'Error: Unable to load public contributors data')}
        </Alert>
      ) : contributors.isPending ? null : items.length === 0 ? (
        <p className="mt-3 text-slate-700">
          {t('admin.users.no_contributors', 'No public contributors found.')}
        </p>
      ) : (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((user) => (
            <li key={user.id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
              <p className="font-semibold text-slate-900">
                {user.fullName || t('admin.users.no_name', 'No name')}
              </p>
              <p className="text-sm text-slate-700 break-all">{user.email}</p>
              <p className="mt-1 text-xs text-slate-700">
                {user.displayId} ·{' '}
                {t('admin.users.joined_on', 'Joined {date}', { date: date(user.createdAt) })}
              </p>
              <div className="mt-2">
                <StatusBadge user={user} t={t} />
              </div>
              <div className="mt-3 flex flex-wrap items-center gap-2">
                <Link
                  to={`${paths.admin.submissions}?q=${encodeURIComponent(user.email)}`}
                  className={linkButton}
                >
                  {t('admin.users.review_submissions', 'Review submissions')}
                  <span className="sr-only"> {user.fullName || user.email}</span>
                </Link>
                <UserActions user={user} actions={actions} t={t} />
              </div>
            </li>
          ))}
        </ul>
      )}
      {contributors.data && contributors.data.total > items.length && (
        <p className="mt-3 text-sm text-slate-700">
          {t(
            'admin.users.contributors_more',
            'Showing {shown} of {total} contributors. Search to find others.',
            {
              shown: items.length,
              total: contributors.data.total,
            },
          )}
        </p>
      )}
    </section>
  );
}
