import { describe, expect, it } from 'vitest';
import { ACCOUNT_DEACTIVATED_CODE } from '#common/api/shared.ts';
import { DEFAULT_TEXTS } from '#common/default-texts/default-texts.ts';
import type { Translate } from '../app/i18n.tsx';
import { ApiRequestError, readIssues } from './api-fetch.ts';
import { ERROR_TEXTS, errorCodeOf, errorText } from './error-text.ts';
import { placeServerError } from './server-errors.ts';

// The texts table as a Faroese reader gets it.
const faroese: Translate = (key, fallback) => DEFAULT_TEXTS[key]?.fo ?? fallback;
const english: Translate = (key, fallback) => DEFAULT_TEXTS[key]?.en ?? fallback;
const apiError = (
  status: number,
  code: string,
  message = 'Server sentence',
  issues = [] as { path: string; message: string }[],
) => new ApiRequestError(status, code, message, issues);

describe('error texts by code', () => {
  it('shows a known code in the reader’s language, never the server’s sentence', () => {
    const error = apiError(403, 'FORBIDDEN', "You don't have permission to do this.");
    expect(errorText(error, faroese)).toBe('Tú hevur ikki loyvi til hetta.');
    expect(errorText(error, english)).toBe("You don't have permission to do this.");
  });

  it('treats better-auth’s spellings and bare statuses as the listed codes', () => {
    expect(errorCodeOf(apiError(422, 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL'))).toBe('USER_ALREADY_EXISTS');
    expect(errorCodeOf(apiError(429, 'HTTP_429'))).toBe('RATE_LIMITED');
    expect(errorCodeOf(apiError(502, 'HTTP_502'))).toBe('INTERNAL');
    expect(errorCodeOf(apiError(401, 'SESSION_EXPIRED'))).toBe('UNAUTHORIZED');
    expect(errorCodeOf(new TypeError('Failed to fetch'))).toBe('NETWORK');
    expect(errorCodeOf(apiError(409, 'DUPLICATE_KEY'))).toBeNull();
  });

  it('uses a screen’s own text first, then the table, then for unknown codes the screen’s failure text, then the server’s', () => {
    const known = apiError(404, 'NOT_FOUND');
    const unknown = apiError(409, 'DUPLICATE_KEY', 'A translation with the key "x" already exists.');
    expect(errorText(known, english, { NOT_FOUND: 'No such item' })).toBe('No such item');
    expect(errorText(known, english, { '*': 'Failed to load' })).toBe('Not found');
    expect(errorText(unknown, english, { '*': 'Failed to create translation' })).toBe(
      'Failed to create translation',
    );
    expect(errorText(unknown, english)).toBe('A translation with the key "x" already exists.');
    expect(errorText(apiError(400, 'ODD', ''), english)).toBe('The request could not be processed.');
  });

  it('has a Faroese and an English default text for every code', () => {
    for (const { key, label } of Object.values(ERROR_TEXTS)) {
      expect(DEFAULT_TEXTS[key], key).toBeDefined();
      expect([DEFAULT_TEXTS[key]!.fo, DEFAULT_TEXTS[key]!.en], key).toContain(label);
      expect(DEFAULT_TEXTS[key]!.en, key).toBeDefined();
    }
    expect(Object.keys(ERROR_TEXTS)).toContain(ACCOUNT_DEACTIVATED_CODE);
  });
});

describe('the issues of a validation error', () => {
  it('are read from the body as dotted paths, whatever shape the path comes in', () => {
    expect(
      readIssues([
        { path: 'title', message: 'Required' },
        { path: ['keywords', 0], message: 'Too long' },
        { message: 'No path' },
        { path: 'x' },
        'junk',
      ]),
    ).toEqual([
      { path: 'title', message: 'Required' },
      { path: 'keywords.0', message: 'Too long' },
      { path: '', message: 'No path' },
    ]);
    expect(readIssues(undefined)).toEqual([]);
  });

  it('land on their fields, a nested path on its nearest field, the rest in the banner', () => {
    const fields = new Set(['title', 'keywords', 'address.city']);
    const error = apiError(400, 'VALIDATION_ERROR', 'Invalid', [
      { path: 'keywords.2', message: 'Too long' },
      { path: 'title', message: 'Required' },
      { path: 'title', message: 'Second message for the same field' },
      { path: 'address.city', message: 'Unknown city' },
    ]);
    expect(placeServerError(error, fields)).toEqual({
      fields: [
        { name: 'keywords', message: 'Too long' },
        { name: 'title', message: 'Required' },
        { name: 'address.city', message: 'Unknown city' },
      ],
      banner: false,
    });
    const partly = apiError(400, 'VALIDATION_ERROR', 'Invalid', [
      { path: 'title', message: 'Required' },
      { path: 'secret', message: 'Not a field here' },
    ]);
    expect(placeServerError(partly, fields)).toEqual({
      fields: [{ name: 'title', message: 'Required' }],
      banner: true,
    });
  });

  it('puts a code a form ties to a field on that field, and anything else in the banner', () => {
    const fields = new Set(['email', 'password']);
    const taken = apiError(422, 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL');
    expect(
      placeServerError(taken, fields, { USER_ALREADY_EXISTS: 'email' }, 'Taken', 'USER_ALREADY_EXISTS'),
    ).toEqual({
      fields: [{ name: 'email', message: 'Taken' }],
      banner: false,
    });
    expect(placeServerError(apiError(403, 'FORBIDDEN'), fields, { USER_ALREADY_EXISTS: 'email' })).toEqual({
      fields: [],
      banner: true,
    });
    expect(placeServerError(new TypeError('offline'), fields)).toEqual({ fields: [], banner: true });
  });
});
