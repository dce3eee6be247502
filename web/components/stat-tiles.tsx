import type { ReactNode } from 'react';

export interface StatTile {
  key: string;
  label: string;
  /** A number is written with thousands separators; undefined or null (not come yet) as '–'. */
  value: number | string | null | undefined;
  /** A line under the figure ('+3 this week'). */
  note?: ReactNode;
  /** An icon before the label (aria-hidden). */
  icon?: ReactNode;
}

/**
 * The figures at the top of a screen (dashboard, media, documents, categories, users, the
 * contributor's own): one tile each, a definition list, so a screen reader reads each label with
 * its figure. `className` sets the grid's columns and margins; `large` writes the figures bigger.
 */
export function StatTiles({
  tiles,
  className,
  large = false,
  format = (n) => n.toLocaleString('en-GB'),
  testId,
}: {
  tiles: readonly StatTile[];
  className: string;
  large?: boolean;
  format?: (n: number) => string;
  testId?: string;
}) {
  return (
    <dl className={`grid gap-3 ${className}`} data-testid={testId}>
      {tiles.map((tile) => (
        <div key={tile.key} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
          <dt className="flex items-center gap-2 text-sm font-medium text-slate-700">
            {tile.icon}
            {tile.label}
          </dt>
          <dd className={`mt-1 font-bold text-slate-900 ${large ? 'text-3xl' : 'text-2xl'}`}>
            {tile.value == null ? '–' : typeof tile.value === 'number' ? format(tile.value) : tile.value}
          </dd>
          {tile.note && <dd className="mt-1 text-xs text-slate-700">{tile.note}</dd>}
        </div>
      ))}
    </dl>
  );
}
