/**
 * What other features may use of categories (web/README.md, "Between features"): their query keys
 * (a change to items refreshes the counts; the gallery's public list lives under them), and the
 * staff's list of every category.
 */
export { categoryKeys, getAdminCategoriesQueryOptions } from './api/category-keys.ts';
