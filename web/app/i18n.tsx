import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { LANGUAGE_COOKIE, languageCookie } from '#common/language-cookie.ts';
import type { Language } from '#common/translations.ts';
import { useMessages } from '../features/translations/api/get-messages.ts';
import {
  isLanguage,
  LANGUAGE_STORAGE_KEY,
  readStoredLanguage,
  storeLanguage,
} from '../features/translations/lib/language-storage.ts';

export type Vars = Record<string, string | number>;
export type Translate = (key: string, fallback: string, vars?: Vars) => string;

/**
 * Every visible text goes through `t(key, fallback)`. The messages come from the translations
 * table (GET /api/translations?lang=), so an admin's edit shows without a rebuild; until they
 * arrive each text shows its fallback, the spec's text.
 */
const MessagesContext = createContext<Readonly<Record<string, string>>>({});

interface LanguageState {
  lang: Language;
  setLang: (lang: Language) => void;
}
const LanguageContext = createContext<LanguageState>({ lang: 'fo', setLang: () => {} });

export function I18nProvider({
  messages,
  initialLang = 'fo',
  children,
}: {
  /** Fixed messages instead of the server's (tests and previews). */
  messages?: Readonly<Record<string, string>>;
  /** The language the page is drawn in first: the visitor's cookie, read by the server too. */
  initialLang?: Language;
  children: ReactNode;
}) {
  const [lang, setLangState] = useState<Language>(initialLang);
  const query = useMessages(lang);

  const setLang = useCallback((next: Language) => {
    storeLanguage(next);
    setLangState(next);
  }, []);

  // A choice kept only in the browser (from before the cookie existed) still counts, after the
  // first render, which draws what the server drew.
  useEffect(() => {
    if (document.cookie.split(';').some((part) => part.trim().startsWith(`${LANGUAGE_COOKIE}=`))) return;
    setLangState(readStoredLanguage());
  }, []);

  // The choice made in another tab applies here too.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === LANGUAGE_STORAGE_KEY && isLanguage(event.newValue)) setLangState(event.newValue);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  // Screen readers and hyphenation follow the language of the page; the cookie tells the server,
  // which writes the next page's <html lang> and texts in it (server/web/page-head.ts).
  useEffect(() => {
    document.documentElement.lang = lang;
    // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie; the Cookie Store API is not in every browser
    document.cookie = languageCookie(lang);
  }, [lang]);

  const language = useMemo(() => ({ lang, setLang }), [lang, setLang]);
  const loaded = query.data?.messages;
  return (
    <LanguageContext value={language}>
      <MessagesContext value={messages ?? loaded ?? EMPTY}>{children}</MessagesContext>
    </LanguageContext>
  );
}

const EMPTY: Readonly<Record<string, string>> = Object.freeze({});

/**
 * The back-office's texts: the page carries the public pages' texts only (server/web/boot-data.ts),
 * so a back-office screen asks for all of them and shows `fallback` until they are here (the
 * first time only: they are kept for the next load, get-messages.ts).
 */
export function BackOfficeTexts({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const { lang } = useLanguage();
  const query = useMessages(lang, 'all');
  const loaded = query.data?.messages;
  // Failed: the screen still opens, with the public texts and each t() fallback.
  if (!loaded) return query.isError ? children : fallback;
  return <MessagesContext value={loaded}>{children}</MessagesContext>;
}

/** Replaces `{name}` placeholders with the given values. */
function fill(text: string, vars?: Vars): string {
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

export function useT(): Translate {
  const messages = useContext(MessagesContext);
  return useCallback<Translate>(
    (key, fallback, vars) => fill(Object.hasOwn(messages, key) ? messages[key]! : fallback, vars),
    [messages],
  );
}

/** The language the visitor reads the site in ('fo' by default), and the way to change it. */
export function useLanguage(): LanguageState {
  return useContext(LanguageContext);
}
