import { z } from 'zod';
import { flagFilter, listQuery, listResponse } from './list.ts';
import { optionalText } from './api/shared.ts';
import { DEFAULT_LANGUAGE, LANGUAGES, TRANSLATION_STATUSES } from './enums.ts';

/**
 * The texts of the site (admin-back-office.md: Translations). Every visible string of the web goes
 * through `t(key, fallback)`; the translations table overrides the fallback per language.
 */
export { DEFAULT_LANGUAGE, type Language, LANGUAGES } from './enums.ts';

export const TRANSLATION_KEY_MAX = 200;
export const TRANSLATION_TEXT_MAX = 10_000;

export const translationStatus = z.enum(TRANSLATION_STATUSES);
export type TranslationStatus = z.infer<typeof translationStatus>;

/**
 * The texts only the back-office shows, by the start of their keys: the public pages are sent
 * without them (some 45 kB of the 70 kB of texts), and the back-office asks for them when one of
 * its screens opens. The staff's menu in the header and the submit page's file drop area are
 * public pages' texts whose keys start with 'admin.'. `npx tsx scripts/texts.ts --check` fails
 * when a public page uses a back-office text.
 */
export const BACK_OFFICE_TEXTS = ['admin.', 'activity.', 'id_search.', 'list.', 'confirm.'] as const;
const PUBLIC_ADMIN_TEXTS = ['admin.nav.', 'admin.upload.drop.', 'admin.upload.refused.'] as const;

/** Whether the public pages show the text of `key` (see BACK_OFFICE_TEXTS). */
export function isPublicText(key: string): boolean {
  return (
    !BACK_OFFICE_TEXTS.some((prefix) => key.startsWith(prefix)) ||
    PUBLIC_ADMIN_TEXTS.some((prefix) => key.startsWith(prefix))
  );
}

export const TEXT_SCOPES = ['public', 'all'] as const;
export type TextScope = (typeof TEXT_SCOPES)[number];

/**
 * GET /api/translations?lang=[&scope=public] — the messages of one language, key → text: every
 * text, or with scope=public those of the public pages only.
 */
export const messagesQuery = z.object({
  lang: z.enum(LANGUAGES).default(DEFAULT_LANGUAGE),
  scope: z.enum(TEXT_SCOPES).default('all'),
});
export const messagesResponse = z.object({
  lang: z.enum(LANGUAGES),
  messages: z.record(z.string(), z.string()),
});
export type MessagesResponse = z.infer<typeof messagesResponse>;

export const translation = z.object({
  id: z.uuid(),
  key: z.string(),
  faroeseText: z.string(),
  englishText: z.string().nullable(),
  context: z.string().nullable(),
  component: z.string().nullable(),
  status: translationStatus,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Translation = z.infer<typeof translation>;

export const translationResponse = z.object({ translation });
/** The admin table's query and answer (common/list.ts). */
export const translationListQuery = listQuery(['key'], {
  status: translationStatus.optional(),
  component: z.string().trim().max(100).optional(),
  missingEnglish: flagFilter,
});
export const translationListResponse = listResponse(translation);
/** The export: a JSON file of key → faroese_text (admin-back-office.md §7). */
export const translationExport = z.record(z.string(), z.string());

/** Keys are dotted names such as 'nav.submit': no spaces, so they read the same everywhere. */
const translationKey = z
  .string()
  .trim()
  .min(1, 'Key is required')
  .max(TRANSLATION_KEY_MAX)
  .regex(/^\S+$/, 'Key must not contain spaces');

const requiredText = z.string().trim().min(1, 'Faroese text is required').max(TRANSLATION_TEXT_MAX);

/** Translation create: key and faroese_text required; the rest optional, null if empty. */
export const createTranslationBody = z.object({
  key: translationKey,
  faroeseText: requiredText,
  englishText: optionalText(TRANSLATION_TEXT_MAX),
  context: optionalText(1000),
  component: optionalText(200),
  status: translationStatus.optional(),
});
export type CreateTranslationBody = z.input<typeof createTranslationBody>;

/** An inline edit: any of the fields; absent fields stay as they are. */
export const updateTranslationBody = z.object({
  key: translationKey.optional(),
  faroeseText: requiredText.optional(),
  englishText: optionalText(TRANSLATION_TEXT_MAX),
  context: optionalText(1000),
  component: optionalText(200),
  status: translationStatus.optional(),
});
export type UpdateTranslationBody = z.input<typeof updateTranslationBody>;

/** The spec's error texts of the translations screen. */
export const TRANSLATION_ERRORS = {
  load: 'Failed to load translations',
  update: 'Failed to update translation',
  create: 'Failed to create translation',
  delete: 'Failed to delete translation',
} as const;

export const duplicateKeyMessage = (key: string) => `A translation with the key "${key}" already exists.`;

/** GET /api/admin/translations/stats: the screen's stats, progress and its component filter. */
export const translationStats = z.object({
  total: z.number().int().nonnegative(),
  complete: z.number().int().nonnegative(),
  incomplete: z.number().int().nonnegative(),
  needsReview: z.number().int().nonnegative(),
  missingEnglish: z.number().int().nonnegative(),
  /** complete / total in percent, rounded (admin-back-office.md §9); 0 for an empty table. */
  progress: z.number().int().min(0).max(100),
  /** Every component in use, for the filter. */
  components: z.array(z.string()),
});
export type TranslationStats = z.infer<typeof translationStats>;

/** complete / total, rounded (admin-back-office.md §9). */
export const translationProgress = (complete: number, total: number) =>
  total === 0 ? 0 : Math.round((complete / total) * 100);

/**
 * GET /api/admin/translations/export[?include=english]: the spec's file (key → faroese_text), or
 * with `include=english` one a translator can work from (key → { faroese, english }).
 */
export const translationExportQuery = z.object({ include: z.enum(['english']).optional() });
export const translationExportWithEnglish = z.record(
  z.string(),
  z.object({ faroese: z.string(), english: z.string().nullable() }),
);
export const translationExportAny = z.union([translationExport, translationExportWithEnglish]);
export const TRANSLATION_EXPORT_FILES = {
  faroese: 'translations.json',
  english: 'translations-with-english.json',
} as const;

/** POST /api/admin/translations/seed: the default texts whose key is missing are added. */
export const seedTranslationsResponse = z.object({ added: z.number().int().nonnegative() });
