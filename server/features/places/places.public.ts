/**
 * What another feature may use of the places besides their service: an item's place is checked and
 * its point taken when staff choose it (media), and its names shown (media, interop).
 */
export { getPlace } from './places.repository.ts';
export { presentPlace } from './places.presenter.ts';
