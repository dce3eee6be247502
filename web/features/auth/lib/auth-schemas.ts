import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '#common/limits.ts';
import type { Translate } from '#web/app/i18n.tsx';

/**
 * The auth forms' schemas. better-auth validates these requests on the server (it has no schema in
 * common/); the web checks the same rules first, in the reader's language. Build them with the
 * screen's `t` inside useMemo.
 */

/** Loose on purpose: the server decides what an e-mail is; this only catches obvious slips. */
const EMAIL = /^[^\s@]+@[^\s@]+$/;

export function signInSchema(required: string) {
  return z.object({
    email: z.string().trim().min(1, required),
    password: z.string().min(1, required),
  });
}

export function requestResetSchema(t: Translate) {
  return z.object({
    email: z
      .string()
      .trim()
      .min(1, t('auth.reset.required', 'Please enter your e-mail.'))
      .regex(EMAIL, t('auth.reset.invalid_email', 'Please enter a valid e-mail address.')),
  });
}

export function registrationSchema(t: Translate) {
  const required = t('contributor.register.required', 'Hesin teigurin má fyllast út.');
  return z
    .object({
      name: z.string().trim().min(1, required),
      email: z
        .string()
        .trim()
        .min(1, required)
        .regex(EMAIL, t('contributor.register.invalid_email', 'Skriva ein gyldugan teldupost.')),
      password: z.string().min(
        MIN_PASSWORD_LENGTH,
        t('contributor.register.too_short', 'Loyniorðið má vera í minsta lagi {min} tekn.', {
          min: MIN_PASSWORD_LENGTH,
        }),
      ),
      confirmPassword: z.string(),
    })
    .refine((values) => values.password === values.confirmPassword, {
      message: t('contributor.register.mismatch', 'Loyniorðini eru ikki tey somu.'),
      path: ['confirmPassword'],
    });
}

export function newPasswordSchema(t: Translate) {
  return z
    .object({
      newPassword: z.string().min(
        MIN_PASSWORD_LENGTH,
        t('reset.too_short', 'Password must be at least {min} characters long', {
          min: MIN_PASSWORD_LENGTH,
        }),
      ),
      confirmPassword: z.string(),
    })
    .refine((values) => values.newPassword === values.confirmPassword, {
      message: t('reset.mismatch', 'Passwords do not match'),
      path: ['confirmPassword'],
    });
}

/** Server codes that are about one field of the auth forms. */
export const EMAIL_CODES = { USER_ALREADY_EXISTS: 'email', INVALID_EMAIL: 'email' } as const;
