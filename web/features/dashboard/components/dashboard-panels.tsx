import { FolderOpen, Globe, Image, Users } from 'lucide-react';
import type { DashboardData } from '#common/api/dashboard.ts';
import { useLanguage, useT } from '#web/app/i18n.tsx';
import { StatTiles } from '#web/components/stat-tiles.tsx';
import { actionLabel, actorLabel } from '#web/features/activity/index.ts';

const card = 'rounded-lg border border-slate-200 bg-white p-5 shadow-sm';

function useNumber() {
  const { lang } = useLanguage();
  const format = new Intl.NumberFormat(lang === 'fo' ? 'fo' : 'en-GB');
  return (n: number) => format.format(n);
}

/** Archive Health Score: the categorized share, with categorized, public, featured and views. */
export function HealthScore({ data }: { data: DashboardData }) {
  const t = useT();
  const num = useNumber();
  const { stats, healthScore } = data;
  const figures = [
    [t('admin.dashboard.health.categorized', 'Categorized'), stats.categorizedMedia],
    [t('admin.dashboard.health.public', 'Public'), stats.publicMedia],
    [t('admin.dashboard.health.featured', 'Featured'), stats.featuredMedia],
    [t('admin.dashboard.health.views', 'Views'), stats.totalViews],
  ] as const;
  return (
    <section aria-labelledby="dashboard-health" className={`${card} mt-8`}>
      <div className="flex flex-wrap items-baseline justify-between gap-4">
        <h2 id="dashboard-health" className="text-xl font-semibold text-slate-900">
          {t('admin.dashboard.health.title', 'Archive Health Score')}
        </h2>
        <p className="text-4xl font-bold text-slate-900" data-testid="health-score">
          {healthScore}%
        </p>
      </div>
      <div aria-hidden="true" className="mt-3 h-3 w-full overflow-hidden rounded-full bg-slate-200">
        <div className="h-full rounded-full bg-green-700" style={{ width: `${healthScore}%` }} />
      </div>
      <p className="mt-2 text-sm text-slate-700">
        {t('admin.dashboard.health.text', '{percent}% of your media has a category.', {
          percent: healthScore,
        })}
      </p>
      <dl className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4">
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm text-slate-700">{label}</dt>
            <dd className="text-2xl font-semibold text-slate-900">{num(value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The four stat cards: Total Media, Categories, Public Items, Total Users. */
export function StatCards({ data }: { data: DashboardData }) {
  const t = useT();
  const num = useNumber();
  const { stats } = data;
  const publicShare = stats.totalMedia > 0 ? Math.round((stats.publicMedia / stats.totalMedia) * 100) : 0;
  const icon = 'size-5 text-blue-800';
  return (
    <section aria-label={t('admin.dashboard.stats', 'Archive figures')} className="mt-8">
      <StatTiles
        className="sm:grid-cols-2 lg:grid-cols-4"
        large
        format={num}
        tiles={[
          {
            key: 'media',
            icon: <Image aria-hidden="true" className={icon} />,
            label: t('admin.dashboard.stat.media', 'Total Media'),
            value: stats.totalMedia,
            note: t('admin.dashboard.stat.media_week', '+{n} this week', { n: num(stats.recentUploads) }),
          },
          {
            key: 'categories',
            icon: <FolderOpen aria-hidden="true" className={icon} />,
            label: t('admin.dashboard.stat.categories', 'Categories'),
            value: stats.totalCategories,
            note: t('admin.dashboard.stat.folders', '{n} folders', { n: num(stats.totalFolders) }),
          },
          {
            key: 'public',
            icon: <Globe aria-hidden="true" className={icon} />,
            label: t('admin.dashboard.stat.public', 'Public Items'),
            value: stats.publicMedia,
            note: t('admin.dashboard.stat.public_share', '{percent}% of total', { percent: publicShare }),
          },
          {
            key: 'users',
            icon: <Users aria-hidden="true" className={icon} />,
            label: t('admin.dashboard.stat.users', 'Total Users'),
            value: stats.totalUsers,
            note: `${t('admin.dashboard.stat.pending', '{n} pending submissions', {
              n: num(stats.pendingSubmissions),
            })} · ${t('admin.dashboard.stat.pending_knowledge', '{n} contributions to review', {
              n: num(stats.pendingKnowledge),
            })} · ${t('admin.dashboard.stat.pending_names', '{n} names to review', {
              n: num(stats.pendingNames),
            })}`,
          },
        ]}
      />
    </section>
  );
}

/** Category Distribution: the top 5 categories with count and a bar of their share. */
export function CategoryDistribution({ data }: { data: DashboardData }) {
  const t = useT();
  const num = useNumber();
  return (
    <section aria-labelledby="dashboard-distribution" className={card}>
      <h2 id="dashboard-distribution" className="text-xl font-semibold text-slate-900">
        {t('admin.dashboard.distribution', 'Category Distribution')}
      </h2>
      {data.categoryDistribution.length === 0 ? (
        <p className="mt-3 text-slate-700">
          {t('admin.dashboard.distribution_empty', 'No categorized media yet.')}
        </p>
      ) : (
        <ul className="mt-4 space-y-4">
          {data.categoryDistribution.map((category) => (
            <li key={category.id}>
              <div className="flex items-baseline justify-between gap-3">
                <span className="font-medium text-slate-900">
                  <span aria-hidden="true" className="mr-1">
                    {category.icon || '📁'}
                  </span>
                  {category.name}
                </span>
                <span className="text-sm whitespace-nowrap text-slate-700">
                  {t('admin.dashboard.distribution_row', '{count} items · {percent}%', {
                    count: num(category.count),
                    percent: category.percentage,
                  })}
                </span>
              </div>
              <div aria-hidden="true" className="mt-1 h-2 w-full overflow-hidden rounded-full bg-slate-200">
                <div
                  className="h-full rounded-full"
                  style={{ width: `${category.percentage}%`, backgroundColor: category.color }}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Recent Activity: action, resource name, user (name, e-mail or System) and time. */
export function RecentActivity({ data }: { data: DashboardData }) {
  const t = useT();
  const { lang } = useLanguage();
  const format = new Intl.DateTimeFormat(lang === 'fo' ? 'fo' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (
    <section aria-labelledby="dashboard-activity" className={card}>
      <h2 id="dashboard-activity" className="text-xl font-semibold text-slate-900">
        {t('admin.dashboard.activity', 'Recent Activity')}
      </h2>
      {data.recentActivity.length === 0 ? (
        <p className="mt-3 text-slate-700">{t('admin.dashboard.activity_empty', 'No activity yet.')}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200">
          {data.recentActivity.map((entry) => (
            <li key={entry.id} className="py-2">
              <p className="text-slate-900">
                <span className="font-medium">{actionLabel(entry.action, t)}</span>
                {entry.resourceName && <span className="break-all">: {entry.resourceName}</span>}
              </p>
              <p className="text-sm text-slate-700">
                {actorLabel(entry.actor, t)} ·{' '}
                <time dateTime={entry.createdAt}>{format.format(new Date(entry.createdAt))}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
