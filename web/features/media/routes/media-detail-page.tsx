import { ArrowLeft, Download, Share2, ZoomIn } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '#common/paths.ts';
import type { MediaItem } from '#common/api/media.ts';
import { useDocumentTitle } from '#web/app/document-title.ts';
import { useT } from '#web/app/i18n.tsx';
import { secondaryButton } from '#web/components/button.tsx';
import { ShareByHand } from '#web/components/share-by-hand.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { useMissingItem } from '#web/lib/boot-data.ts';
import { useShare } from '#web/lib/share.ts';
import { KnowledgeForm } from '#web/features/knowledge/index.ts';
import { WhoIsHere } from '#web/features/people/index.ts';
import { mediaPath, useMedia } from '../api/get-media.ts';
import { useRecordView } from '../api/record-view.ts';
import {
  AttributionLine,
  CreditsLine,
  IdLine,
  ItemMap,
  MoreFromLinks,
} from '../components/media-info-lines.tsx';
import {
  ArchivalSection,
  BasicInfoSection,
  HistoricalContextSection,
  KeywordsSection,
  RightsSection,
  TechnicalNotesSection,
  TechnicalSection,
} from '../components/media-info-sections.tsx';
import { FavoriteButton, FullscreenButton, IiifManifestLink } from '../components/media-detail-buttons.tsx';
import { LoadFailed, MediaNotFound } from '../components/media-detail-states.tsx';
import { MediaViewer, useFullscreen } from '../components/media-viewer.tsx';
import { downloadUrl } from '../lib/media-format.ts';

/** Deep zoom (OpenSeadragon on the IIIF image service): loaded only when asked for. */
const DeepZoom = lazy(() => import('../components/deep-zoom.tsx'));

/** Media detail (/media/:id), public-site.md §2 and §4. */
export function MediaDetailPage() {
  const t = useT();
  const { id = '' } = useParams();
  const query = useMedia(id);
  const { data: media, error, isPending, refetch } = query;
  const views = useCountedView(media);
  // A malformed id (400) is as missing as an unknown one.
  const missing = useMissingItem(mediaPath(id), query);
  useDocumentTitle(media?.title ?? (missing ? t('media.not_found.title', 'Media Not Found') : null));

  if (missing) return <MediaNotFound />;
  if (isPending) return <Spinner text={t('media.loading', 'Loading...')} />;
  if (error) return <LoadFailed onRetry={() => refetch()} />;
  return <MediaDetail media={media} views={views ?? media.viewCount + 1} />;
}

/**
 * Opening the page counts one view (§4): one POST per page open, guarded so that React's
 * development double effects do not count twice. Shows the server's new count once it answers,
 * and the loaded count plus one until then.
 */
function useCountedView(media: MediaItem | undefined): number | undefined {
  const counted = useRef<string | null>(null);
  const { mutate, data, variables } = useRecordView();
  useEffect(() => {
    if (!media || counted.current === media.id) return;
    counted.current = media.id;
    mutate(media.id);
  }, [media, mutate]);
  return media && variables === media.id ? data : undefined;
}

function MediaDetail({ media, views }: { media: MediaItem; views: number }) {
  const t = useT();
  const { share, copied, byHand } = useShare();
  const fullscreen = useFullscreen<HTMLDivElement>();
  const fullscreenButton = useRef<HTMLButtonElement>(null);
  const wasFullscreen = useRef(false);
  // Back from fullscreen, focus returns to the button that opened it.
  useEffect(() => {
    if (wasFullscreen.current && !fullscreen.isFullscreen) fullscreenButton.current?.focus();
    wasFullscreen.current = fullscreen.isFullscreen;
  }, [fullscreen.isFullscreen]);

  const isImage = media.mediaType === 'image';
  // Deep zoom needs the IIIF image service, which serves public images only.
  const canZoom = isImage && media.isPublic && media.processingStatus === 'ready';
  const [zooming, setZooming] = useState(false);
  const zoomButton = useRef<HTMLButtonElement>(null);
  const closeZoom = () => {
    setZooming(false);
    requestAnimationFrame(() => zoomButton.current?.focus());
  };

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8">
      <Link
        to={paths.home}
        className="inline-flex items-center gap-1 text-sm font-medium text-blue-700 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('media.back_to_gallery', 'Back to Gallery')}
      </Link>
      <h1 className="mt-3 text-3xl font-bold break-words text-slate-900">{media.title}</h1>

      <div className="mt-6 grid gap-8 lg:grid-cols-3">
        <div className="space-y-5 lg:col-span-2">
          {zooming ? (
            <Suspense fallback={<Spinner text={t('media.loading', 'Loading...')} />}>
              <DeepZoom id={media.id} title={media.title} onClose={closeZoom} />
            </Suspense>
          ) : (
            <MediaViewer
              item={media}
              fullscreenRef={fullscreen.ref}
              isFullscreen={fullscreen.isFullscreen}
              onExitFullscreen={fullscreen.exit}
            />
          )}

          <div className="flex flex-wrap items-center gap-2">
            <FavoriteButton id={media.id} />
            {media.files.download && (
              <a href={downloadUrl(media.files.download)} download className={secondaryButton}>
                <Download aria-hidden="true" className="size-5" />
                {t('media.download', 'Download')}
              </a>
            )}
            <button type="button" className={secondaryButton} onClick={() => share(media)}>
              <Share2 aria-hidden="true" className="size-5" />
              {t('media.share', 'Share')}
            </button>
            {isImage && <FullscreenButton buttonRef={fullscreenButton} onClick={fullscreen.enter} />}
            {canZoom && !zooming && (
              <button
                ref={zoomButton}
                type="button"
                className={secondaryButton}
                onClick={() => setZooming(true)}
              >
                <ZoomIn aria-hidden="true" className="size-5" />
                {t('media.deep_zoom', 'Zoom in')}
              </button>
            )}
          </div>
          <div role="status">
            {copied && (
              <p className="rounded-md border border-green-200 bg-green-50 px-4 py-2 text-sm text-green-800">
                {t('share.copied', 'Link copied! Paste to share')}
              </p>
            )}
          </div>
          {byHand?.id === media.id && <ShareByHand url={byHand.url} className="max-w-xl" />}

          {media.description && <p className="whitespace-pre-line text-slate-800">{media.description}</p>}
          <AttributionLine item={media} />
          <CreditsLine item={media} />
          {/* Who is in the picture (issue 29 §2): boxes on demand, a name suggested; works before the script. */}
          {media.isPublic && isImage && (
            <WhoIsHere
              mediaId={media.id}
              title={media.title}
              src={media.files.display ?? media.files.medium}
              width={media.width}
              height={media.height}
            />
          )}
          {/* What visitors know about a public item (issue 29): works before the script arrives. */}
          {media.isPublic && <KnowledgeForm mediaId={media.id} />}
        </div>

        <div className="space-y-6">
          <BasicInfoSection item={media} level={2} views={views} showTitle={false} />
          <ArchivalSection item={media} level={2} />
          <ItemMap item={media} />
          <MoreFromLinks item={media} />
          <HistoricalContextSection item={media} level={2} />
          <TechnicalNotesSection item={media} level={2} />
          <TechnicalSection item={media} level={2} />
          <RightsSection item={media} level={2} withAttributionText />
          <KeywordsSection item={media} level={2} />
          <IdLine item={media} />
          {media.isPublic && <IiifManifestLink id={media.id} />}
        </div>
      </div>
    </div>
  );
}
