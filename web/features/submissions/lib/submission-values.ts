import { readOriginalDate } from '#common/dates/read-date.ts';
import { z } from 'zod';
import type { CreateSubmissionBody } from '#common/api/submissions.ts';
import type { Translate } from '#web/app/i18n.tsx';
import type { FileDetails } from './file-item.ts';

/** The general fields of the form (public-site.md §2, §5): only the title is required. */
export function generalSchema(t: Translate) {
  return z.object({
    title: z.string().trim().min(1, t('submit.title_required', 'Heiti er kravt')),
    description: z.string(),
    submitterName: z.string(),
    submitterEmail: z
      .string()
      .trim()
      .refine(
        (value) => value === '' || z.email().safeParse(value).success,
        t('submit.email_invalid', 'Teldupostadressan sær ikki rætt út.'),
      ),
    submitterMessage: z.string(),
    photographer: z.string(),
    location: z.string(),
    source: z.string(),
    /** As historians write it ('um 1950'); what cannot be read is refused (common/dates). */
    originalDate: z.string().superRefine((value, issue) => {
      const reading = value.trim() === '' ? null : readOriginalDate(value);
      if (reading && !reading.ok) issue.addIssue({ code: 'custom', message: reading.problem });
    }),
    /** Honeypot: people never see it, so it stays empty. */
    website: z.string(),
  });
}

export type GeneralValues = z.infer<ReturnType<typeof generalSchema>>;

export function emptyGeneralValues(name = '', email = ''): GeneralValues {
  return {
    title: '',
    description: '',
    submitterName: name,
    submitterEmail: email,
    submitterMessage: '',
    photographer: '',
    location: '',
    source: '',
    originalDate: '',
    website: '',
  };
}

function either(own: string, general: string): string {
  return own.trim() || general.trim();
}

/** One file's submission: its own details where given, the general ones otherwise. */
export function submissionBody(
  uploadId: string,
  general: GeneralValues,
  details: FileDetails,
): CreateSubmissionBody {
  return {
    uploadId,
    title: either(details.title, general.title),
    description: either(details.description, general.description),
    submitterName: general.submitterName.trim(),
    submitterEmail: general.submitterEmail.trim(),
    submitterMessage: general.submitterMessage.trim(),
    photographer: either(details.photographer, general.photographer),
    location: either(details.location, general.location),
    source: either(details.source, general.source),
    originalDate: either(details.originalDate, general.originalDate),
    keywords: details.keywords
      .split(',')
      .map((keyword) => keyword.trim())
      .filter(Boolean),
    // Sent as typed: the server quietly drops what a bot filled in.
    website: general.website,
  };
}
