import { useId } from 'react';
import { MEDIA_TYPES } from '#common/enums.ts';
import { useT } from '#web/app/i18n.tsx';
import type { PublicCategory } from '../api/get-public-categories.ts';

/** The look of the gallery's and the map's filter controls. */
export const filterControl =
  'rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-700';

/** The category filter, labelled; a category a shared link names that the list lacks is kept. */
export function CategoryField({
  value,
  categories,
  onChange,
}: {
  value: string;
  categories: PublicCategory[];
  onChange: (category: string) => void;
}) {
  const t = useT();
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {t('gallery.category.label', 'Bólkur')}
      </label>
      <select
        id={id}
        name="category"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={filterControl}
      >
        <option value="">{t('gallery.category.all', 'Allir bólkar')}</option>
        {categories.map((category) => (
          <option key={category.id} value={category.id}>
            {category.name}
          </option>
        ))}
        {/* A shared link may name a category this list no longer has. */}
        {value && !categories.some((c) => c.id === value) && (
          <option value={value}>{t('gallery.category.unknown', 'Ókendur bólkur')}</option>
        )}
      </select>
    </div>
  );
}

/** The media type filter, labelled. */
export function TypeField({ value, onChange }: { value: string; onChange: (type: string) => void }) {
  const t = useT();
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {t('gallery.type.label', 'Slag')}
      </label>
      <select
        id={id}
        name="type"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={filterControl}
      >
        <option value="">{t('gallery.type.all', 'Øll sløg')}</option>
        {MEDIA_TYPES.map((type) => (
          <option key={type} value={type}>
            {/* The texts media.type.image, .video, .audio, .document (web/features/media). */}
            {t(`media.type.${type}`, type)}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The filters a form has no control for (the timeline's period, the place), kept when it is sent
 * without script.
 */
export function KeptFilters({ period, place }: { period: string; place: string }) {
  return (
    <>
      {period && <input type="hidden" name="period" value={period} />}
      {place && <input type="hidden" name="place" value={place} />}
    </>
  );
}
