/**
 * The server's answer to a form sent before (or without) the page's script: the sign-in,
 * registration and password-reset forms post to their own page (server/web/auth-forms.ts), and
 * when the answer is not a redirect, the server draws that page again with this embedded among
 * its first answers (under `FORM_REPLY_KEY`), so its components draw the outcome: the error panel
 * or the confirmation, and the fields as they were sent. Never a password: `values` holds only the
 * fields a form may show again. Zod-free: the public pages import it.
 */
export type FormName = 'sign-in' | 'register' | 'reset-request' | 'reset-password' | 'resend-confirmation';

export interface FormReply {
  form: FormName;
  /** The fields to draw again as they were sent (e-mail, name; never a password). */
  values: Record<string, string>;
  /** What went wrong, as the JSON API says it; `issues` name a field and a FORM_ISSUE code. */
  error?: { status: number; code: string; message: string; issues: { path: string; message: string }[] };
  /** The form did what it asked (a reset link requested, a password set, an account made). */
  done?: boolean;
}

/** Where the reply sits among a page's embedded answers (server/web/boot-data.ts, web/lib/boot-data.ts). */
export const FORM_REPLY_KEY = 'form-reply';

/**
 * What the server's own checks of a form found wrong with a field (the page's script checks the
 * same before sending): the issue's `message` is one of these, worded by the page in the reader's
 * language with the same texts as its own checks.
 */
export const FORM_ISSUE = {
  required: 'REQUIRED',
  invalidEmail: 'INVALID_EMAIL',
  tooShort: 'PASSWORD_TOO_SHORT',
  mismatch: 'PASSWORD_MISMATCH',
} as const;

/**
 * The name of the hidden field that says which form of a page was sent (/reset-password has two;
 * the contributor sign-in page also asks for the confirmation link again).
 */
export const FORM_FIELD = '_form';

/** Loose on purpose: the auth library decides what an e-mail is; this only catches obvious slips. */
export const LOOSE_EMAIL = /^[^\s@]+@[^\s@]+$/;
