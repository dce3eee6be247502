import { Plus } from 'lucide-react';
import { useState } from 'react';
import { ADMIN_CATEGORY_SORTS, type AdminCategory, type AdminCategorySort } from '#common/api/categories.ts';
import { useT } from '#web/app/i18n.tsx';
import { Alert } from '#web/components/alert.tsx';
import { Button, primaryButton, secondaryButton } from '#web/components/button.tsx';
import { useConfirm } from '#web/components/confirm-dialog.tsx';
import { ListPaging } from '#web/components/list-paging.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { toast } from '#web/components/toaster.tsx';
import { useErrorText } from '#web/lib/error-text.ts';
import type { ListSpec } from '#web/lib/list-params.ts';
import { useListParams } from '#web/lib/use-list-params.ts';
import {
  useCategoryCards,
  useCategoryStats,
  useDeleteCategory,
  useToggleCategory,
} from '../api/admin-categories.ts';
import { CategoryCard } from '../components/category-card.tsx';
import { CategoryDialog, type CategoryDialogTarget } from '../components/category-dialog.tsx';
import { CategoriesEmpty, CategoryFilters } from '../components/category-filters.tsx';
import { CategoryStats } from '../components/category-stats.tsx';

/** The screen's URL state: the search and the sort (by name unless chosen). */
export const CATEGORY_LIST: ListSpec<never, AdminCategorySort> = { filters: {}, sorts: ADMIN_CATEGORY_SORTS };

/** Categories (/admin/categories): the card grid of every category with its counts, for content staff. */
export function AdminCategoriesPage() {
  const t = useT();
  const errorText = useErrorText();
  // A server failure is worded as what failed; a refusal (permission, gone) by its own code.
  const failed = (error: unknown, text: string) => errorText(error, { INTERNAL: text, '*': text });
  const list = useListParams(CATEGORY_LIST);
  const { params } = list;
  const cards = useCategoryCards(params);
  const stats = useCategoryStats();
  const toggle = useToggleCategory();
  const { mutateAsync: deleteCategory } = useDeleteCategory();
  const [confirm, confirmDialog] = useConfirm();
  const [dialog, setDialog] = useState<CategoryDialogTarget>(null);

  const onToggle = (category: AdminCategory, isPublic: boolean) =>
    toggle.mutate(
      { id: category.id, isPublic },
      {
        onError: (error) =>
          toast.error(failed(error, t('admin.categories.update_failed', 'Failed to update category'))),
      },
    );

  const onDelete = async (category: AdminCategory) => {
    const yes = await confirm({
      title: t('admin.categories.delete_title', 'Delete category?'),
      description:
        category.mediaCount > 0
          ? t(
              'admin.categories.delete_confirm_items',
              'This category contains {count} media items. Deleting it will remove the category from all items. Continue?',
              { count: category.mediaCount },
            )
          : t('admin.categories.delete_confirm', 'Are you sure you want to delete this category?'),
      destructive: true,
    });
    if (!yes) return;
    try {
      await deleteCategory(category.id);
      // The card's count, the one the confirmation named: a DELETE answers 204 with no body.
      const uncategorizedItems = category.mediaCount;
      toast.success(
        uncategorizedItems > 0
          ? t(
              'admin.categories.deleted_items',
              'Category deleted successfully! {count} items no longer have a category.',
              { count: uncategorizedItems },
            )
          : t('admin.categories.deleted', 'Category deleted successfully!'),
      );
    } catch (error) {
      toast.error(failed(error, t('admin.categories.delete_failed', 'Failed to delete category')));
    }
  };

  // Shown, where the spec keeps the categories' load errors silent (a deliberate choice, issue 30):
  // an empty screen would read as 'no categories'.
  const loadError = failed(cards.error, t('admin.categories.load_failed', 'Failed to load categories'));
  const s = stats.data;

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">{t('admin.categories.title', 'Categories')}</h1>
          <p className="mt-1 text-slate-700" data-testid="category-counts">
            {s
              ? t('admin.categories.counts', '{total} categories · {active} active · {tagged} items tagged', {
                  total: s.total,
                  active: s.active,
                  tagged: s.itemsTagged,
                })
              : t('admin.categories.intro', 'Organise the collection into categories.')}
          </p>
        </div>
        <Button className={primaryButton} onClick={() => setDialog('new')}>
          <Plus aria-hidden="true" className="size-4" />
          {t('admin.categories.new', 'New Category')}
        </Button>
      </div>
      {stats.error && (
        <div className="mt-4">
          <Alert tone="error">
            {failed(stats.error, t('admin.categories.stats_failed', 'Failed to load category statistics'))}
          </Alert>
        </div>
      )}
      <CategoryStats stats={s} />
      <CategoryFilters list={list} />

      <div className="mt-6">
        {cards.isPending ? (
          <Spinner text={t('admin.categories.loading', 'Loading categories...')} />
        ) : cards.error && cards.items.length === 0 ? (
          <div className="space-y-3">
            <Alert tone="error">{loadError}</Alert>
            <Button className={secondaryButton} onClick={() => cards.refetch()}>
              {t('admin.categories.retry', 'Try Again')}
            </Button>
          </div>
        ) : cards.items.length === 0 ? (
          <CategoriesEmpty
            q={params.q}
            onClearSearch={() => list.setSearch('')}
            onCreate={() => setDialog('new')}
          />
        ) : (
          <>
            {cards.error && <Alert tone="error">{loadError}</Alert>}
            <ul
              className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
              aria-busy={cards.isFetching || undefined}
            >
              {cards.items.map((category) => (
                <li key={category.id} className="flex flex-col [&>article]:flex-1">
                  <CategoryCard
                    category={category}
                    totalMedia={s?.totalMedia}
                    toggling={toggle.isPending && toggle.variables?.id === category.id}
                    onToggle={(isPublic) => onToggle(category, isPublic)}
                    onEdit={() => setDialog(category)}
                    onDelete={() => onDelete(category)}
                  />
                </li>
              ))}
            </ul>
          </>
        )}
        {cards.items.length > 0 && (
          <ListPaging
            list={cards}
            onFirstPage={params.cursor ? () => list.setCursor(null) : undefined}
            summary={(counts) =>
              t('admin.categories.showing', 'Showing {shown} of {total} categories', counts)
            }
          />
        )}
      </div>
      <CategoryDialog target={dialog} onClose={() => setDialog(null)} />
      {confirmDialog}
    </div>
  );
}
