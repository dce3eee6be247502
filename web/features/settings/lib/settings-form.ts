import { z } from 'zod';
import { CUSTOM_CARD_URL_MESSAGE } from '#common/api/settings.ts';
import { DEFAULT_RIGHTS, RIGHTS_URIS, rightsStatement } from '#common/rights.ts';
import { isSafeLinkUrl } from '#common/safe-url.ts';
import type { SettingKey } from '../api/site-settings.ts';

const text = z.string().max(2000);
/** The form's values: the flags as booleans; stored as 'true'/'false' (admin-back-office.md §3). */
export const settingsForm = z.object({
  site_title: text,
  site_description: text,
  document_button_text: text,
  slideshow_enabled: z.boolean(),
  custom_card_enabled: z.boolean(),
  custom_card_title: text,
  custom_card_description: text,
  custom_card_button_text: text,
  custom_card_file_url: text.refine(
    (url) => url.trim() === '' || isSafeLinkUrl(url),
    CUSTOM_CARD_URL_MESSAGE,
  ),
  custom_card_show_in_header: z.boolean(),
  custom_card_show_above_gallery: z.boolean(),
  default_rights: z.enum(RIGHTS_URIS),
  watermark_follows_rights: z.boolean(),
});
export type SettingsForm = z.output<typeof settingsForm>;

const FLAGS = [
  'slideshow_enabled',
  'custom_card_enabled',
  'custom_card_show_in_header',
  'custom_card_show_above_gallery',
  'watermark_follows_rights',
] as const;

/** The stored settings as the form's values (unknown rights as the default). */
export function toForm(settings: Record<string, string>): SettingsForm {
  const value = (key: SettingKey) => settings[key] ?? '';
  return {
    site_title: value('site_title'),
    site_description: value('site_description'),
    document_button_text: value('document_button_text'),
    custom_card_title: value('custom_card_title'),
    custom_card_description: value('custom_card_description'),
    custom_card_button_text: value('custom_card_button_text'),
    custom_card_file_url: value('custom_card_file_url'),
    default_rights: rightsStatement(value('default_rights'))?.uri ?? DEFAULT_RIGHTS,
    ...(Object.fromEntries(FLAGS.map((key) => [key, settings[key] === 'true'])) as Record<
      (typeof FLAGS)[number],
      boolean
    >),
  };
}

/** The form's values as stored: flags as 'true'/'false', texts trimmed. */
export function fromForm(values: SettingsForm): Record<SettingKey, string> {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      typeof value === 'boolean' ? String(value) : value.trim(),
    ]),
  ) as Record<SettingKey, string>;
}
