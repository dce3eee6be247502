import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useT } from '../app/i18n.tsx';
import { Alert } from './alert.tsx';
import { Button, secondaryButton } from './button.tsx';
import { Spinner } from './spinner.tsx';

/** One column, declared once: its header, its cell, and the list's sorts it offers. */
export interface Column<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /**
   * The list's sort values this column sorts by (common/list.ts `sort=`). A column is sortable
   * only when the list has such a sort; with both, the header toggles between them.
   */
  sort?: { ascending?: string; descending?: string };
  /** The cell that names the row (a <th scope="row">): usually the first. */
  rowHeader?: boolean;
  className?: string;
}

export interface SortState {
  value: string | null;
  onChange: (sort: string) => void;
}

export interface Selection<T> {
  /** The keys of the selected rows. */
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  /** The row's name for its checkbox ('Select {name}'). */
  rowLabel: (row: T) => string;
}

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700';

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
    body = rows.map((row) => {
      const key = rowKey(row);
      const checked = selection?.selected.has(key) ?? false;
      return (
        <tr key={key} className={checked ? 'bg-blue-50' : 'hover:bg-slate-50'}>
          {selection && (
            <td className="w-10 px-3 py-2 align-top">
              <input
                type="checkbox"
                className={`size-4 ${focusRing}`}
                checked={checked}
                aria-label={t('list.select_row', 'Select {name}', { name: selection.rowLabel(row) })}
                onChange={(event) => {
                  const next = new Set(selection.selected);
                  if (event.target.checked) next.add(key);
                  else next.delete(key);
                  selection.onChange(next);
                }}
              />
            </td>
          )}
          {columns.map((column) =>
            column.rowHeader ? (
              <th
                key={column.id}
                scope="row"
                className={`px-3 py-2 text-left align-top font-medium text-slate-900 ${column.className ?? ''}`}
              >
                {column.cell(row)}
              </th>
            ) : (
              <td key={column.id} className={`px-3 py-2 align-top text-slate-800 ${column.className ?? ''}`}>
                {column.cell(row)}
              </td>
            ),
          )}
        </tr>
      );
    });
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

function StateRow({ span, children }: { span: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={span} className="px-3 py-6">
        {children}
      </td>
    </tr>
  );
}

function ListError({ text, onRetry }: { text: string; onRetry?: () => void }) {
  const t = useT();
  return (
    <Alert tone="error">
      <p>{text}</p>
      {onRetry && (
        <Button className={`${secondaryButton} mt-3`} onClick={onRetry}>
          {t('list.retry', 'Try Again')}
        </Button>
      )}
    </Alert>
  );
}

function HeaderCell<T>({ column, sort }: { column: Column<T>; sort?: SortState }) {
  const t = useT();
  const { ascending, descending } = column.sort ?? {};
  const base = 'px-3 py-2 font-semibold whitespace-nowrap';
  if (!sort || (!ascending && !descending)) {
    return (
      <th scope="col" className={`${base} ${column.className ?? ''}`}>
        {column.header}
      </th>
    );
  }
  const state = sort.value === ascending ? 'ascending' : sort.value === descending ? 'descending' : 'none';
  // From unsorted, a column sorts its first way (descending for dates and counts when it has it).
  const next =
    state === 'descending'
      ? (ascending ?? descending)
      : state === 'ascending'
        ? (descending ?? ascending)
        : (descending ?? ascending);
  const Icon = state === 'ascending' ? ArrowUp : state === 'descending' ? ArrowDown : ArrowUpDown;
  return (
    <th scope="col" aria-sort={state} className={`${base} ${column.className ?? ''}`}>
      <button
        type="button"
        className={`inline-flex items-center gap-1 rounded hover:text-blue-800 ${focusRing}`}
        onClick={() => next && sort.onChange(next)}
      >
        {column.header}
        <Icon aria-hidden="true" className="size-4" />
        <span className="sr-only">{t('list.sort_hint', '(change sort order)')}</span>
      </button>
    </th>
  );
}

function SelectAll<T>({
  rows,
  rowKey,
  selection,
}: {
  rows: readonly T[];
  rowKey: (row: T) => string;
  selection: Selection<T>;
}) {
  const t = useT();
  const ref = useRef<HTMLInputElement>(null);
  const keys = rows.map(rowKey);
  const count = keys.filter((key) => selection.selected.has(key)).length;
  const all = keys.length > 0 && count === keys.length;
  const some = count > 0 && !all;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = some;
  }, [some]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className={`size-4 ${focusRing}`}
      checked={all}
      disabled={keys.length === 0}
      aria-label={t('list.select_all', 'Select all on this page')}
      onChange={() => {
        const next = new Set(selection.selected);
        for (const key of keys) {
          if (all) next.delete(key);
          else next.add(key);
        }
        selection.onChange(next);
      }}
    />
  );
}
