/** What another feature may use of the folders besides their service: an item's folder is checked. */
export { getFolder } from './folders.repository.ts';
