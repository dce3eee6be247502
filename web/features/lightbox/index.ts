/** What other features may use of the lightbox (web/README.md, "Between features"): the viewer, loaded when an image opens. */
export { Lightbox } from './components/lightbox.tsx';
