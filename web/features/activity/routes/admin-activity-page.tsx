import { useMemo } from 'react';
import { ACTIVITY_ACTIONS, ACTIVITY_RESOURCE_TYPES, type ActivityEntry } from '#common/activity.ts';
import { type Translate, useLanguage, useT } from '#web/app/i18n.tsx';
import { type Column, DataTable } from '#web/components/data-table.tsx';
import { ListEmpty } from '#web/components/list-filters.tsx';
import { ListPaging } from '#web/components/list-paging.tsx';
import { useErrorText } from '#web/lib/error-text.ts';
import { isFiltered, type ListSpec } from '#web/lib/list-params.ts';
import { useListParams } from '#web/lib/use-list-params.ts';
import { type ActivityFilter, useActivityList } from '../api/list-activity.ts';
import { ActivityFilters } from '../components/activity-filters.tsx';
import { actionLabel, actorLabel, resourceTypeLabel } from '../lib/activity-labels.ts';

/** The log's URL state: search `q` and two closed filters; always newest first. */
export const ACTIVITY_LIST: ListSpec<ActivityFilter> = {
  filters: { action: ACTIVITY_ACTIONS, resourceType: ACTIVITY_RESOURCE_TYPES },
};

function activityColumns(t: Translate, formatTime: (iso: string) => string): Column<ActivityEntry>[] {
  return [
    {
      id: 'action',
      header: t('activity.column.action', 'Action'),
      rowHeader: true,
      cell: (entry) => actionLabel(entry.action, t),
    },
    {
      id: 'resource',
      header: t('activity.column.resource', 'Resource'),
      cell: (entry) =>
        entry.resourceType || entry.resourceName ? (
          <>
            {entry.resourceType && (
              <span className="mr-2 inline-block rounded bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-800">
                {resourceTypeLabel(entry.resourceType, t)}
              </span>
            )}
            <span className="break-all">{entry.resourceName ?? ''}</span>
          </>
        ) : (
          <span className="text-slate-600">—</span>
        ),
    },
    {
      id: 'user',
      header: t('activity.column.user', 'User'),
      cell: (entry) => actorLabel(entry.actor, t),
    },
    {
      id: 'time',
      header: t('activity.column.time', 'Time'),
      className: 'whitespace-nowrap',
      cell: (entry) => <time dateTime={entry.createdAt}>{formatTime(entry.createdAt)}</time>,
    },
  ];
}

/** Activity log (/admin/activity): every change staff made, newest first; for all staff roles. */
export function AdminActivityPage() {
  const t = useT();
  const { lang } = useLanguage();
  const errorText = useErrorText();
  const list = useListParams(ACTIVITY_LIST);
  const { params } = list;
  const log = useActivityList(params);

  const columns = useMemo(() => {
    const format = new Intl.DateTimeFormat(lang === 'fo' ? 'fo' : 'en-GB', {
      dateStyle: 'medium',
      timeStyle: 'short',
    });
    return activityColumns(t, (iso) => format.format(new Date(iso)));
  }, [t, lang]);

  const filtered = isFiltered(params);
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold text-slate-900">{t('activity.title', 'Activity log')}</h1>
      <p className="mt-2 text-slate-700">
        {t('activity.intro', 'Every change made in the back-office, newest first.')}
      </p>
      <ActivityFilters list={list} />
      <div className="mt-6">
        <DataTable
          caption={t('activity.caption', 'Activity, newest first')}
          captionHidden
          columns={columns}
          rows={log.items}
          rowKey={(entry) => entry.id}
          isLoading={log.isPending}
          isFetching={log.isFetching && !log.isFetchingNextPage}
          error={log.error}
          errorText={errorText(log.error, { '*': t('activity.load_failed', 'Failed to load activity') })}
          onRetry={() => log.refetch()}
          empty={
            <ListEmpty
              text={
                filtered
                  ? t('activity.empty_filtered', 'No activity matches these filters.')
                  : t('activity.empty', 'No activity yet.')
              }
            />
          }
        />
        <ListPaging list={log} onFirstPage={params.cursor ? () => list.setCursor(null) : undefined} />
      </div>
    </div>
  );
}
