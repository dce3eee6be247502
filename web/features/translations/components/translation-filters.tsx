import { TRANSLATION_STATUSES } from '#common/enums.ts';
import type { TranslationStats } from '#common/translations.ts';
import { useT } from '#web/app/i18n.tsx';
import { ListFilters, ListSearch, ListSelect } from '#web/components/list-filters.tsx';
import { isFiltered, type ListSpec } from '#web/lib/list-params.ts';
import type { ListParamsControls } from '#web/lib/use-list-params.ts';
import type { TranslationFilter } from '../api/admin-translations.ts';
import { statusLabel } from '../lib/translation-status.ts';

/** The screen's URL state: search, status, component and missing English. */
export const TRANSLATIONS_LIST: ListSpec<TranslationFilter, 'key'> = {
  filters: { status: TRANSLATION_STATUSES, component: null, missingEnglish: ['true'] },
  sorts: ['key'],
};

/** Search (key, Faroese or English text), status, component and missing English, kept in the URL. */
export function TranslationFilters({
  list,
  stats,
}: {
  list: ListParamsControls<TranslationFilter, 'key'>;
  stats: TranslationStats | undefined;
}) {
  const t = useT();
  const { params } = list;
  return (
    <ListFilters
      label={t('admin.translations.search_label', 'Search and filter translations')}
      className="md:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr]"
      clear={{
        shown: isFiltered(params),
        text: t('admin.translations.clear', 'Clear Filters'),
        onClear: list.clear,
        className: 'md:col-span-2 lg:col-span-4',
      }}
    >
      <ListSearch
        value={params.q}
        label={t('admin.translations.search', 'Search key, Faroese or English text')}
        buttonText={t('admin.translations.search_button', 'Search')}
        onSearch={list.setSearch}
      />
      <ListSelect
        value={params.filters.status}
        label={t('admin.translations.filter.status', 'Status')}
        allLabel={t('admin.translations.filter.all_statuses', 'All statuses')}
        options={TRANSLATION_STATUSES.map((status) => ({ value: status, label: statusLabel(status, t) }))}
        onChange={(value) => list.setFilter('status', value)}
      />
      <ListSelect
        value={params.filters.component}
        label={t('admin.translations.filter.component', 'Component')}
        allLabel={t('admin.translations.filter.all_components', 'All components')}
        options={(stats?.components ?? []).map((name) => ({ value: name, label: name }))}
        onChange={(value) => list.setFilter('component', value)}
      />
      <ListSelect
        value={params.filters.missingEnglish}
        label={t('admin.translations.filter.english', 'English text')}
        allLabel={t('admin.translations.filter.any_english', 'With or without English')}
        options={[
          { value: 'true', label: t('admin.translations.filter.missing_english', 'Missing English') },
        ]}
        onChange={(value) => list.setFilter('missingEnglish', value)}
      />
    </ListFilters>
  );
}
