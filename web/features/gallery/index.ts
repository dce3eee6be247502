/**
 * What other features may use of the gallery: the public settings it reads (and their query
 * options, which the settings screen writes its answer into), and for the map (which filters as
 * the gallery does) the categories, the timeline's counts and the timeline itself.
 */
export { getPublicSettingsQueryOptions, usePublicSettings } from './api/get-public-settings.ts';
export { usePublicCategories } from './api/get-public-categories.ts';
export { useTimeline } from './api/get-timeline.ts';
export { Timeline } from './components/timeline.tsx';
export { CategoryField, filterControl, KeptFilters, TypeField } from './components/filter-fields.tsx';
