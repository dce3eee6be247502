import { DEFAULT_CATEGORY_COLOR } from '#common/limits.ts';

/**
 * The category dialog's choices (admin-back-office.md §9): twelve named colour presets, 24 icons
 * plus 'no icon' (a folder is shown then), and six quick-start templates. The spec names the
 * presets and templates; their values are ours. Names are entries of the texts table
 * (`key`, `label`), so they are translatable.
 */
export const COLOR_PRESETS = [
  { key: 'admin.categories.color.ocean_blue', label: 'Ocean Blue', color: DEFAULT_CATEGORY_COLOR },
  { key: 'admin.categories.color.royal_purple', label: 'Royal Purple', color: '#7C3AED' },
  { key: 'admin.categories.color.emerald_green', label: 'Emerald Green', color: '#10B981' },
  { key: 'admin.categories.color.sunset_red', label: 'Sunset Red', color: '#EF4444' },
  { key: 'admin.categories.color.golden_orange', label: 'Golden Orange', color: '#F97316' },
  { key: 'admin.categories.color.rose_pink', label: 'Rose Pink', color: '#EC4899' },
  { key: 'admin.categories.color.deep_indigo', label: 'Deep Indigo', color: '#4F46E5' },
  { key: 'admin.categories.color.amber_yellow', label: 'Amber Yellow', color: '#F59E0B' },
  { key: 'admin.categories.color.teal_cyan', label: 'Teal Cyan', color: '#14B8A6' },
  { key: 'admin.categories.color.crimson_rose', label: 'Crimson Rose', color: '#BE123C' },
  { key: 'admin.categories.color.sky_cyan', label: 'Sky Cyan', color: '#0EA5E9' },
  { key: 'admin.categories.color.forest_green', label: 'Forest Green', color: '#15803D' },
] as const;

/** Shown when a category has no icon. */
export const FOLDER_ICON = '📁';

/** The 24 icons, each with the name a screen reader says. */
export const CATEGORY_ICONS = [
  { icon: '📷', key: 'admin.categories.icon.camera', label: 'Camera' },
  { icon: '🖼️', key: 'admin.categories.icon.picture', label: 'Framed picture' },
  { icon: '🎞️', key: 'admin.categories.icon.film', label: 'Film' },
  { icon: '🎥', key: 'admin.categories.icon.video', label: 'Video camera' },
  { icon: '🎵', key: 'admin.categories.icon.music', label: 'Music' },
  { icon: '📜', key: 'admin.categories.icon.scroll', label: 'Scroll' },
  { icon: '📚', key: 'admin.categories.icon.books', label: 'Books' },
  { icon: '📰', key: 'admin.categories.icon.newspaper', label: 'Newspaper' },
  { icon: '🏛️', key: 'admin.categories.icon.landmark', label: 'Landmark' },
  { icon: '🏠', key: 'admin.categories.icon.house', label: 'House' },
  { icon: '⛪', key: 'admin.categories.icon.church', label: 'Church' },
  { icon: '🗺️', key: 'admin.categories.icon.map', label: 'Map' },
  { icon: '⛵', key: 'admin.categories.icon.boat', label: 'Sailing boat' },
  { icon: '⚓', key: 'admin.categories.icon.anchor', label: 'Anchor' },
  { icon: '🐟', key: 'admin.categories.icon.fish', label: 'Fish' },
  { icon: '🐑', key: 'admin.categories.icon.sheep', label: 'Sheep' },
  { icon: '🌊', key: 'admin.categories.icon.wave', label: 'Sea' },
  { icon: '⛰️', key: 'admin.categories.icon.mountain', label: 'Mountain' },
  { icon: '🌲', key: 'admin.categories.icon.tree', label: 'Tree' },
  { icon: '🌸', key: 'admin.categories.icon.flower', label: 'Flower' },
  { icon: '👥', key: 'admin.categories.icon.people', label: 'People' },
  { icon: '🎉', key: 'admin.categories.icon.celebration', label: 'Celebration' },
  { icon: '🎭', key: 'admin.categories.icon.culture', label: 'Theatre masks' },
  { icon: '⭐', key: 'admin.categories.icon.star', label: 'Star' },
] as const;

/** The six quick-start templates: each fills name, description, colour and icon, and makes it public. */
export const CATEGORY_TEMPLATES = [
  {
    key: 'admin.categories.template.historical_photos',
    label: 'Historical Photos',
    description: {
      key: 'admin.categories.template.historical_photos_description',
      label: 'Photographs from the past of our villages and people',
    },
    color: '#F59E0B',
    icon: '📷',
  },
  {
    key: 'admin.categories.template.people_portraits',
    label: 'People & Portraits',
    description: {
      key: 'admin.categories.template.people_portraits_description',
      label: 'Portraits of people and families',
    },
    color: '#EC4899',
    icon: '👥',
  },
  {
    key: 'admin.categories.template.events_celebrations',
    label: 'Events & Celebrations',
    description: {
      key: 'admin.categories.template.events_celebrations_description',
      label: 'Festivals, gatherings and celebrations',
    },
    color: '#7C3AED',
    icon: '🎉',
  },
  {
    key: 'admin.categories.template.places_landmarks',
    label: 'Places & Landmarks',
    description: {
      key: 'admin.categories.template.places_landmarks_description',
      label: 'Buildings, villages and landmarks',
    },
    color: DEFAULT_CATEGORY_COLOR,
    icon: '🏛️',
  },
  {
    key: 'admin.categories.template.culture_traditions',
    label: 'Culture & Traditions',
    description: {
      key: 'admin.categories.template.culture_traditions_description',
      label: 'Customs, crafts and traditions',
    },
    color: '#BE123C',
    icon: '🎭',
  },
  {
    key: 'admin.categories.template.nature_landscapes',
    label: 'Nature & Landscapes',
    description: {
      key: 'admin.categories.template.nature_landscapes_description',
      label: 'Landscapes, the sea and the mountains',
    },
    color: '#15803D',
    icon: '⛰️',
  },
] as const;
