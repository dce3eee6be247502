import { describe, expect, it } from 'vitest';
import { DEFAULT_TEXTS } from '#common/default-texts/default-texts.ts';
import type { Translate } from '#web/app/i18n.tsx';
import { ApiRequestError } from '#web/lib/api-fetch.ts';
import { deleteErrorText, fileSizeText } from './review-texts.ts';

const fill = (text: string, vars?: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (_, name: string) => vars?.[name] ?? `{${name}}`);
const texts: Translate = (key, fallback, vars) =>
  fill(DEFAULT_TEXTS[key]?.fo ?? fallback, vars as Record<string, string>);
const message = (error: unknown) => (error instanceof Error ? error.message : '');

describe('deleteErrorText (admin-back-office.md §8)', () => {
  it('says permission, reference, the message, or try again, as the spec words them', () => {
    expect(deleteErrorText(new ApiRequestError(403, 'FORBIDDEN', 'No'), texts, message)).toBe(
      'Permission denied: You may not have the required permissions to delete this submission.',
    );
    expect(
      deleteErrorText(
        new ApiRequestError(409, 'CONFLICT', 'violates foreign key constraint'),
        texts,
        message,
      ),
    ).toBe('Cannot delete: This submission is referenced by other records.');
    expect(
      deleteErrorText(new ApiRequestError(404, 'NOT_FOUND', 'Submission not found'), texts, message),
    ).toBe('Failed to delete submission: Submission not found');
    expect(deleteErrorText('boom', texts, message)).toBe('Failed to delete submission. Please try again.');
  });
});

describe('fileSizeText', () => {
  it('writes bytes, kilobytes and megabytes', () => {
    expect(fileSizeText(12)).toBe('12 B');
    expect(fileSizeText(2048)).toBe('2 KB');
    expect(fileSizeText(3 * 1024 * 1024)).toBe('3.0 MB');
  });
});
