import { AudioLines, FileText, Film } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useT } from '#web/app/i18n.tsx';
import { MediaImage } from '#web/components/media-image.tsx';
import type { Slide } from '../api/get-slideshow.ts';

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

/** Every slide as a small picture; choosing one shows that slide. The current one is marked. */
export function ThumbnailStrip({
  slides,
  current,
  onChoose,
}: {
  slides: readonly Slide[];
  current: number;
  onChoose: (index: number) => void;
}) {
  const t = useT();
  const listRef = useRef<HTMLOListElement>(null);

  // Keep the current slide's thumbnail in view as the show moves on.
  useEffect(() => {
    const button = listRef.current?.children[current];
    if (button instanceof HTMLElement) button.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [current]);

  return (
    <ol
      ref={listRef}
      aria-label={t('slideshow.thumbnails', 'Slides')}
      className="mx-auto flex w-fit max-w-full gap-2 overflow-x-auto px-1 py-2"
    >
      {slides.map((slide, index) => {
        const { media } = slide;
        const label = t('slideshow.go_to', 'Slide {n}: {title}', {
          n: index + 1,
          title: slide.caption || media.title,
        });
        const Icon = media.mediaType === 'video' ? Film : media.mediaType === 'audio' ? AudioLines : FileText;
        const hasPicture = Boolean(media.files.thumb ?? media.files.poster ?? media.files.waveform);
        return (
          <li key={`${slide.mediaId}-${slide.orderIndex}`} className="shrink-0">
            <button
              type="button"
              aria-label={label}
              title={label}
              aria-current={index === current ? 'true' : undefined}
              onClick={() => onChoose(index)}
              className={`flex h-14 w-20 items-center justify-center overflow-hidden rounded border-2 bg-slate-800 ${
                index === current ? 'border-white' : 'border-transparent opacity-70 hover:opacity-100'
              } ${focusRing}`}
            >
              {hasPicture ? (
                <MediaImage item={media} sizes="80px" alt="" className="h-full w-full object-cover" />
              ) : (
                <Icon aria-hidden="true" className="size-6 text-slate-200" />
              )}
            </button>
          </li>
        );
      })}
    </ol>
  );
}
