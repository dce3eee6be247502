import { z } from 'zod';
import { readOriginalDate } from './read-date.ts';

/**
 * The original date as a form sends it: trimmed, empty is none, at most 100 characters, and
 * readable (`read-date.ts`); what cannot be read is refused with the problem's code as the issue's
 * message (DATE_UNREADABLE, …), which the page words in the reader's language.
 */
export const originalDateField = z
  .string()
  .trim()
  .max(100)
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional()
  .superRefine((value, issue) => {
    if (value == null) return;
    const reading = readOriginalDate(value);
    if (!reading.ok) issue.addIssue({ code: 'custom', message: reading.problem });
  });
