import { useRef, useState } from 'react';
import { ZOOM_MAX, ZOOM_MIN } from '#common/limits.ts';
import { zoomIn, zoomOut } from './lightbox-rules.ts';

/** A button that just became disabled would drop focus to the page; hand it to its partner. */
export function keepFocus(becameDisabled: boolean, partner: HTMLButtonElement | null) {
  if (becameDisabled) partner?.focus();
}

/**
 * The zoom of the item shown and its deep zoom: both belong to the item they were set on, so
 * moving to another item shows it at 100%, as usual. The zoom buttons keep the focus between them
 * at the ends; closing deep zoom gives it back to its button.
 */
export function useLightboxZoom(itemId: string) {
  const [zoomState, setZoomState] = useState({ id: itemId, zoom: 1 });
  const zoom = zoomState.id === itemId ? zoomState.zoom : 1;
  const setZoom = (next: number) => setZoomState({ id: itemId, zoom: next });
  const [deepZoomId, setDeepZoomId] = useState<string | null>(null);
  const deepZoom = deepZoomId === itemId;
  const zoomInRef = useRef<HTMLButtonElement>(null);
  const zoomOutRef = useRef<HTMLButtonElement>(null);
  const deepZoomRef = useRef<HTMLButtonElement>(null);

  const closeDeepZoom = () => {
    setDeepZoomId(null);
    requestAnimationFrame(() => deepZoomRef.current?.focus());
  };

  const changeZoom = (direction: 1 | -1) => {
    const value = direction === 1 ? zoomIn(zoom) : zoomOut(zoom);
    setZoom(value);
    if (direction === 1) keepFocus(value >= ZOOM_MAX, zoomOutRef.current);
    else keepFocus(value <= ZOOM_MIN, zoomInRef.current);
  };

  return {
    zoom,
    onZoom: changeZoom,
    onReset: () => setZoom(1),
    deepZoom,
    onDeepZoom: () => (deepZoom ? closeDeepZoom() : setDeepZoomId(itemId)),
    closeDeepZoom,
    zoomInRef,
    zoomOutRef,
    deepZoomRef,
  };
}
