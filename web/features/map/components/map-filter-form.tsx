import { type FormEvent, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { GalleryFilters } from '#common/gallery-filters.ts';
import { useT } from '#web/app/i18n.tsx';
import { primaryButton } from '#web/components/button.tsx';
import { CategoryField, filterControl, KeptFilters, TypeField } from '#web/features/gallery/index.ts';

type Category = Parameters<typeof CategoryField>[0]['categories'][number];

/**
 * The map's filters: the gallery's search, category and type, as a real GET form to /map (without
 * script the server draws the page for it; with it, the URL changes in place). The timeline's
 * period and the place are kept.
 */
export function MapFilterForm({
  filters,
  categories,
}: {
  filters: Omit<GalleryFilters, 'sort'>;
  categories: Category[];
}) {
  const t = useT();
  const [, setSearchParams] = useSearchParams();
  const searchId = useId();
  const { q, category, type, period, place } = filters;
  const [draft, setDraft] = useState(q);
  const [shownQ, setShownQ] = useState(q);
  if (shownQ !== q) {
    setShownQ(q);
    setDraft(q);
  }
  const patch = (changes: Record<string, string>) =>
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { preventScrollReset: true },
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    patch({ q: draft.trim() });
  };
  return (
    <search aria-label={t('gallery.filters.label', 'Leita í savninum')} className="mt-6 block">
      <form
        method="get"
        action="/map"
        onSubmit={submit}
        className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4 lg:flex-row lg:items-end"
      >
        <div className="flex flex-1 flex-col gap-1">
          <label htmlFor={searchId} className="text-sm font-medium text-slate-800">
            {t('gallery.search.label', 'Leita')}
          </label>
          <input
            id={searchId}
            type="search"
            name="q"
            value={draft}
            maxLength={200}
            onChange={(event) => setDraft(event.target.value)}
            className={filterControl}
          />
        </div>
        <CategoryField value={category} categories={categories} onChange={(c) => patch({ category: c })} />
        <TypeField value={type} onChange={(value) => patch({ type: value })} />
        <KeptFilters period={period} place={place} />
        <button type="submit" className={primaryButton}>
          {t('map.search', 'Leita')}
        </button>
      </form>
    </search>
  );
}
