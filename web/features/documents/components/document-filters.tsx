import type { AdminDocumentSort } from '#common/api/documents.ts';
import { DOCUMENT_CATEGORIES } from '#common/enums.ts';
import { useT } from '#web/app/i18n.tsx';
import { ListEmpty, ListFilters, ListSearch, ListSelect } from '#web/components/list-filters.tsx';
import type { ListParams, ListSpec } from '#web/lib/list-params.ts';
import type { ListParamsControls } from '#web/lib/use-list-params.ts';
import type { DocumentFilter } from '../api/admin-documents.ts';
import { documentCategoryLabel } from './document-labels.ts';

const DOCUMENT_SORTS = [
  'newest',
  'oldest',
  'title',
  'downloads',
] as const satisfies readonly AdminDocumentSort[];

/** The screen's URL state: search, category and sort. */
export const DOCUMENT_LIST: ListSpec<DocumentFilter, AdminDocumentSort> = {
  filters: { category: DOCUMENT_CATEGORIES },
  sorts: DOCUMENT_SORTS,
};

/** Whether a search or the category narrows the list. */
export const documentsFiltered = (params: ListParams<DocumentFilter, AdminDocumentSort>) =>
  params.q !== '' || params.filters.category !== '';

/** Search (title, description or file name), the category and the sort, all kept in the URL. */
export function DocumentFilters({ list }: { list: ListParamsControls<DocumentFilter, AdminDocumentSort> }) {
  const t = useT();
  const { params } = list;
  const filtered = documentsFiltered(params);
  return (
    <ListFilters
      label={t('admin.documents.search_label', 'Search and filter documents')}
      className="md:grid-cols-[2fr_1fr_1fr_auto]"
      clear={{
        shown: filtered,
        text: t('admin.documents.clear', 'Clear Filters'),
        onClear: list.clear,
        className: 'self-end pb-2',
      }}
    >
      <ListSearch
        value={params.q}
        label={t('admin.documents.search', 'Search title, description or file name')}
        buttonText={t('admin.documents.search_button', 'Search')}
        onSearch={list.setSearch}
      />
      <ListSelect
        value={params.filters.category}
        label={t('admin.documents.filter.category', 'Category')}
        allLabel={t('admin.documents.filter.all_categories', 'All categories')}
        options={DOCUMENT_CATEGORIES.map((category) => ({
          value: category,
          label: documentCategoryLabel(category, t),
        }))}
        onChange={(value) => list.setFilter('category', value)}
      />
      <ListSelect
        value={params.sort ?? 'newest'}
        label={t('admin.documents.filter.sort', 'Sort')}
        options={[
          { value: 'newest', label: t('admin.documents.sort.newest', 'Newest first') },
          { value: 'oldest', label: t('admin.documents.sort.oldest', 'Oldest first') },
          { value: 'title', label: t('admin.documents.sort.title', 'Title A-Z') },
          { value: 'downloads', label: t('admin.documents.sort.downloads', 'Most downloaded') },
        ]}
        onChange={(value) => list.setSort(value as AdminDocumentSort)}
      />
    </ListFilters>
  );
}

/** The table's empty state: none uploaded yet, or none that match the filters. */
export function DocumentsEmpty({ filtered }: { filtered: boolean }) {
  const t = useT();
  return filtered ? (
    <ListEmpty
      title={t('admin.documents.empty_filtered', 'No Documents Found')}
      text={t('admin.documents.empty_filtered_text', 'No documents match these filters.')}
    />
  ) : (
    <ListEmpty
      title={t('admin.documents.empty', 'No Documents Yet')}
      text={t('admin.documents.empty_text', 'Upload your first document to get started.')}
    />
  );
}
