import { type ReactNode, useId } from 'react';
import { useT } from '../app/i18n.tsx';
import { DataRow, focusRing, HeaderCell, ListError, SelectAll, StateRow } from './data-table-cells.tsx';
import type { Column, Selection, SortState } from './data-table-types.ts';
import { Spinner } from './spinner.tsx';

// The columns' and the selection's types are in data-table-types.ts; a screen takes them from here.
export type { Column, Selection, SortState } from './data-table-types.ts';

/**
 * The staff lists' table: a real <table> with a caption, column headers, sortable headers where
 * the list supports the sort (aria-sort), optional row checkboxes with select-all-on-page for bulk
 * actions, and its loading, error and empty states in place of the rows.
 */
export function DataTable<T>({
  caption,
  captionHidden = false,
  columns,
  rows,
  rowKey,
  sort,
  selection,
  isLoading = false,
  isFetching = false,
  error = null,
  errorText,
  onRetry,
  empty,
}: {
  caption: string;
  /** The caption is for screen readers only (the page's heading already says it). */
  captionHidden?: boolean;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  sort?: SortState;
  selection?: Selection<T>;
  /** The first page is on its way (no rows yet). */
  isLoading?: boolean;
  /** Rows shown are being replaced (new filters). */
  isFetching?: boolean;
  error?: unknown;
  /** The screen's own sentence for a failed load (admin-back-office.md §8), in the red box. */
  errorText?: string;
  onRetry?: () => void;
  /** Shown when there are no rows and nothing failed: 'No … Found' / 'No … Yet'. */
  empty: ReactNode;
}) {
  const t = useT();
  const captionId = useId();
  const span = columns.length + (selection ? 1 : 0);

  let body: ReactNode;
  if (rows.length === 0 && isLoading) {
    body = <StateRow span={span}>{<Spinner text={t('list.loading', 'Loading...')} />}</StateRow>;
  } else if (rows.length === 0 && error) {
    body = (
      <StateRow span={span}>
        <ListError text={errorText ?? t('list.load_failed', 'Failed to load')} onRetry={onRetry} />
      </StateRow>
    );
  } else if (rows.length === 0) {
    body = <StateRow span={span}>{empty}</StateRow>;
  } else {
    body = rows.map((row) => (
      <DataRow key={rowKey(row)} row={row} rowKey={rowKey} columns={columns} selection={selection} />
    ));
  }

  return (
    <div className="space-y-3">
      {rows.length > 0 && error != null && (
        <ListError text={errorText ?? t('list.load_failed', 'Failed to load')} onRetry={onRetry} />
      )}
      {/* Wide tables scroll sideways inside their own region, reachable by keyboard. */}
      <section
        aria-labelledby={captionId}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must take focus to be scrolled by keyboard
        tabIndex={0}
        className={`overflow-x-auto rounded-md border border-slate-200 ${focusRing}`}
      >
        <table className="w-full border-collapse text-sm" aria-busy={isLoading || isFetching}>
          <caption
            id={captionId}
            className={captionHidden ? 'sr-only' : 'px-3 py-2 text-left font-semibold text-slate-900'}
          >
            {caption}
          </caption>
          <thead className="bg-slate-100 text-left text-slate-800">
            <tr>
              {selection && (
                <th scope="col" className="w-10 px-3 py-2">
                  <SelectAll rows={rows} rowKey={rowKey} selection={selection} />
                </th>
              )}
              {columns.map((column) => (
                <HeaderCell key={column.id} column={column} sort={sort} />
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">{body}</tbody>
        </table>
      </section>
    </div>
  );
}
