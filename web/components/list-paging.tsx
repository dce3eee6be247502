import { useT } from '../app/i18n.tsx';
import { Button, linkButton, secondaryButton } from './button.tsx';

/**
 * Under a staff list: the line 'Showing X of Y' (X = rows loaded; a polite live region, so loading
 * more is announced) and 'Load more' while the API has a next page. Y is every row of the list
 * when the screen gives `archiveTotal` (the spec's 'Showing X of Y items' with a search that finds
 * nothing is 'Showing 0 of 39 items'), then how many match is added while more are to load; else Y
 * is every matching row. When the list starts at a cursor from the URL, 'Back to the first page'
 * clears it.
 */
export function ListPaging({
  list,
  shown = list.items.length,
  archiveTotal,
  onFirstPage,
  summary,
}: {
  /** The list's query (`useListQuery`); nothing is drawn until its first page has come. */
  list: {
    data: unknown;
    items: readonly unknown[];
    total: number;
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    fetchNextPage: () => unknown;
  };
  /** Rows shown, when the screen shows other than the items loaded. */
  shown?: number;
  /**
   * Every row of the list, whatever the search and filters (from the screen's kept figures, so no
   * list request counts the whole table); null while those are on their way: the line waits.
   */
  archiveTotal?: number | null;
  /** Given when the list does not start at the top. */
  onFirstPage?: () => void;
  /** The screen's own line instead, e.g. the users screen's 'Showing X of Y users'. */
  summary?: (counts: { shown: number; total: number }) => string;
}) {
  const t = useT();
  if (!list.data) return null;
  const total = archiveTotal === undefined ? list.total : archiveTotal;
  const matching = archiveTotal != null && list.total > shown && list.total !== archiveTotal;
  return (
    <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <p role="status" className="text-sm text-slate-700">
        {total !== null &&
          (summary?.({ shown, total }) ?? t('list.showing', 'Showing {shown} of {total}', { shown, total }))}
        {matching &&
          ` (${t('list.matching', '{matching} match the search and filters', { matching: list.total })})`}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        {onFirstPage && (
          <button type="button" className={linkButton} onClick={onFirstPage}>
            {t('list.first_page', 'Back to the first page')}
          </button>
        )}
        {list.hasNextPage && (
          <Button
            className={secondaryButton}
            onClick={() => list.fetchNextPage()}
            disabled={list.isFetchingNextPage}
            aria-busy={list.isFetchingNextPage}
          >
            {list.isFetchingNextPage ? t('list.loading', 'Loading...') : t('list.load_more', 'Load more')}
          </Button>
        )}
      </div>
    </div>
  );
}
