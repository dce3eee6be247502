import { THUMB_STRIP_SPAN, ZOOM_MAX, ZOOM_MIN, ZOOM_STEP } from '#common/limits.ts';

/** Zoom runs from 50% to 300% in 25% steps (public-site.md §4, §9). */
export function zoomIn(zoom: number): number {
  return Math.min(ZOOM_MAX, roundStep(zoom + ZOOM_STEP));
}

export function zoomOut(zoom: number): number {
  return Math.max(ZOOM_MIN, roundStep(zoom - ZOOM_STEP));
}

/** Keeps the value on the 25% grid however many steps were taken. */
function roundStep(value: number) {
  return Math.round(value / ZOOM_STEP) * ZOOM_STEP;
}

/** The index one step away, or null past either end: the lightbox stops at the ends. */
export function neighbourIndex(index: number, count: number, direction: 1 | -1): number | null {
  const next = index + direction;
  return next >= 0 && next < count ? next : null;
}

/** First and last index (inclusive) of the thumbnail strip: 5 before and 5 after the current item. */
export function stripRange(index: number, count: number): [number, number] {
  return [Math.max(0, index - THUMB_STRIP_SPAN), Math.min(count - 1, index + THUMB_STRIP_SPAN)];
}
