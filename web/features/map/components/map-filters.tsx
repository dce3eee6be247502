import { type FormEvent, useId, useState } from 'react';
import { MEDIA_TYPES } from '#common/enums.ts';
import { useT } from '#web/app/i18n.tsx';
import { primaryButton } from '#web/components/button.tsx';

const control =
  'rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-700';

/**
 * The map's filters: a real GET form to /map (without script the server draws the page for it);
 * with script the search is sent with the button and a select changes the address at once.
 */
export function MapFilters({
  q,
  category,
  type,
  period,
  categories,
  patch,
}: {
  q: string;
  category: string;
  type: string;
  period: string;
  categories: readonly { id: string; name: string }[];
  patch: (changes: Record<string, string>) => void;
}) {
  const t = useT();
  const ids = { q: useId(), category: useId(), type: useId() };
  const [draft, setDraft] = useState(q);
  const [shownQ, setShownQ] = useState(q);
  if (shownQ !== q) {
    setShownQ(q);
    setDraft(q);
  }
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
          <label htmlFor={ids.q} className="text-sm font-medium text-slate-800">
            {t('gallery.search.label', 'Leita')}
          </label>
          <input
            id={ids.q}
            type="search"
            name="q"
            value={draft}
            maxLength={200}
            onChange={(event) => setDraft(event.target.value)}
            className={control}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.category} className="text-sm font-medium text-slate-800">
            {t('gallery.category.label', 'Bólkur')}
          </label>
          <select
            id={ids.category}
            name="category"
            value={category}
            onChange={(event) => patch({ category: event.target.value })}
            className={control}
          >
            <option value="">{t('gallery.category.all', 'Allir bólkar')}</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.type} className="text-sm font-medium text-slate-800">
            {t('gallery.type.label', 'Slag')}
          </label>
          <select
            id={ids.type}
            name="type"
            value={type}
            onChange={(event) => patch({ type: event.target.value })}
            className={control}
          >
            <option value="">{t('gallery.type.all', 'Øll sløg')}</option>
            {MEDIA_TYPES.map((value) => (
              <option key={value} value={value}>
                {t(`media.type.${value}`, value)}
              </option>
            ))}
          </select>
        </div>
        {period && <input type="hidden" name="period" value={period} />}
        <button type="submit" className={primaryButton}>
          {t('map.search', 'Leita')}
        </button>
      </form>
    </search>
  );
}
