/** What the rest of the server may use of the slideshows besides their service: a slideshow page's card (server/web). */
export { getSlideshow } from './slideshows.repository.ts';
