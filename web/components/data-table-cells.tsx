import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { useT } from '../app/i18n.tsx';
import { Alert } from './alert.tsx';
import { Button, secondaryButton } from './button.tsx';
import type { Column, Selection, SortState } from './data-table-types.ts';

/** <DataTable>'s rows and cells: a data row, a state row, the error box, a header, select-all. */

export const focusRing =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700';

/** One row: its checkbox when rows can be selected, then its cells (the row header as a <th>). */
export function DataRow<T>({
  row,
  rowKey,
  columns,
  selection,
}: {
  row: T;
  rowKey: (row: T) => string;
  columns: readonly Column<T>[];
  selection?: Selection<T>;
}) {
  const t = useT();
  const key = rowKey(row);
  const checked = selection?.selected.has(key) ?? false;
  return (
    <tr className={checked ? 'bg-blue-50' : 'hover:bg-slate-50'}>
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
}

export function StateRow({ span, children }: { span: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={span} className="px-3 py-6">
        {children}
      </td>
    </tr>
  );
}

export function ListError({ text, onRetry }: { text: string; onRetry?: () => void }) {
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

export function HeaderCell<T>({ column, sort }: { column: Column<T>; sort?: SortState }) {
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

export function SelectAll<T>({
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
