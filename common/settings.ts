/** The site_settings keys of the spec (public-site.md §3, admin-back-office.md §3). */
export const GENERAL_SETTING_KEYS = [
  'document_button_text',
  'site_title',
  'site_description',
  'slideshow_enabled',
  'custom_card_enabled',
  'custom_card_title',
  'custom_card_description',
  'custom_card_button_text',
  'custom_card_file_url',
  'custom_card_show_in_header',
  'custom_card_show_above_gallery',
  /** The rights statement URI new items get unless one is chosen (issue 26 §1). */
  'default_rights',
  /** 'true': items under CC0 or the Public Domain Mark get no watermark (issue 26 §1). */
  'watermark_follows_rights',
] as const;

export const WATERMARK_SETTING_KEYS = [
  'watermark_type',
  'watermark_position',
  'watermark_opacity',
  'watermark_size',
  'watermark_text',
  'watermark_level',
] as const;

/** A key of site_settings: reading one that is not here is a mistake the type checker finds. */
export type SettingKey = (typeof GENERAL_SETTING_KEYS)[number] | (typeof WATERMARK_SETTING_KEYS)[number];
