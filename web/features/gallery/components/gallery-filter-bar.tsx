import { LayoutGrid, List, Search } from 'lucide-react';
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { GALLERY_SORTS, type GallerySort } from '#common/enums.ts';
import { useT } from '#web/app/i18n.tsx';
import type { PublicCategory } from '../api/get-public-categories.ts';
import type { GalleryParamPatch, GalleryParams, GalleryView } from '../lib/gallery-params.ts';
import { CategoryField, filterControl, KeptFilters, TypeField } from './filter-fields.tsx';

/** How long typing must pause before the search runs. */
const SEARCH_DEBOUNCE_MS = 300;

const toggleButton =
  'inline-flex items-center gap-1.5 px-3 py-2 text-sm font-medium focus-visible:z-10 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-700';

/** Text search, category, type, sort and grid/list, all read from and written to the URL. */
export function GalleryFilterBar({
  params,
  categories,
  onChange,
}: {
  params: GalleryParams;
  categories: PublicCategory[];
  onChange: (patch: GalleryParamPatch) => void;
}) {
  const t = useT();
  const ids = { search: useId(), sort: useId() };

  // The box follows the URL (Back, a shared link, 'Clear All Filters') and the URL follows the
  // box once typing pauses. `sent` is the text the box itself put into the URL, so that what was
  // typed meanwhile is not overwritten when that URL arrives.
  const [draft, setDraft] = useState(params.q);
  const [urlQ, setUrlQ] = useState(params.q);
  const [sent, setSent] = useState<string | null>(null);
  if (urlQ !== params.q) {
    setUrlQ(params.q);
    if (params.q !== sent) setDraft(params.q);
    setSent(null);
  }
  const commit = useCallback(
    (q: string) => {
      setSent(q);
      onChange({ q });
    },
    [onChange],
  );
  useEffect(() => {
    const q = draft.trim();
    if (q === params.q) return;
    const timer = setTimeout(() => commit(q), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, params.q, commit]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.trim() !== params.q) commit(draft.trim());
  };

  const sortLabels: Record<GallerySort, string> = {
    newest: t('gallery.sort.newest', 'Nýggjast fyrst'),
    oldest: t('gallery.sort.oldest', 'Elst fyrst'),
    title: t('gallery.sort.title', 'Heiti (A–Ø)'),
    views: t('gallery.sort.views', 'Flest sýningar'),
    taken: t('gallery.sort.taken', 'Upprunadato (elst fyrst)'),
  };
  const views: { value: GalleryView; label: string; Icon: typeof List }[] = [
    { value: 'grid', label: t('gallery.view.grid', 'Rutanet'), Icon: LayoutGrid },
    { value: 'list', label: t('gallery.view.list', 'Listi'), Icon: List },
  ];

  return (
    <search aria-label={t('gallery.filters.label', 'Leita í savninum')}>
      {/* A real GET form: without the page's script it asks the server for /?q=… (drawn there);
          with it, the URL changes in place. */}
      <form
        method="get"
        action="/"
        onSubmit={submit}
        className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4 lg:flex-row lg:items-end"
      >
        <div className="flex flex-1 flex-col gap-1">
          <label htmlFor={ids.search} className="text-sm font-medium text-slate-800">
            {t('gallery.search.label', 'Leita')}
          </label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-2.5 left-3 size-5 text-slate-600"
            />
            <input
              id={ids.search}
              type="search"
              name="q"
              value={draft}
              maxLength={200}
              onChange={(event) => setDraft(event.target.value)}
              placeholder={t('gallery.search.placeholder', 'Leita…')}
              className={`${filterControl} w-full pl-10`}
            />
          </div>
        </div>
        <CategoryField
          value={params.category}
          categories={categories}
          onChange={(category) => onChange({ category })}
        />
        <TypeField value={params.type} onChange={(type) => onChange({ type })} />
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.sort} className="text-sm font-medium text-slate-800">
            {t('gallery.sort.label', 'Raða eftir')}
          </label>
          <select
            id={ids.sort}
            name="sort"
            value={params.sort}
            onChange={(event) => onChange({ sort: event.target.value })}
            className={filterControl}
          >
            {GALLERY_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {sortLabels[sort]}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 text-sm font-medium text-slate-800">
            {t('gallery.view.label', 'Vís sum')}
          </legend>
          <div className="inline-flex self-start overflow-hidden rounded-md border border-slate-400 bg-white">
            {views.map(({ value, label, Icon }) => (
              <button
                key={value}
                type="button"
                aria-pressed={params.view === value}
                onClick={() => onChange({ view: value })}
                className={`${toggleButton} ${params.view === value ? 'bg-slate-800 text-white' : 'text-slate-800 hover:bg-slate-100'}`}
              >
                <Icon aria-hidden="true" className="size-4" />
                {label}
              </button>
            ))}
          </div>
        </fieldset>
        {params.view === 'list' && <input type="hidden" name="view" value="list" />}
        <KeptFilters period={params.period} place={params.place} />
        {/* Enter in the box sends the form; this button is for keyboards and screen readers. */}
        <button
          type="submit"
          className="sr-only rounded-md bg-blue-700 px-3 py-2 text-sm font-medium text-white focus:not-sr-only focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-700"
        >
          {t('gallery.search.submit', 'Leita í savninum')}
        </button>
      </form>
    </search>
  );
}
