/** What other features may use of search: the ID search dialog. */
export { IdSearchDialog } from './components/id-search-dialog.tsx';
