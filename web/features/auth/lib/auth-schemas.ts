import { z } from 'zod';
import { FORM_ISSUE, LOOSE_EMAIL } from '#common/form-reply.ts';
import { MIN_PASSWORD_LENGTH } from '#common/limits.ts';
import type { Translate } from '#web/app/i18n.tsx';

/**
 * The auth forms' schemas. better-auth validates these requests on the server (it has no schema in
 * common/); the web checks the same rules first, in the reader's language. Build them with the
 * screen's `t` inside useMemo.
 */

const EMAIL = LOOSE_EMAIL;

/**
 * Each form's texts for its checks, by the code the server gives the same check when the form
 * comes without the script (common/form-reply.ts FORM_ISSUE; web/lib/form-reply.ts).
 */
export type CheckTexts = Readonly<Record<string, string>>;

export function signInSchema(required: string) {
  return z.object({
    email: z.string().trim().min(1, required),
    password: z.string().min(1, required),
  });
}

export function requestResetTexts(t: Translate): CheckTexts {
  return {
    [FORM_ISSUE.required]: t('auth.reset.required', 'Please enter your e-mail.'),
    [FORM_ISSUE.invalidEmail]: t('auth.reset.invalid_email', 'Please enter a valid e-mail address.'),
  };
}

export function resendConfirmationTexts(t: Translate): CheckTexts {
  return {
    [FORM_ISSUE.required]: t('contributor.register.required', 'Hesin teigurin má fyllast út.'),
    [FORM_ISSUE.invalidEmail]: t('contributor.register.invalid_email', 'Skriva ein gyldugan teldupost.'),
  };
}

/** An e-mail alone (the reset request, the confirmation link asked again). */
export function requestResetSchema(texts: CheckTexts) {
  return z.object({
    email: z.string().trim().min(1, texts[FORM_ISSUE.required]).regex(EMAIL, texts[FORM_ISSUE.invalidEmail]),
  });
}

export function registrationTexts(t: Translate): CheckTexts {
  return {
    [FORM_ISSUE.required]: t('contributor.register.required', 'Hesin teigurin má fyllast út.'),
    [FORM_ISSUE.invalidEmail]: t('contributor.register.invalid_email', 'Skriva ein gyldugan teldupost.'),
    [FORM_ISSUE.tooShort]: t(
      'contributor.register.too_short',
      'Loyniorðið má vera í minsta lagi {min} tekn.',
      {
        min: MIN_PASSWORD_LENGTH,
      },
    ),
    [FORM_ISSUE.mismatch]: t('contributor.register.mismatch', 'Loyniorðini eru ikki tey somu.'),
  };
}

export function registrationSchema(texts: CheckTexts) {
  const required = texts[FORM_ISSUE.required];
  return z
    .object({
      name: z.string().trim().min(1, required),
      email: z.string().trim().min(1, required).regex(EMAIL, texts[FORM_ISSUE.invalidEmail]),
      password: z.string().min(MIN_PASSWORD_LENGTH, texts[FORM_ISSUE.tooShort]),
      confirmPassword: z.string(),
    })
    .refine((values) => values.password === values.confirmPassword, {
      message: texts[FORM_ISSUE.mismatch],
      path: ['confirmPassword'],
    });
}

export function newPasswordTexts(t: Translate): CheckTexts {
  return {
    [FORM_ISSUE.tooShort]: t('reset.too_short', 'Password must be at least {min} characters long', {
      min: MIN_PASSWORD_LENGTH,
    }),
    [FORM_ISSUE.mismatch]: t('reset.mismatch', 'Passwords do not match'),
  };
}

export function newPasswordSchema(texts: CheckTexts) {
  return z
    .object({
      newPassword: z.string().min(MIN_PASSWORD_LENGTH, texts[FORM_ISSUE.tooShort]),
      confirmPassword: z.string(),
    })
    .refine((values) => values.newPassword === values.confirmPassword, {
      message: texts[FORM_ISSUE.mismatch],
      path: ['confirmPassword'],
    });
}

/** Server codes that are about one field of the auth forms. */
export const EMAIL_CODES = { USER_ALREADY_EXISTS: 'email', INVALID_EMAIL: 'email' } as const;
