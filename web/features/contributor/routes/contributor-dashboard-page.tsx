import { Upload } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '#common/paths.ts';
import { useT } from '#web/app/i18n.tsx';
import { Alert } from '#web/components/alert.tsx';
import { Button, primaryButton, secondaryButton } from '#web/components/button.tsx';
import { Page } from '#web/components/page.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { useMe } from '#web/features/auth/index.ts';
import { useContributorDashboard } from '../api/get-dashboard.ts';
import { NextGoal } from '../components/next-goal.tsx';
import { StatCards } from '../components/stat-cards.tsx';
import { SubmissionList } from '../components/submission-list.tsx';
import { ContributionList } from '../components/contribution-list.tsx';
import { NameSuggestionList } from '../components/name-suggestion-list.tsx';
import { Tips } from '../components/tips.tsx';

/** Contributor dashboard (/contributor/dashboard): figures, next goal, own submissions, tips. */
export function ContributorDashboardPage() {
  const t = useT();
  const { data: user } = useMe();
  const dashboard = useContributorDashboard();
  if (!user) return null; // the route guard only renders this page for a signed-in account

  return (
    <Page title={t('contributor.dashboard.title', 'Mítt yvirlit')}>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="text-lg text-slate-800">
            {t('contributor.dashboard.greeting', 'Hey, {name}!', { name: user.fullName || user.email })}
          </p>
          <p className="mt-2 text-slate-700">
            {t('contributor.dashboard.account_id', 'Konto-ID:')}{' '}
            {/* The spec's account id, truncated to 8 characters (public-site.md §9); the display id
                the ID search and the staff know the account by stands beside it. */}
            <span className="font-mono font-semibold">{user.id.slice(0, 8)}</span>
            {user.displayId && <span className="font-mono"> ({user.displayId})</span>}
          </p>
        </div>
        <Link to={paths.submit} className={primaryButton}>
          <Upload aria-hidden="true" className="size-4" />
          {t('contributor.dashboard.submit', 'Send nýtt tilfar')}
        </Link>
      </div>

      <div className="mt-8 space-y-8">
        {dashboard.isPending ? (
          <Spinner text={t('contributor.dashboard.loading', 'Heintar títt yvirlit...')} />
        ) : dashboard.isError ? (
          <div className="space-y-3">
            <Alert tone="error">
              {t('contributor.dashboard.failed', 'Failed to load your dashboard data')}
            </Alert>
            <Button className={secondaryButton} onClick={() => void dashboard.refetch()}>
              {t('contributor.dashboard.retry', 'Royn aftur')}
            </Button>
          </div>
        ) : (
          <>
            <StatCards stats={dashboard.data.stats} />
            <NextGoal goal={dashboard.data.nextGoal} />
            <SubmissionList submissions={dashboard.data.submissions} />
            <ContributionList contributions={dashboard.data.contributions} />
            <NameSuggestionList suggestions={dashboard.data.nameSuggestions} />
          </>
        )}
        <Tips />
      </div>
    </Page>
  );
}
