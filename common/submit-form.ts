/**
 * The submission form sent without script (DESIGN.md §4.9): /submit is a real multipart form that
 * POSTs to its own address, and the server answers with the page drawn again, carrying what came
 * of it in the page's embedded answers under `SUBMIT_FORM_RESULT`, so the server's drawing and the
 * browser's first render show the same. Zod-free: the public pages import it.
 */

/** Where the form is posted: the page's own address, so the answer is that page. */
export const SUBMIT_FORM_ACTION = '/submit';

/** The key of the form's result among the page's embedded answers (web/lib/boot-data.ts). */
export const SUBMIT_FORM_RESULT = '/submit?posted';

/** The name the form's file input sends its files under. */
export const SUBMIT_FORM_FILES = 'files';

/** The general fields the form sends (public-site.md §2 Submission screen), and the bots' field. */
export const SUBMIT_FORM_FIELDS = [
  'title',
  'description',
  'submitterName',
  'submitterEmail',
  'submitterMessage',
  'photographer',
  'location',
  'source',
  'originalDate',
  'website',
] as const;

export type SubmitFormField = (typeof SUBMIT_FORM_FIELDS)[number];

/** A file the server did not take, and why (its own sentence, as the script's path shows it). */
export interface SubmitFormRefusedFile {
  name: string;
  message: string;
}

export type SubmitFormResult =
  | {
      outcome: 'sent';
      /** Files received, each now a pending submission. */
      count: number;
    }
  | {
      /** Nothing or not everything arrived: the form is drawn again with what was typed. */
      outcome: 'refused';
      /** Why the whole form was refused (its code and the server's sentence); null when files only. */
      error: { code: string; message: string } | null;
      /** A field's problem, by field name. */
      issues: { path: string; message: string }[];
      files: SubmitFormRefusedFile[];
      /** Files that did arrive, of `total` sent. */
      sent: number;
      total: number;
      /** What the visitor typed (the bots' field left out). */
      values: Partial<Record<SubmitFormField, string>>;
    };
