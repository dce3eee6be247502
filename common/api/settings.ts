import { rightsUri } from './rights.ts';
import { z } from 'zod';
import { isSafeLinkUrl } from '../safe-url.ts';
import { GENERAL_SETTING_KEYS } from '../settings.ts';

/** The site settings: public ones, and the staff settings screen. */

export const publicSettingsResponse = z.object({ settings: z.record(z.string(), z.string()) });

/** The custom card's link may only be an http(s) URL or a path on this site ('' = no file). */
export const CUSTOM_CARD_URL_MESSAGE =
  'The file link must start with http://, https:// or / (a page of this site).';

export const updateSettingsBody = z.object({
  settings: z
    .partialRecord(z.enum(GENERAL_SETTING_KEYS), z.string().max(2000))
    .superRefine((settings, issue) => {
      const rights = settings.default_rights;
      if (rights !== undefined && !rightsUri.safeParse(rights).success) {
        issue.addIssue({
          code: 'custom',
          path: ['default_rights'],
          message: 'Choose one of the rights statements',
        });
      }
      const url = settings.custom_card_file_url;
      if (url !== undefined && url.trim() !== '' && !isSafeLinkUrl(url)) {
        issue.addIssue({ code: 'custom', path: ['custom_card_file_url'], message: CUSTOM_CARD_URL_MESSAGE });
      }
    }),
});
