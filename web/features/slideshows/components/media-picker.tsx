import { Check, Search } from 'lucide-react';
import { useId, useState } from 'react';
import { useT } from '#web/app/i18n.tsx';
import { Button, secondaryButton } from '#web/components/button.tsx';
import { MediaThumb } from '#web/components/media-thumb.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { useErrorText } from '#web/lib/error-text.ts';
import { usePickerMedia } from '../api/admin-slideshows.ts';
import type { Thumbable } from './slide-rows.tsx';

const control =
  'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-700';

/**
 * 'Choose media': a search (Enter or the button) and the items found; an item is a toggle
 * (pressed when picked; one already in the slideshow is pressed and disabled).
 */
export function MediaPicker({
  existingIds,
  newIds,
  onToggle,
}: {
  existingIds: ReadonlySet<string>;
  newIds: ReadonlySet<string>;
  onToggle: (media: Thumbable) => void;
}) {
  const t = useT();
  const errorText = useErrorText();
  const searchId = useId();
  const [q, setQ] = useState('');
  const picker = usePickerMedia(q);
  const togglePick = onToggle;
  return (
    <fieldset className="rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-900">
        {t('admin.slideshows.picker', 'Choose media')}
      </legend>
      <div className="flex gap-2">
        <div className="grow">
          <label htmlFor={searchId} className="sr-only">
            {t('admin.slideshows.picker_search', 'Search media')}
          </label>
          <input
            id={searchId}
            type="search"
            placeholder={t('admin.slideshows.picker_search', 'Search media')}
            className={control}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                setQ(event.currentTarget.value.trim());
              }
            }}
          />
        </div>
        <Button
          className={`${secondaryButton} mt-1`}
          onClick={(event) => {
            const input = event.currentTarget.form?.querySelector<HTMLInputElement>(`[id="${searchId}"]`);
            setQ(input?.value.trim() ?? '');
          }}
        >
          <Search aria-hidden="true" className="size-4" />
          {t('admin.slideshows.picker_search_button', 'Search')}
        </Button>
      </div>
      {picker.error ? (
        <p role="alert" className="mt-3 text-sm text-red-800">
          {errorText(picker.error, {
            '*': t('admin.slideshows.load_media_failed', 'Failed to load media items'),
          })}
        </p>
      ) : picker.isPending ? (
        <Spinner text={t('admin.slideshows.loading_media', 'Loading media...')} />
      ) : picker.data.items.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">{t('admin.slideshows.picker_empty', 'No media found.')}</p>
      ) : (
        <ul className="mt-3 grid max-h-64 grid-cols-3 gap-2 overflow-y-auto sm:grid-cols-4 md:grid-cols-6">
          {picker.data.items.map((item) => {
            const inShow = existingIds.has(item.id);
            const picked = newIds.has(item.id);
            return (
              <li key={item.id}>
                <button
                  type="button"
                  aria-pressed={picked || inShow}
                  disabled={inShow}
                  onClick={() => togglePick(item)}
                  className={`relative block w-full rounded-md border-2 p-1 text-left text-xs focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:opacity-60 ${
                    picked ? 'border-blue-700 bg-blue-50' : 'border-transparent hover:border-slate-300'
                  }`}
                >
                  <MediaThumb item={item} className="aspect-square w-full" />
                  <span className="mt-1 block truncate text-slate-900">{item.title}</span>
                  {(picked || inShow) && (
                    <span className="absolute top-2 right-2 rounded-full bg-blue-700 p-0.5 text-white">
                      <Check aria-hidden="true" className="size-3" />
                    </span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
