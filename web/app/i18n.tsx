import { createContext, type ReactNode, useCallback, useContext } from 'react';

export type Vars = Record<string, string | number>;
export type Translate = (key: string, fallback: string, vars?: Vars) => string;

/**
 * Every visible text goes through `t(key, fallback)`. The messages map is empty for now; the
 * translations feature fills it from the translations table so admins can edit the texts.
 */
const MessagesContext = createContext<Readonly<Record<string, string>>>({});

export function I18nProvider({
  messages = {},
  children,
}: {
  messages?: Readonly<Record<string, string>>;
  children: ReactNode;
}) {
  return <MessagesContext value={messages}>{children}</MessagesContext>;
}

/** Replaces `{name}` placeholders with the given values. */
function fill(text: string, vars?: Vars): string {
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

export function useT(): Translate {
  const messages = useContext(MessagesContext);
  return useCallback<Translate>((key, fallback, vars) => fill(messages[key] ?? fallback, vars), [messages]);
}
