/** What other features may use of the gallery: the public settings it reads. */
export { usePublicSettings } from './api/get-public-settings.ts';
