import { ArrowDown, ArrowUp, X } from 'lucide-react';
import { useId } from 'react';
import type { MediaItem } from '#common/api/media.ts';
import { useT } from '#web/app/i18n.tsx';
import { MediaThumb } from '#web/components/media-thumb.tsx';
import { canMove, moveSlide, previewOf } from '../lib/slide-draft.ts';

const small =
  'block w-full rounded-md border border-slate-400 bg-white px-2 py-1 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-700';
const iconButton =
  'inline-flex items-center justify-center rounded-md border border-slate-400 bg-white p-1.5 text-slate-800 hover:bg-slate-100 disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700';

export type Thumbable = Pick<MediaItem, 'id' | 'title' | 'files' | 'width' | 'height' | 'mediaType'>;

/** A slide on the dialog: an existing one (`slideId`) or a newly picked item. */
export interface DraftSlide {
  slideId: string | null;
  media: Thumbable;
  duration: number;
  caption: string;
}

export const slideKey = (slide: DraftSlide) => `${slide.slideId ?? 'new'}-${slide.media.id}`;

/** The selected media as thumbnails (24, then '+N'). */
export function SelectedPreview({ slides, headingId }: { slides: DraftSlide[]; headingId: string }) {
  const t = useT();
  const { shown: preview, more } = previewOf(slides);
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        {t('admin.slideshows.selected', 'Selected media ({count})', { count: slides.length })}
      </h3>
      {slides.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-1" data-testid="selected-preview">
          {preview.map((slide) => (
            <li key={slideKey(slide)}>
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
  );
}

/**
 * The slides in order, each with Move up/Move down (keyboard-operable), duration and caption. New
 * items stay after the existing slides (they are appended on save); each moves within its group.
 */
export function SlideOrder({
  slides,
  onSlides,
  appending,
  headingId,
}: {
  slides: DraftSlide[];
  onSlides: (update: (current: DraftSlide[]) => DraftSlide[]) => void;
  /** Editing, with new items picked: they are added after the existing slides. */
  appending: boolean;
  headingId: string;
}) {
  const t = useT();
  const move = (index: number, by: -1 | 1) => {
    const key = slideKey(slides[index]!);
    onSlides((current) => moveSlide(current, index, by));
    // Focus stays on the moved slide's button (or its other one at the end of the list).
    requestAnimationFrame(() => {
      const row = document.querySelector(`[data-slide="${CSS.escape(key)}"]`);
      const same = row?.querySelector<HTMLButtonElement>(`[data-move="${by}"]`);
      const other = row?.querySelector<HTMLButtonElement>(`[data-move="${-by}"]`);
      (same && !same.disabled ? same : other)?.focus();
    });
  };
  const change = (index: number, values: Partial<DraftSlide>) =>
    onSlides((current) => current.map((s, i) => (i === index ? { ...s, ...values } : s)));
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        {t('admin.slideshows.order', 'Slides in order')}
      </h3>
      {appending && (
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
            canUp={canMove(slides, index, -1)}
            canDown={canMove(slides, index, 1)}
            onMove={(by) => move(index, by)}
            onChange={(values) => change(index, values)}
            onRemove={() => onSlides((current) => current.filter((_, i) => i !== index))}
          />
        ))}
      </ol>
    </section>
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
