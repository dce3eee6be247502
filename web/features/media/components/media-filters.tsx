import { LayoutGrid, List } from 'lucide-react';
import type { Category } from '#common/api/categories.ts';
import type { Folder } from '#common/api/folders.ts';
import { ADMIN_MEDIA_SORTS, type AdminMediaSort } from '#common/api/media.ts';
import { type Translate, useT } from '#web/app/i18n.tsx';
import { linkButton } from '#web/components/button.tsx';
import { ListEmpty, ListFilters, ListSearch, ListSelect } from '#web/components/list-filters.tsx';
import type { ListParamsControls } from '#web/lib/use-list-params.ts';
import type { MediaFilter } from '../api/admin-media.ts';

export function sortLabel(sort: AdminMediaSort, t: Translate) {
  switch (sort) {
    case 'newest':
      return t('admin.media.sort.newest', 'Newest first');
    case 'oldest':
      return t('admin.media.sort.oldest', 'Oldest first');
    case 'title':
      return t('admin.media.sort.title', 'Title A-Z');
    case 'views':
      return t('admin.media.sort.views', 'Most viewed');
    case 'featured':
      return t('admin.media.sort.featured', 'Featured first');
  }
}

/** Whether search or a filter narrows the list (the view is not a filter). */
export function mediaFiltered(params: ListParamsControls<MediaFilter, AdminMediaSort>['params']) {
  return (
    params.q !== '' ||
    params.filters.category !== '' ||
    params.filters.folder !== '' ||
    params.filters.originalDate !== ''
  );
}

/**
 * Search box, filter panel (category, folder, sort), Clear Filters and the grid/list toggle; each
 * change is a new URL, so Back undoes it and a link shows the same list.
 */
export function MediaFilters({
  list,
  categories,
  folders,
}: {
  list: ListParamsControls<MediaFilter, AdminMediaSort>;
  categories: readonly Category[];
  folders: readonly Folder[];
}) {
  const t = useT();
  const { params } = list;
  const view = params.filters.view === 'grid' ? 'grid' : 'list';
  return (
    <ListFilters
      label={t('admin.media.search_label', 'Search and filter media')}
      className="md:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_1fr]"
    >
      <ListSearch
        value={params.q}
        label={t('admin.media.search', 'Search title, description or photographer')}
        buttonText={t('admin.media.search_button', 'Search')}
        onSearch={list.setSearch}
      />
      <ListSelect
        value={params.filters.category}
        label={t('admin.media.filter.category', 'Category')}
        allLabel={t('admin.media.filter.all_categories', 'All categories')}
        options={[
          { value: 'none', label: t('admin.media.filter.no_category', 'Uncategorized') },
          ...categories.map((category) => ({ value: category.id, label: category.name })),
        ]}
        onChange={(value) => list.setFilter('category', value)}
      />
      <ListSelect
        value={params.filters.folder}
        label={t('admin.media.filter.folder', 'Folder')}
        allLabel={t('admin.media.filter.all_folders', 'All folders')}
        options={[
          { value: 'none', label: t('admin.media.filter.no_folder', 'No folder') },
          ...folders.map((folder) => ({ value: folder.id, label: folder.name })),
        ]}
        onChange={(value) => list.setFilter('folder', value)}
      />
      <ListSelect
        value={params.filters.originalDate}
        label={t('admin.media.filter.original_date', 'Original date')}
        allLabel={t('admin.media.filter.all_dates', 'All dates')}
        options={[{ value: 'unread', label: t('admin.media.filter.date_unread', 'Not understood') }]}
        onChange={(value) => list.setFilter('originalDate', value)}
      />
      <ListSelect
        value={params.sort ?? 'newest'}
        label={t('admin.media.filter.sort', 'Sort')}
        options={ADMIN_MEDIA_SORTS.map((sort) => ({ value: sort, label: sortLabel(sort, t) }))}
        onChange={(value) => list.setSort(value as AdminMediaSort)}
      />
      <div className="flex flex-wrap items-center justify-between gap-3 md:col-span-2 lg:col-span-5">
        <div>
          {mediaFiltered(params) && (
            <button
              type="button"
              className={linkButton}
              onClick={() => list.update({ q: '', filters: { category: '', folder: '', originalDate: '' } })}
            >
              {t('admin.media.clear', 'Clear Filters')}
            </button>
          )}
        </div>
        <fieldset className="flex gap-1">
          <legend className="sr-only">{t('admin.media.view', 'View')}</legend>
          {(['list', 'grid'] as const).map((option) => {
            const Icon = option === 'grid' ? LayoutGrid : List;
            const active = view === option;
            return (
              <button
                key={option}
                type="button"
                aria-pressed={active}
                onClick={() => list.setFilter('view', option === 'list' ? '' : 'grid')}
                className={`inline-flex items-center gap-1 rounded-md border px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 ${
                  active
                    ? 'border-blue-700 bg-blue-700 text-white'
                    : 'border-slate-400 bg-white text-slate-800'
                }`}
              >
                <Icon aria-hidden="true" className="size-4" />
                {option === 'grid' ? t('admin.media.view_grid', 'Grid') : t('admin.media.view_list', 'List')}
              </button>
            );
          })}
        </fieldset>
      </div>
    </ListFilters>
  );
}

/** The list's and grid's empty state: nothing uploaded yet, or nothing that matches the filters. */
export function MediaEmpty({ filtered }: { filtered: boolean }) {
  const t = useT();
  return filtered ? (
    <ListEmpty
      title={t('admin.media.empty_filtered', 'No Media Found')}
      text={t('admin.media.empty_filtered_text', 'No items match these filters.')}
    />
  ) : (
    <ListEmpty
      title={t('admin.media.empty', 'No Media Items')}
      text={t('admin.media.empty_text', 'Upload your first media items to get started.')}
    />
  );
}
