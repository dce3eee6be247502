import { FileText, Film, Music } from 'lucide-react';
import type { MediaItem } from '#common/api/media.ts';

/** The item's thumbnail, or an icon of its type where there is none (yet). */
export function MediaThumb({
  item,
  className = 'size-16',
}: {
  item: Pick<MediaItem, 'files' | 'width' | 'height' | 'mediaType'>;
  className?: string;
}) {
  const src = item.files.thumb ?? item.files.poster ?? item.files.waveform;
  if (src) {
    return (
      <img
        src={src}
        alt=""
        loading="lazy"
        width={item.width ?? 4}
        height={item.height ?? 3}
        className={`${className} shrink-0 rounded bg-slate-100 object-cover`}
      />
    );
  }
  const Icon = item.mediaType === 'video' ? Film : item.mediaType === 'audio' ? Music : FileText;
  return (
    <span
      className={`${className} inline-flex shrink-0 items-center justify-center rounded bg-slate-100 text-slate-600`}
    >
      <Icon aria-hidden="true" className="size-6" />
    </span>
  );
}
