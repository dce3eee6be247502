/**
 * A staff list's state as it lives in the URL: search text `q`, the list's own filters, `sort` and
 * the keyset `cursor` it starts from (common/list.ts). Read and written here as pure functions;
 * `useListParams` (use-list-params.ts) binds them to the address bar.
 */

/** What a list accepts: each filter's allowed values (null: any text), and its sorts (first = default). */
export interface ListSpec<F extends string = string, S extends string = string> {
  filters: Readonly<Record<F, readonly string[] | null>>;
  sorts?: readonly [S, ...S[]];
}

export interface ListParams<F extends string = string, S extends string = string> {
  q: string;
  /** Every filter, '' when not set. */
  filters: Record<F, string>;
  sort: S | null;
  cursor: string | null;
}

/** A change to a list's state; `undefined` leaves a part as it is, '' or null clears it. */
export interface ListChange<F extends string = string> {
  q?: string;
  filters?: Partial<Record<F, string>>;
  sort?: string | null;
  cursor?: string | null;
}

/** The list's state in `search`; unknown filter values and sorts read as not set. */
export function readListParams<F extends string, S extends string>(
  search: URLSearchParams,
  spec: ListSpec<F, S>,
): ListParams<F, S> {
  const filters = {} as Record<F, string>;
  for (const name of Object.keys(spec.filters) as F[]) {
    const value = search.get(name)?.trim() ?? '';
    const allowed = spec.filters[name];
    filters[name] = allowed && !allowed.includes(value) ? '' : value;
  }
  const sort = search.get('sort');
  return {
    q: search.get('q')?.trim() ?? '',
    filters,
    sort: sort && spec.sorts?.includes(sort as S) ? (sort as S) : (spec.sorts?.[0] ?? null),
    cursor: search.get('cursor') || null,
  };
}

/**
 * The URL search after `change`. Any change to what the list shows (search, filter, sort) starts
 * it again from the top: the cursor is dropped unless the change sets one. Parameters that are not
 * the list's (e.g. an open dialog's) are kept. The default sort is left out, so links stay short.
 */
export function writeListParams<F extends string>(
  search: URLSearchParams,
  spec: ListSpec<F>,
  change: ListChange<F>,
): URLSearchParams {
  const next = new URLSearchParams(search);
  const put = (name: string, value: string | null | undefined) => {
    if (value === undefined) return;
    if (value === null || value.trim() === '') next.delete(name);
    else next.set(name, value.trim());
  };
  put('q', change.q);
  for (const [name, value] of Object.entries(change.filters ?? {}) as [F, string | undefined][]) {
    if (Object.hasOwn(spec.filters, name)) put(name, value);
  }
  if (change.sort !== undefined) put('sort', change.sort === spec.sorts?.[0] ? null : change.sort);
  const reshaped = change.q !== undefined || change.filters !== undefined || change.sort !== undefined;
  if (change.cursor !== undefined) put('cursor', change.cursor);
  else if (reshaped) next.delete('cursor');
  return next;
}

/** Whether any search or filter narrows the list (for 'No … Found' versus 'No … Yet'). */
export function isFiltered(params: ListParams): boolean {
  return params.q !== '' || Object.values<string>(params.filters).some((value) => value !== '');
}

/**
 * The API query string of a list page: `q`, the set filters, `sort`, `cursor` and `limit`, in a
 * fixed order and without empty parts (GET /api/admin/<resource>?…).
 */
export function listQueryString(
  params: Pick<ListParams, 'q' | 'filters' | 'sort'>,
  page: { cursor?: string | null; limit?: number } = {},
): string {
  const query = new URLSearchParams();
  if (params.q) query.set('q', params.q);
  for (const name of Object.keys(params.filters).sort()) {
    const value = params.filters[name];
    if (value) query.set(name, value);
  }
  if (params.sort) query.set('sort', params.sort);
  if (page.cursor) query.set('cursor', page.cursor);
  if (page.limit !== undefined) query.set('limit', String(page.limit));
  const text = query.toString();
  return text ? `?${text}` : '';
}
