/**
 * What other features may use of people on photos (web/README.md, "Between features"): "who is in
 * the picture" on the media page (drawn with it, working without script), and the lightbox's "show
 * who is here", loaded only when a visitor turns it on (a chunk of its own). Staff mark people on an
 * image on the people screen (/admin/people?media=<id>), which media management links to.
 */
export { WhoIsHere } from './components/who-is-here.tsx';
export const loadLightboxPeople = () => import('./components/lightbox-people.tsx');
