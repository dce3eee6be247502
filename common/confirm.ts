/**
 * The e-mail confirmation of a new contributor account (issue 30 B9). The mail's link is answered
 * by server/auth/auth.routes.ts: signed in, it opens the contributor's dashboard; otherwise the
 * contributor sign-in page, with `?confirm=` saying what happened. Zod-free: the public pages
 * import it.
 */
export const CONFIRM_PARAM = 'confirm';

/** done: the address was confirmed already; expired: the link is too old; invalid: not ours. */
export const CONFIRM_OUTCOMES = ['done', 'expired', 'invalid'] as const;
export type ConfirmOutcome = (typeof CONFIRM_OUTCOMES)[number];

export function confirmOutcomeOf(value: string | null): ConfirmOutcome | undefined {
  return CONFIRM_OUTCOMES.find((outcome) => outcome === value);
}
