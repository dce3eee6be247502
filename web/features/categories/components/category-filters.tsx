import { Plus } from 'lucide-react';
import type { AdminCategorySort } from '#common/api/categories.ts';
import { useT } from '#web/app/i18n.tsx';
import { Button, primaryButton, secondaryButton } from '#web/components/button.tsx';
import { ListFilters, ListSearch, ListSelect } from '#web/components/list-filters.tsx';
import type { ListParamsControls } from '#web/lib/use-list-params.ts';

/** The search (name or description) and the sort, both kept in the URL. */
export function CategoryFilters({ list }: { list: ListParamsControls<never, AdminCategorySort> }) {
  const t = useT();
  const { params } = list;
  return (
    <ListFilters
      label={t('admin.categories.filters', 'Search categories')}
      className="sm:grid-cols-[2fr_1fr]"
    >
      <ListSearch
        value={params.q}
        label={t('admin.categories.search', 'Search categories by name or description')}
        buttonText={t('admin.categories.search_button', 'Search')}
        onSearch={list.setSearch}
      />
      <ListSelect
        value={params.sort ?? 'name'}
        label={t('admin.categories.sort', 'Sort')}
        options={[
          { value: 'name', label: t('admin.categories.sort.name', 'Name A-Z') },
          { value: 'items', label: t('admin.categories.sort.items', 'Most items') },
          { value: 'views', label: t('admin.categories.sort.views', 'Most viewed') },
          { value: 'newest', label: t('admin.categories.sort.newest', 'Newest') },
        ]}
        onChange={(value) => list.setSort(value as AdminCategorySort)}
      />
    </ListFilters>
  );
}

/**
 * The grid's empty state: nothing matches the search (with 'Clear Search'), or no category yet
 * (with 'Create Your First Category').
 */
export function CategoriesEmpty({
  q,
  onClearSearch,
  onCreate,
}: {
  q: string;
  onClearSearch: () => void;
  onCreate: () => void;
}) {
  const t = useT();
  const searching = q !== '';
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center">
      {searching ? (
        <>
          <h2 className="text-lg font-semibold text-slate-900">
            {t('admin.categories.empty_search', 'No Categories Found')}
          </h2>
          <p className="mt-1 text-slate-700">
            {t('admin.categories.empty_search_text', 'No categories match "{q}".', { q })}
          </p>
          <Button className={`${secondaryButton} mt-4`} onClick={onClearSearch}>
            {t('admin.categories.clear_search', 'Clear Search')}
          </Button>
        </>
      ) : (
        <>
          <h2 className="text-lg font-semibold text-slate-900">
            {t('admin.categories.empty', 'No Categories Yet')}
          </h2>
          <p className="mt-1 text-slate-700">
            {t('admin.categories.empty_text', 'Categories help visitors find items by subject.')}
          </p>
          <Button className={`${primaryButton} mt-4`} onClick={onCreate}>
            <Plus aria-hidden="true" className="size-4" />
            {t('admin.categories.create_first', 'Create Your First Category')}
          </Button>
        </>
      )}
    </div>
  );
}
