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

/** The table's empty state: none sent yet, or none that match the search and filters. */
export function SubmissionsEmpty({ filtered }: { filtered: boolean }) {
  const t = useT();
  return (
    <div className="text-center">
      <p className="text-lg font-semibold text-slate-900">
        {filtered
          ? t('admin.submissions.empty_filtered', 'No Submissions Found')
          : t('admin.submissions.empty', 'No Submissions Yet')}
      </p>
      <p className="mt-1 text-slate-700">
        {filtered
          ? t('admin.submissions.empty_filtered_text', 'Try adjusting your search or filters.')
          : t('admin.submissions.empty_text', 'Submissions from the public will appear here.')}
      </p>
    </div>
  );
}
