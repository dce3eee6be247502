import { useT } from '#web/app/i18n.tsx';
import { ListFilters, ListSearch, ListSelect } from '#web/components/list-filters.tsx';
import { isFiltered } from '#web/lib/list-params.ts';
import type { ListParamsControls } from '#web/lib/use-list-params.ts';
import type { SubmissionFilter } from '../api/list-submissions.ts';
import { REVIEW_STATUSES, statusLabel } from '../lib/review-texts.ts';

/** Search (title, submitter name or e-mail) and the status filter, both kept in the URL. */
export function SubmissionFilters({ list }: { list: ListParamsControls<SubmissionFilter, string> }) {
  const t = useT();
  const { params } = list;
  return (
    <ListFilters
      label={t('admin.submissions.search_label', 'Search submissions')}
      className="md:grid-cols-[2fr_1fr]"
      clear={{
        shown: isFiltered(params),
        text: t('admin.submissions.clear', 'Clear Filters'),
        onClear: list.clear,
        className: 'md:col-span-2',
      }}
    >
      <ListSearch
        value={params.q}
        label={t('admin.submissions.search', 'Search by title, submitter name or email')}
        buttonText={t('admin.submissions.search_button', 'Search')}
        onSearch={list.setSearch}
      />
      <ListSelect
        value={params.filters.status}
        label={t('admin.submissions.filter.status', 'Status')}
        allLabel={t('admin.submissions.filter.all', 'All')}
        options={REVIEW_STATUSES.map((status) => ({ value: status, label: statusLabel(status, t) }))}
        onChange={(value) => list.setFilter('status', value)}
      />
    </ListFilters>
  );
}
