import { FileText, Minimize } from 'lucide-react';
import { type RefObject, useEffect, useRef, useState } from 'react';
import type { MediaItem } from '#common/api/media.ts';
import { useT } from '#web/app/i18n.tsx';
import { linkButton } from '#web/components/button.tsx';
import { DETAIL_SIZES } from '#common/responsive-image.ts';
import { MediaImage } from '#web/components/media-image.tsx';
import { downloadUrl } from '../lib/media-format.ts';

/** Where the item itself is saved or read: the public original, else the public download. */
function fileUrl(item: MediaItem) {
  return item.files.original ?? item.files.download;
}

/**
 * Where a sound or video is played: its playable copy when browsers do not play the original
 * (an AVI, a WMV …; made by the server, issue 27 §5), else the file itself.
 */
function playableUrl(item: MediaItem) {
  return item.files.playable ?? fileUrl(item);
}

/** The item on the media page: a picture, a player or a document viewer, by media type. */
export function MediaViewer({
  item,
  fullscreenRef,
  isFullscreen,
  onExitFullscreen,
}: {
  item: MediaItem;
  fullscreenRef: RefObject<HTMLDivElement | null>;
  isFullscreen: boolean;
  onExitFullscreen: () => void;
}) {
  switch (item.mediaType) {
    case 'image':
      return (
        <ImageViewer
          item={item}
          containerRef={fullscreenRef}
          isFullscreen={isFullscreen}
          onExitFullscreen={onExitFullscreen}
        />
      );
    case 'video':
      return <VideoPlayer item={item} />;
    case 'audio':
      return <AudioPlayer item={item} />;
    default:
      return <DocumentViewer item={item} />;
  }
}

function ImageViewer({
  item,
  containerRef,
  isFullscreen,
  onExitFullscreen,
}: {
  item: MediaItem;
  containerRef: RefObject<HTMLDivElement | null>;
  isFullscreen: boolean;
  onExitFullscreen: () => void;
}) {
  const t = useT();
  const exitRef = useRef<HTMLButtonElement>(null);
  // Only what is inside the fullscreen element can be reached, so focus goes to its exit button.
  useEffect(() => {
    if (isFullscreen) exitRef.current?.focus();
  }, [isFullscreen]);

  return (
    <div
      ref={containerRef}
      className={`relative flex items-center justify-center overflow-hidden rounded-lg bg-slate-900 ${
        isFullscreen ? 'h-screen w-screen rounded-none bg-black' : ''
      }`}
    >
      <MediaImage
        item={item}
        sizes={isFullscreen ? '100vw' : DETAIL_SIZES}
        priority
        className={
          isFullscreen
            ? 'h-full max-h-screen w-full object-contain'
            : 'h-auto max-h-[75vh] w-full object-contain'
        }
      />
      {isFullscreen && (
        <button
          ref={exitRef}
          type="button"
          onClick={onExitFullscreen}
          className="absolute top-4 right-4 inline-flex items-center gap-2 rounded-md bg-black/70 px-4 py-2 font-medium text-white hover:bg-black/90"
        >
          <Minimize aria-hidden="true" className="size-5" />
          {t('media.exit_fullscreen', 'Exit fullscreen')}
        </button>
      )}
    </div>
  );
}

function CannotPlay({ item, text }: { item: MediaItem; text: string }) {
  const t = useT();
  const url = fileUrl(item);
  return (
    <p className="mt-2 text-sm text-slate-700">
      {text}{' '}
      {url && (
        <a href={downloadUrl(url)} download className={linkButton}>
          {t('media.download_instead', 'Download the file')}
        </a>
      )}
    </p>
  );
}

function VideoPlayer({ item }: { item: MediaItem }) {
  const t = useT();
  const [failed, setFailed] = useState(false);
  const src = playableUrl(item);
  return (
    <div>
      {/* biome-ignore lint/a11y/useMediaCaption: archive recordings come without captions; the description tells what they hold */}
      <video
        controls
        preload="metadata"
        poster={item.files.poster ?? undefined}
        src={src ?? undefined}
        aria-label={item.title}
        onError={() => setFailed(true)}
        className="aspect-video w-full rounded-lg bg-black"
      />
      {failed && (
        <CannotPlay
          item={item}
          text={t('media.video_unplayable', 'Your browser cannot play this video format.')}
        />
      )}
    </div>
  );
}

function AudioPlayer({ item }: { item: MediaItem }) {
  const t = useT();
  const [failed, setFailed] = useState(false);
  const src = playableUrl(item);
  return (
    <div className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-4">
      {item.files.waveform && (
        <MediaImage
          item={item}
          sizes={DETAIL_SIZES}
          alt={t('media.waveform_alt', 'Waveform of {title}', { title: item.title })}
          className="h-auto w-full"
        />
      )}
      {/* biome-ignore lint/a11y/useMediaCaption: archive recordings come without transcripts; the description tells what they hold */}
      <audio
        controls
        preload="metadata"
        src={src ?? undefined}
        aria-label={item.title}
        onError={() => setFailed(true)}
        className="w-full"
      />
      {failed && (
        <CannotPlay
          item={item}
          text={t('media.audio_unplayable', 'Your browser cannot play this audio format.')}
        />
      )}
    </div>
  );
}

function DocumentViewer({ item }: { item: MediaItem }) {
  const t = useT();
  const src = fileUrl(item);
  const isPdf = item.mimeType === 'application/pdf';
  return (
    <div className="space-y-3">
      {isPdf && src ? (
        <iframe
          src={src}
          title={t('media.pdf_viewer', '{title} (PDF)', { title: item.title })}
          className="h-[80vh] w-full rounded-lg border border-slate-300 bg-white"
        />
      ) : (
        <div className="flex flex-col items-center gap-2 rounded-lg border border-slate-200 bg-slate-50 p-10 text-slate-700">
          <FileText aria-hidden="true" className="size-16" />
          <p>{t('media.no_preview', 'This document cannot be shown here.')}</p>
        </div>
      )}
      {src && (
        <p className="flex flex-wrap gap-4 text-sm">
          <a href={src} target="_blank" rel="noopener" className={linkButton}>
            {t('media.open_document', 'Open the document in a new tab')}
          </a>
          <a href={downloadUrl(src)} download className={linkButton}>
            {t('media.download_document', 'Download the document')}
          </a>
        </p>
      )}
    </div>
  );
}

/** Fullscreen of one element (the image's frame), following the browser's own state. */
export function useFullscreen<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [isFullscreen, setIsFullscreen] = useState(false);
  useEffect(() => {
    const onChange = () =>
      setIsFullscreen(document.fullscreenElement === ref.current && ref.current !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const enter = async () => {
    try {
      await ref.current?.requestFullscreen();
    } catch {
      // refused (no user gesture, or not allowed in this frame): the page stays as it was
    }
  };
  const exit = async () => {
    if (document.fullscreenElement) await document.exitFullscreen().catch(() => {});
  };
  return { ref, isFullscreen, enter, exit };
}
