/** What another feature may use of the categories besides their service: an item's category is checked. */
export { getCategory } from './categories.repository.ts';
