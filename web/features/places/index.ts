/**
 * What other features may use of the places (web/README.md, "Between features"): the list and its
 * query options (the gallery's place chip shares the answer), and the place fields of a staff form
 * (the media edit form: search the list, the point, the file's GPS as a suggestion).
 */
export { getPlacesQueryOptions, usePlaces } from './api/get-places.ts';
export { PlaceFields } from './components/place-fields.tsx';
