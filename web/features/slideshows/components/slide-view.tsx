import { AudioLines, FileText, Film } from 'lucide-react';
import { MediaImage } from '#web/components/media-image.tsx';
import type { Slide } from '../api/get-slideshow.ts';

// The placeholder fills the letterbox too unless it keeps to the picture's own shape.
const CONTAINED = { backgroundSize: 'contain', backgroundRepeat: 'no-repeat', backgroundPosition: 'center' };

/**
 * One slide's picture, fitted to the screen. Video and audio slides show their poster frame or
 * waveform and do not play here (see SlideshowPlayer); anything without a picture shows an icon
 * and its title.
 */
export function SlideView({ slide }: { slide: Slide }) {
  const { media } = slide;
  const { files } = media;
  const hasPicture = Boolean(
    media.mediaType === 'image' ? (files.thumb ?? files.display) : (files.poster ?? files.waveform),
  );
  if (hasPicture) {
    return (
      <MediaImage
        item={media}
        sizes="100vw"
        priority
        className="h-full w-full object-contain"
        style={CONTAINED}
      />
    );
  }
  const Icon = media.mediaType === 'video' ? Film : media.mediaType === 'audio' ? AudioLines : FileText;
  return (
    <div className="flex flex-col items-center gap-3 text-slate-200">
      <Icon aria-hidden="true" className="size-20" />
      <p className="text-lg">{media.title}</p>
    </div>
  );
}
