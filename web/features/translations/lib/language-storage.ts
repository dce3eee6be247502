import { DEFAULT_LANGUAGE, type Language, LANGUAGES } from '#common/enums.ts';
import type { TextScope } from '#common/translations.ts';

/** The visitor's choice of language, kept in the browser. */
export const LANGUAGE_STORAGE_KEY = 'archive_language';
/**
 * The last messages seen per language (and scope: the public pages' or all), so a reload shows
 * them at once instead of the fallbacks.
 */
const messagesStorageKey = (lang: Language, scope: TextScope) =>
  scope === 'public' ? `archive_messages_${lang}` : `archive_messages_${lang}_${scope}`;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

// Storage can be missing or refuse access (private windows, blocked cookies): the site still works.
function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Not kept: the choice lasts for this page only.
  }
}

export function readStoredLanguage(): Language {
  const stored = read(LANGUAGE_STORAGE_KEY);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

export function storeLanguage(lang: Language): void {
  write(LANGUAGE_STORAGE_KEY, lang);
}

export function readStoredMessages(lang: Language, scope: TextScope): Record<string, string> | undefined {
  const stored = read(messagesStorageKey(lang, scope));
  if (!stored) return undefined;
  try {
    const parsed: unknown = JSON.parse(stored);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  } catch {
    return undefined;
  }
}

export function storeMessages(lang: Language, scope: TextScope, messages: Record<string, string>): void {
  write(messagesStorageKey(lang, scope), JSON.stringify(messages));
}
