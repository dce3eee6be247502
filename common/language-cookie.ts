import { DEFAULT_LANGUAGE, type Language, LANGUAGES } from './enums.ts';

/**
 * The visitor's language is kept in the browser (localStorage, web/features/translations) and
 * mirrored in this cookie, so the server can write the page's `<html lang>`, its head texts and
 * its embedded texts in that language on the first load. Not a session: any visitor may have it.
 */
export const LANGUAGE_COOKIE = 'archive_language';

/** One year: the choice lasts as long as the stored one would. */
const MAX_AGE_S = 365 * 24 * 60 * 60;

/** The `document.cookie` assignment that records `lang`. */
export function languageCookie(lang: Language): string {
  return `${LANGUAGE_COOKIE}=${lang}; path=/; max-age=${MAX_AGE_S}; samesite=lax`;
}

/** The language named by a request's Cookie header; the default when there is none or it is unknown. */
export function languageFromCookies(header: string | undefined): Language {
  for (const part of (header ?? '').split(';')) {
    const [name, value] = part.split('=').map((s) => s.trim());
    if (name === LANGUAGE_COOKIE && (LANGUAGES as readonly string[]).includes(value ?? '')) {
      return value as Language;
    }
  }
  return DEFAULT_LANGUAGE;
}
