/**
 * Deep zoom into a public image through its IIIF Image API service (server/features/iiif), with
 * OpenSeadragon. This module (and OpenSeadragon with it) is loaded only when a visitor asks to
 * zoom: `lazy(() => import('./deep-zoom.tsx'))`, so the public pages' first load stays small.
 *
 * Keys, while the zoom area has focus (OpenSeadragon's own): + and − zoom, the arrow keys (and
 * W A S D) pan, 0 goes back to the whole image. The buttons do the same for a mouse or touch.
 */
import { Home, X, ZoomIn, ZoomOut } from 'lucide-react';
import OpenSeadragon from 'openseadragon';
import { useEffect, useRef } from 'react';
import { useT } from '#web/app/i18n.tsx';

const toolButton =
  'inline-flex size-10 items-center justify-center rounded-md bg-white/10 text-white hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

export default function DeepZoom({
  id,
  title,
  onClose,
  className = 'h-[75vh]',
}: {
  /** The item's id: its image service is /iiif/image/3/{id}. */
  id: string;
  title: string;
  onClose: () => void;
  className?: string;
}) {
  const t = useT();
  const element = useRef<HTMLDivElement>(null);
  const viewer = useRef<OpenSeadragon.Viewer | null>(null);
  const areaLabel = t('media.zoom_area', 'Zoomed image: + and − zoom, arrow keys move, 0 resets');

  useEffect(() => {
    if (!element.current) return;
    const opened = OpenSeadragon({
      element: element.current,
      tileSources: `/iiif/image/3/${encodeURIComponent(id)}/info.json`,
      showNavigationControl: false,
      showNavigator: false,
      visibilityRatio: 1,
      minZoomImageRatio: 1,
      maxZoomPixelRatio: 2,
      gestureSettingsMouse: { clickToZoom: false },
    });
    viewer.current = opened;
    // The view's zoom and centre on the element, for tests and for anyone inspecting the page.
    const note = () => {
      const target = element.current;
      if (!target) return;
      const centre = opened.viewport.getCenter();
      target.dataset.zoom = opened.viewport.getZoom().toFixed(3);
      target.dataset.centre = `${centre.x.toFixed(3)},${centre.y.toFixed(3)}`;
    };
    opened.addHandler('animation-finish', note);
    opened.addHandler('open', note);
    // OpenSeadragon's canvas takes the keys: name it, and start there so the keys work at once.
    const canvas = opened.canvas as HTMLElement;
    canvas.setAttribute('role', 'application');
    canvas.classList.add('focus-visible:outline-2', 'focus-visible:outline-blue-400');
    canvas.focus();
    return () => {
      opened.destroy();
      viewer.current = null;
    };
  }, [id]);
  useEffect(() => {
    (viewer.current?.canvas as HTMLElement | undefined)?.setAttribute('aria-label', areaLabel);
  }, [areaLabel]);

  const zoomBy = (factor: number) => {
    const v = viewer.current;
    if (!v) return;
    v.viewport.zoomBy(factor);
    v.viewport.applyConstraints();
  };

  const tools = [
    { label: t('media.zoom_in', 'Zoom in'), Icon: ZoomIn, onClick: () => zoomBy(1.5) },
    { label: t('media.zoom_out', 'Zoom out'), Icon: ZoomOut, onClick: () => zoomBy(1 / 1.5) },
    {
      label: t('media.zoom_reset', 'Show the whole image'),
      Icon: Home,
      onClick: () => viewer.current?.viewport.goHome(),
    },
    { label: t('media.zoom_close', 'Close zoom'), Icon: X, onClick: onClose },
  ];

  return (
    <section
      aria-label={`${t('media.zoom', 'Zoom')}: ${title}`}
      className={`relative overflow-hidden rounded-lg bg-slate-900 ${className}`}
    >
      <div ref={element} className="h-full w-full" data-testid="deep-zoom" />
      <div className="absolute top-3 right-3 flex gap-2">
        {tools.map(({ label, Icon, onClick }) => (
          <button key={label} type="button" className={toolButton} onClick={onClick} aria-label={label}>
            <Icon aria-hidden="true" className="size-5" />
          </button>
        ))}
      </div>
    </section>
  );
}
