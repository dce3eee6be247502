/** What another feature may use of the gallery besides its service: its orders (the staff media list sorts as it does). */
export { GALLERY_ORDERS } from './gallery.repository.ts';
