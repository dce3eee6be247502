import { ArrowDown, ArrowUp, Check, Search, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useId, useState } from 'react';
import type { MediaItem } from '#common/api/media.ts';
import type { AdminSlideshowDetail } from '#common/api/slideshows.ts';
import { DEFAULT_SLIDE_DURATION_S } from '#common/limits.ts';
import { useT } from '#web/app/i18n.tsx';
import { Button, primaryButton, secondaryButton } from '#web/components/button.tsx';
import { ModalContent } from '#web/components/modal.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { toast } from '#web/components/toaster.tsx';
import { useErrorText } from '#web/lib/error-text.ts';
import { MediaThumb } from '#web/components/media-thumb.tsx';
import {
  useAdminSlideshow,
  useCreateSlideshow,
  usePickerMedia,
  useUpdateSlideshow,
} from '../api/admin-slideshows.ts';
import { canMove as canMoveIn, moveSlide, previewOf } from '../lib/slide-draft.ts';

const control =
  'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-700';
const small =
  'block w-full rounded-md border border-slate-400 bg-white px-2 py-1 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-700';
const label = 'block text-sm font-medium text-slate-800';
const iconButton =
  'inline-flex items-center justify-center rounded-md border border-slate-400 bg-white p-1.5 text-slate-800 hover:bg-slate-100 disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700';

type Thumbable = Pick<MediaItem, 'id' | 'title' | 'files' | 'width' | 'height' | 'mediaType'>;

/** A slide on the dialog: an existing one (`slideId`) or a newly picked item. */
interface DraftSlide {
  slideId: string | null;
  media: Thumbable;
  duration: number;
  caption: string;
}

const slideKey = (slide: DraftSlide) => `${slide.slideId ?? 'new'}-${slide.media.id}`;

/** Open for a new slideshow (`null` id) or for editing one. */
export type DialogTarget = { mode: 'create' } | { mode: 'edit'; id: string };

/**
 * The create/edit dialog (admin-back-office.md "Slideshows", §4, §5, §7): title, description, the
 * toggles, a media picker with search, the selected preview (24 thumbnails, then '+N'), and the
 * slides in order with Move up/Move down buttons (keyboard-operable), duration (default 5 s) and
 * caption. Creating needs one item; editing appends new items after the existing slides.
 */
export function SlideshowDialog({ target, onClose }: { target: DialogTarget | null; onClose: () => void }) {
  const t = useT();
  const editId = target?.mode === 'edit' ? target.id : null;
  const detail = useAdminSlideshow(editId);
  const errorText = useErrorText();
  return (
    <Dialog.Root open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <ModalContent
        title={
          target?.mode === 'edit'
            ? t('admin.slideshows.edit_title', 'Edit Slideshow')
            : t('admin.slideshows.create_title', 'Create Slideshow')
        }
        description={t(
          'admin.slideshows.dialog_description',
          'Choose media, put the slides in order and give each a duration and caption.',
        )}
        closeLabel={t('admin.slideshows.close', 'Close')}
      >
        {target?.mode === 'create' && <SlideshowForm initial={null} onClose={onClose} />}
        {target?.mode === 'edit' &&
          (detail.isPending ? (
            <Spinner text={t('admin.slideshows.loading_one', 'Loading slideshow...')} />
          ) : detail.error ? (
            <p
              role="alert"
              className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800"
            >
              {errorText(detail.error, {
                '*': t('admin.slideshows.load_data_failed', 'Failed to load data'),
              })}
            </p>
          ) : (
            <SlideshowForm key={detail.data.id} initial={detail.data} onClose={onClose} />
          ))}
      </ModalContent>
    </Dialog.Root>
  );
}

function SlideshowForm({ initial, onClose }: { initial: AdminSlideshowDetail | null; onClose: () => void }) {
  const t = useT();
  const errorText = useErrorText();
  const create = useCreateSlideshow();
  const update = useUpdateSlideshow();
  const ids = { title: useId(), description: useId(), search: useId(), error: useId() };
  const [title, setTitle] = useState(initial?.title ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [isPublic, setIsPublic] = useState(initial?.isPublic ?? false);
  const [isFeatured, setIsFeatured] = useState(initial?.isFeatured ?? false);
  const [slides, setSlides] = useState<DraftSlide[]>(
    () =>
      initial?.slides.map((slide) => ({
        slideId: slide.id,
        media: slide.media,
        duration: slide.duration,
        caption: slide.caption ?? '',
      })) ?? [],
  );
  const [q, setQ] = useState('');
  const picker = usePickerMedia(q);
  const [error, setError] = useState<string | null>(null);
  const pending = create.isPending || update.isPending;

  const existingCount = slides.filter((s) => s.slideId !== null).length;
  const newIds = new Set(slides.filter((s) => s.slideId === null).map((s) => s.media.id));
  const existingIds = new Set(slides.filter((s) => s.slideId !== null).map((s) => s.media.id));

  const togglePick = (media: Thumbable) => {
    setError(null);
    setSlides((current) =>
      newIds.has(media.id)
        ? current.filter((s) => !(s.slideId === null && s.media.id === media.id))
        : [...current, { slideId: null, media, duration: DEFAULT_SLIDE_DURATION_S, caption: '' }],
    );
  };
  /** New items stay after the existing slides (they are appended on save); each moves within its group. */
  const canMove = (index: number, by: -1 | 1) => canMoveIn(slides, index, by);
  const move = (index: number, by: -1 | 1) => {
    const key = slideKey(slides[index]!);
    setSlides((current) => moveSlide(current, index, by));
    // Focus stays on the moved slide's button (or its other one at the end of the list).
    requestAnimationFrame(() => {
      const row = document.querySelector(`[data-slide="${CSS.escape(key)}"]`);
      const same = row?.querySelector<HTMLButtonElement>(`[data-move="${by}"]`);
      const other = row?.querySelector<HTMLButtonElement>(`[data-move="${-by}"]`);
      (same && !same.disabled ? same : other)?.focus();
    });
  };
  const change = (index: number, values: Partial<DraftSlide>) =>
    setSlides((current) => current.map((s, i) => (i === index ? { ...s, ...values } : s)));

  const submit = async () => {
    if (!title.trim()) {
      setError(t('admin.slideshows.title_required', 'Title is required'));
      return;
    }
    // Creating needs one item; an edit may add none, but never leaves the slideshow empty.
    if (slides.length === 0) {
      setError(t('admin.slideshows.select_one', 'Please select at least one media item for the slideshow'));
      return;
    }
    setError(null);
    const slideInput = (s: DraftSlide) => ({ mediaId: s.media.id, duration: s.duration, caption: s.caption });
    try {
      if (!initial) {
        await create.mutateAsync({
          title,
          description,
          isPublic,
          isFeatured,
          slides: slides.map(slideInput),
        });
        toast.success(t('admin.slideshows.created', 'Slideshow created successfully!'));
      } else {
        const added = slides.filter((s) => s.slideId === null);
        const result = await update.mutateAsync({
          id: initial.id,
          body: {
            title,
            description,
            isPublic,
            isFeatured,
            slides: slides
              .filter((s) => s.slideId !== null)
              .map((s) => ({ id: s.slideId!, duration: s.duration, caption: s.caption })),
            add: added.map(slideInput),
          },
        });
        toast.success(
          t('admin.slideshows.updated', 'Slideshow updated successfully! Added {count} new media items.', {
            count: result.added,
          }),
        );
      }
      onClose();
    } catch (failure) {
      setError(errorText(failure, { '*': t('admin.slideshows.save_failed', 'Failed to save slideshow') }));
    }
  };

  const { shown: preview, more } = previewOf(slides);

  return (
    <form
      className="mt-4 space-y-5"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {error && (
        <p
          id={ids.error}
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800"
        >
          {error}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <label htmlFor={ids.title} className={label}>
            {t('admin.slideshows.field.title', 'Title')} *
          </label>
          <input
            id={ids.title}
            required
            maxLength={300}
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
            className={control}
          />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor={ids.description} className={label}>
            {t('admin.slideshows.field.description', 'Description')}
          </label>
          <textarea
            id={ids.description}
            rows={2}
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
            className={control}
          />
        </div>
        <label className="inline-flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="size-4"
            checked={isPublic}
            onChange={(event) => setIsPublic(event.currentTarget.checked)}
          />
          {t('admin.slideshows.field.public', 'Public')}
        </label>
        <label className="inline-flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="size-4"
            checked={isFeatured}
            onChange={(event) => setIsFeatured(event.currentTarget.checked)}
          />
          {t('admin.slideshows.field.featured', 'Featured')}
        </label>
      </div>

      <fieldset className="rounded-lg border border-slate-200 p-3">
        <legend className="px-1 text-sm font-semibold text-slate-900">
          {t('admin.slideshows.picker', 'Choose media')}
        </legend>
        <div className="flex gap-2">
          <div className="grow">
            <label htmlFor={ids.search} className="sr-only">
              {t('admin.slideshows.picker_search', 'Search media')}
            </label>
            <input
              id={ids.search}
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
              const input = event.currentTarget.form?.querySelector<HTMLInputElement>(`[id="${ids.search}"]`);
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
          <p className="mt-3 text-sm text-slate-700">
            {t('admin.slideshows.picker_empty', 'No media found.')}
          </p>
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

      <section aria-labelledby={`${ids.title}-selected`}>
        <h3 id={`${ids.title}-selected`} className="text-sm font-semibold text-slate-900">
          {t('admin.slideshows.selected', 'Selected media ({count})', { count: slides.length })}
        </h3>
        {slides.length > 0 && (
          <ul className="mt-2 flex flex-wrap gap-1" data-testid="selected-preview">
            {preview.map((slide) => (
              <li key={`${slide.slideId ?? 'new'}-${slide.media.id}`}>
                <MediaThumb item={slide.media} className="size-10" />
              </li>
            ))}
            {more > 0 && (
              <li className="inline-flex size-10 items-center justify-center rounded bg-slate-200 text-xs font-semibold text-slate-800">
                +{more}
              </li>
            )}
          </ul>
        )}
      </section>

      {slides.length > 0 && (
        <section aria-labelledby={`${ids.title}-order`}>
          <h3 id={`${ids.title}-order`} className="text-sm font-semibold text-slate-900">
            {t('admin.slideshows.order', 'Slides in order')}
          </h3>
          {initial && existingCount < slides.length && (
            <p className="mt-1 text-xs text-slate-700">
              {t('admin.slideshows.append_note', 'New items are added after the existing slides.')}
            </p>
          )}
          <ol className="mt-2 space-y-2" data-testid="slide-order">
            {slides.map((slide, index) => (
              <SlideRow
                key={slideKey(slide)}
                slide={slide}
                index={index}
                canUp={canMove(index, -1)}
                canDown={canMove(index, 1)}
                onMove={(by) => move(index, by)}
                onChange={(values) => change(index, values)}
                onRemove={() => setSlides((current) => current.filter((_, i) => i !== index))}
              />
            ))}
          </ol>
        </section>
      )}

      <div className="flex justify-end gap-3">
        <Dialog.Close asChild>
          <Button className={secondaryButton}>{t('admin.slideshows.cancel', 'Cancel')}</Button>
        </Dialog.Close>
        <Button type="submit" className={primaryButton} disabled={pending}>
          {initial
            ? t('admin.slideshows.save', 'Save Slideshow')
            : t('admin.slideshows.create_submit', 'Create Slideshow')}
        </Button>
      </div>
    </form>
  );
}

function SlideRow({
  slide,
  index,
  canUp,
  canDown,
  onMove,
  onChange,
  onRemove,
}: {
  slide: DraftSlide;
  index: number;
  canUp: boolean;
  canDown: boolean;
  onMove: (by: -1 | 1) => void;
  onChange: (values: Partial<DraftSlide>) => void;
  onRemove: () => void;
}) {
  const t = useT();
  const durationId = useId();
  const captionId = useId();
  const name = slide.media.title;
  return (
    <li
      data-slide={slideKey(slide)}
      className="flex flex-wrap items-center gap-3 rounded-md border border-slate-200 p-2"
    >
      <span className="w-6 text-right text-sm font-semibold text-slate-700">{index + 1}.</span>
      <MediaThumb item={slide.media} className="size-12" />
      <span className="min-w-24 grow text-sm break-words text-slate-900">
        {name}
        {slide.slideId === null && (
          <span className="ml-2 rounded bg-blue-100 px-1.5 py-0.5 text-xs text-blue-900">
            {t('admin.slideshows.new', 'New')}
          </span>
        )}
      </span>
      <div className="w-20">
        <label htmlFor={durationId} className="block text-xs text-slate-700">
          {t('admin.slideshows.duration', 'Seconds')}
        </label>
        <input
          id={durationId}
          type="number"
          min={1}
          max={3600}
          value={slide.duration}
          onChange={(event) => {
            const value = Number(event.currentTarget.value);
            onChange({
              duration: Number.isFinite(value) && value >= 1 ? Math.min(3600, Math.round(value)) : 1,
            });
          }}
          className={small}
        />
      </div>
      <div className="min-w-40 grow">
        <label htmlFor={captionId} className="block text-xs text-slate-700">
          {t('admin.slideshows.caption', 'Caption')}
        </label>
        <input
          id={captionId}
          maxLength={500}
          value={slide.caption}
          onChange={(event) => onChange({ caption: event.currentTarget.value })}
          className={small}
        />
      </div>
      <div className="flex gap-1">
        <button
          type="button"
          className={iconButton}
          disabled={!canUp}
          data-move="-1"
          onClick={() => onMove(-1)}
          aria-label={t('admin.slideshows.move_up', 'Move {title} up', { title: name })}
        >
          <ArrowUp aria-hidden="true" className="size-4" />
        </button>
        <button
          type="button"
          className={iconButton}
          disabled={!canDown}
          data-move="1"
          onClick={() => onMove(1)}
          aria-label={t('admin.slideshows.move_down', 'Move {title} down', { title: name })}
        >
          <ArrowDown aria-hidden="true" className="size-4" />
        </button>
        <button
          type="button"
          className={iconButton}
          onClick={onRemove}
          aria-label={t('admin.slideshows.remove', 'Remove {title}', { title: name })}
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
    </li>
  );
}
