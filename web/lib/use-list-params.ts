import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  type ListChange,
  type ListParams,
  type ListSpec,
  readListParams,
  writeListParams,
} from './list-params.ts';

export interface ListParamsControls<F extends string, S extends string> {
  params: ListParams<F, S>;
  /** Applies a change as a new history entry, so Back undoes it. */
  update: (change: ListChange<F>) => void;
  setSearch: (q: string) => void;
  setFilter: (name: F, value: string) => void;
  setSort: (sort: S) => void;
  setCursor: (cursor: string | null) => void;
  /** Clears search, filters and cursor (the spec's 'Clear Filters'). */
  clear: () => void;
}

/**
 * A list's search, filters, sort and cursor kept in the URL (common/list.ts): a link or a reload
 * shows the same list, changing a filter starts from the top, and Back undoes the last change.
 * Pass a `spec` defined outside the component (or memoised): it is a dependency.
 */
export function useListParams<F extends string, S extends string = string>(
  spec: ListSpec<F, S>,
): ListParamsControls<F, S> {
  const [search, setSearchParams] = useSearchParams();
  const params = useMemo(() => readListParams(search, spec), [search, spec]);
  const update = useCallback(
    (change: ListChange<F>) => setSearchParams((current) => writeListParams(current, spec, change)),
    [setSearchParams, spec],
  );
  return useMemo(
    () => ({
      params,
      update,
      setSearch: (q) => update({ q }),
      setFilter: (name, value) => update({ filters: { [name]: value } as Partial<Record<F, string>> }),
      setSort: (sort) => update({ sort }),
      setCursor: (cursor) => update({ cursor }),
      clear: () =>
        update({
          q: '',
          filters: Object.fromEntries(Object.keys(spec.filters).map((name) => [name, ''])) as Record<
            F,
            string
          >,
        }),
    }),
    [params, update, spec],
  );
}
