import { useCallback } from 'react';
import { ACCOUNT_DEACTIVATED_MESSAGE } from '#common/texts.ts';
import { type Translate, useT } from '../app/i18n.tsx';
import { ApiRequestError } from './api-fetch.ts';

/**
 * What a screen says for each error `code` the API (or better-auth) answers with: a key of the
 * texts table and its English fallback. A screen shows these, in the reader's language, never the
 * server's own sentence, which is in English; that one is the last resort for a code not listed.
 * `{ key, label }` entries are read by scripts/texts.ts like t() calls: each needs a default text.
 */
export const ERROR_TEXTS = {
  UNAUTHORIZED: { key: 'error.UNAUTHORIZED', label: 'Please sign in.' },
  FORBIDDEN: { key: 'error.FORBIDDEN', label: "You don't have permission to do this." },
  NOT_FOUND: { key: 'error.NOT_FOUND', label: 'Not found' },
  VALIDATION_ERROR: { key: 'error.VALIDATION_ERROR', label: 'Please check the highlighted fields.' },
  BAD_REQUEST: { key: 'error.BAD_REQUEST', label: 'The request could not be processed.' },
  INTERNAL: { key: 'error.INTERNAL', label: 'Something went wrong on the server.' },
  RATE_LIMITED: {
    key: 'error.RATE_LIMITED',
    label: 'Too many attempts. Please wait a moment and try again.',
  },
  NETWORK: { key: 'error.NETWORK', label: 'Could not reach the server. Please try again.' },
  INVALID_RESPONSE: { key: 'error.INVALID_RESPONSE', label: 'Invalid server response' },
  INVALID_EMAIL_OR_PASSWORD: { key: 'error.INVALID_EMAIL_OR_PASSWORD', label: 'Invalid email or password' },
  INVALID_EMAIL: { key: 'error.INVALID_EMAIL', label: 'Please enter a valid e-mail address.' },
  USER_ALREADY_EXISTS: {
    key: 'error.USER_ALREADY_EXISTS',
    label: 'An account with this e-mail already exists.',
  },
  PASSWORD_TOO_SHORT: { key: 'error.PASSWORD_TOO_SHORT', label: 'The password is too short.' },
  PASSWORD_TOO_LONG: { key: 'error.PASSWORD_TOO_LONG', label: 'The password is too long.' },
  INVALID_TOKEN: { key: 'error.INVALID_TOKEN', label: 'This reset link is invalid or has expired.' },
  UPLOAD_QUOTA: {
    key: 'error.UPLOAD_QUOTA',
    label: 'You have too many files waiting to be sent; send or remove some, or try again later.',
  },
  UPLOAD_AREA_FULL: {
    key: 'error.UPLOAD_AREA_FULL',
    label: 'The archive cannot take more files right now; please try again later.',
  },
  SUBMISSIONS_FULL: {
    key: 'error.SUBMISSIONS_FULL',
    label:
      'The archive has more files waiting for review than it can hold right now. Please try again in a few days.',
  },
  PLACE_EXISTS: { key: 'error.PLACE_EXISTS', label: 'There is already a place by that name.' },
  PLACE_IN_USE: { key: 'error.PLACE_IN_USE', label: 'Items have this place: give them another place first.' },
  // ACCOUNT_DEACTIVATED_CODE of common/api/shared.ts, written out: that module would bring zod along.
  ACCOUNT_DEACTIVATED: { key: 'auth.deactivated.message', label: ACCOUNT_DEACTIVATED_MESSAGE },
} as const satisfies Record<string, { key: string; label: string }>;

export type ErrorCode = keyof typeof ERROR_TEXTS;

/** Codes that mean the same thing as a listed one (better-auth has several spellings). */
const SAME_AS: Readonly<Record<string, ErrorCode>> = {
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'USER_ALREADY_EXISTS',
  INVALID_EMAIL_FORMAT: 'INVALID_EMAIL',
  HTTP_429: 'RATE_LIMITED',
  FST_ERR_RATE_LIMIT: 'RATE_LIMITED',
  INVALID_PASSWORD: 'INVALID_EMAIL_OR_PASSWORD',
};

/** The listed code an error stands for, or null when its code is not in the table. */
export function errorCodeOf(error: unknown): ErrorCode | null {
  if (!(error instanceof ApiRequestError)) return 'NETWORK';
  if (Object.hasOwn(ERROR_TEXTS, error.code)) return error.code as ErrorCode;
  if (Object.hasOwn(SAME_AS, error.code)) return SAME_AS[error.code]!;
  if (error.status === 429) return 'RATE_LIMITED';
  if (error.status === 401) return 'UNAUTHORIZED';
  if (error.status >= 500) return 'INTERNAL';
  return null;
}

/**
 * The sentence to show for `error`: a screen's own text for its code (`overrides`), else the
 * table's text; for a code the table lacks, the screen's own failure text (`overrides['*']`, e.g.
 * the spec's 'Failed to create translation'), else the server's message, else a generic text.
 */
export function errorText(
  error: unknown,
  t: Translate,
  overrides: Readonly<Record<string, string>> = {},
): string {
  const raw = error instanceof ApiRequestError ? error.code : null;
  if (raw && Object.hasOwn(overrides, raw)) return overrides[raw]!;
  const code = errorCodeOf(error);
  if (code && Object.hasOwn(overrides, code)) return overrides[code]!;
  if (code) return t(ERROR_TEXTS[code].key, ERROR_TEXTS[code].label);
  if (Object.hasOwn(overrides, '*')) return overrides['*']!;
  if (error instanceof ApiRequestError && error.message) return error.message;
  return t(ERROR_TEXTS.BAD_REQUEST.key, ERROR_TEXTS.BAD_REQUEST.label);
}

/** `errorText` with the reader's texts: `const say = useErrorText(); say(error)`. */
export function useErrorText(): (error: unknown, overrides?: Readonly<Record<string, string>>) => string {
  const t = useT();
  return useCallback((error, overrides) => errorText(error, t, overrides), [t]);
}
