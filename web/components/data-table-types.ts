import type { ReactNode } from 'react';

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
