import { ACTIVITY_ACTIONS, ACTIVITY_RESOURCE_TYPES } from '#common/activity.ts';
import { useT } from '#web/app/i18n.tsx';
import { ListFilters, ListSearch, ListSelect } from '#web/components/list-filters.tsx';
import { isFiltered } from '#web/lib/list-params.ts';
import type { ListParamsControls } from '#web/lib/use-list-params.ts';
import type { ActivityFilter } from '../api/list-activity.ts';
import { actionLabel, resourceTypeLabel } from '../lib/activity-labels.ts';

/** Search, action and resource-type filters of the log, kept in the URL. */
export function ActivityFilters({ list }: { list: ListParamsControls<ActivityFilter, string> }) {
  const t = useT();
  const { params } = list;
  return (
    <ListFilters
      label={t('activity.search_label', 'Search the activity log')}
      className="md:grid-cols-[2fr_1fr_1fr]"
      clear={{
        shown: isFiltered(params),
        text: t('activity.clear', 'Clear Filters'),
        onClear: list.clear,
        className: 'md:col-span-3',
      }}
    >
      <ListSearch
        value={params.q}
        label={t('activity.search', 'Search')}
        buttonText={t('activity.search_button', 'Search')}
        onSearch={list.setSearch}
      />
      <ListSelect
        value={params.filters.action}
        label={t('activity.filter.action', 'Action')}
        allLabel={t('activity.filter.all_actions', 'All actions')}
        options={ACTIVITY_ACTIONS.map((action) => ({ value: action, label: actionLabel(action, t) }))}
        onChange={(value) => list.setFilter('action', value)}
      />
      <ListSelect
        value={params.filters.resourceType}
        label={t('activity.filter.type', 'Resource type')}
        allLabel={t('activity.filter.all_types', 'All types')}
        options={ACTIVITY_RESOURCE_TYPES.map((type) => ({ value: type, label: resourceTypeLabel(type, t) }))}
        onChange={(value) => list.setFilter('resourceType', value)}
      />
    </ListFilters>
  );
}
