/**
 * What other features may use of media (web/README.md, "Between features"): an item and its details
 * (the lightbox), its query options, and the keys to invalidate after a change that touches items.
 */
export { getMediaQueryOptions, useMedia } from './api/get-media.ts';
export { mediaKeys } from './api/media-keys.ts';
export { MediaInfoSections } from './components/media-info.tsx';
export { RightsChoices, useRightsOptions } from './components/rights-statement.tsx';
/** Deep zoom, a chunk of its own with OpenSeadragon: loaded only when a visitor asks to zoom. */
export const loadDeepZoom = () => import('./components/deep-zoom.tsx');
