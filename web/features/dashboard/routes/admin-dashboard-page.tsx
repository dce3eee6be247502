import { RotateCw } from 'lucide-react';
import { can } from '#common/permissions.ts';
import { useT } from '#web/app/i18n.tsx';
import { Alert } from '#web/components/alert.tsx';
import { Button, primaryButton } from '#web/components/button.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { toActor, useMe } from '#web/features/auth/index.ts';
import { IdSearchDialog } from '#web/features/search/index.ts';
import { useDashboard } from '../api/get-dashboard.ts';
import {
  CategoryDistribution,
  HealthScore,
  RecentActivity,
  StatCards,
} from '../components/dashboard-panels.tsx';
import { QuickLinks } from '../components/quick-links.tsx';
import { RecommendedActions } from '../components/recommended-actions.tsx';
import { WelcomeDialog } from '../components/welcome-dialog.tsx';

/**
 * Back-office dashboard (/admin, admin-back-office.md §2), open to every staff role. Viewers see
 * it read-only: links and actions show only where the user's role may open them.
 */
export function AdminDashboardPage() {
  const t = useT();
  const { data: user } = useMe();
  const actor = toActor(user);
  const dashboard = useDashboard();
  const data = dashboard.data;
  const name = user?.fullName || t('admin.dashboard.fallback_name', 'Admin');

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8">
      <section className="flex flex-wrap items-center justify-between gap-4 rounded-lg bg-slate-800 p-6 text-white">
        <div>
          <h1 className="text-3xl font-bold">
            {t('admin.dashboard.welcome', 'Welcome back, {name}!', { name })}
          </h1>
          {data && (
            <p className="mt-2 text-slate-100">
              {t('admin.dashboard.total_items', 'Your archive holds {n} items.', {
                n: new Intl.NumberFormat('en-GB').format(data.stats.totalMedia),
              })}
            </p>
          )}
        </div>
        <IdSearchDialog />
      </section>

      {dashboard.isPending && <Spinner text={t('admin.dashboard.loading', 'Loading your dashboard...')} />}
      {dashboard.isError && (
        <div className="mt-8">
          <Alert tone="error" title={t('admin.dashboard.error', 'Dashboard Error')}>
            <p>{t('admin.dashboard.failed', 'Failed to load dashboard data')}</p>
            <Button className={`${primaryButton} mt-3`} onClick={() => dashboard.refetch()}>
              <RotateCw aria-hidden="true" className="size-4" />
              {t('admin.dashboard.retry', 'Try Again')}
            </Button>
          </Alert>
        </div>
      )}
      {data && (
        <>
          <HealthScore data={data} />
          <RecommendedActions stats={data.stats} actor={actor} />
          <StatCards data={data} />
          <QuickLinks actor={actor} />
          <div className="mt-8 grid gap-6 lg:grid-cols-2">
            <CategoryDistribution data={data} />
            <RecentActivity data={data} />
          </div>
          {data.stats.totalMedia === 0 &&
            data.stats.totalCategories === 0 &&
            (can(actor, 'category:manage') || can(actor, 'media:manage')) && <WelcomeDialog />}
        </>
      )}
    </div>
  );
}
