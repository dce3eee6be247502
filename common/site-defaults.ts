import type { GENERAL_SETTING_KEYS } from './settings.ts';

/** The spec's defaults for site settings (public-site.md §9, admin-back-office.md §9). */
export const SITE_SETTING_DEFAULTS = {
  document_button_text: 'Mentanardagar skrá',
  site_title: 'Myndasavn',
  site_description: 'Historical Media Archive',
  slideshow_enabled: 'true',
  custom_card_enabled: 'false',
  custom_card_title: 'Special Document',
  custom_card_description: 'Important archive document',
  custom_card_button_text: 'Download',
  custom_card_file_url: '',
  custom_card_show_in_header: 'false',
  custom_card_show_above_gallery: 'false',
  default_rights: 'http://rightsstatements.org/vocab/CNE/1.0/',
  watermark_follows_rights: 'false',
} satisfies Record<(typeof GENERAL_SETTING_KEYS)[number], string>;
