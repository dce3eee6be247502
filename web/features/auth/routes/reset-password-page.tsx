import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '../../../../common/limits.ts';
import { type Translate, useT } from '../../../app/i18n.tsx';
import { Alert } from '../../../components/alert.tsx';
import { Button, primaryButton } from '../../../components/button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useResetPassword } from '../api/reset-password.ts';
import { RequestResetForm } from '../components/request-reset-form.tsx';

function newPasswordSchema(t: Translate) {
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

type NewPasswordValues = z.infer<ReturnType<typeof newPasswordSchema>>;

/**
 * Target of the reset e-mail (/reset-password?token=…). The server sends `?error=INVALID_TOKEN`
 * instead of a token when the link is no longer good. Without either, the page asks for an e-mail.
 */
export function ResetPasswordPage() {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get('token');
  const linkError = params.get('error');

  return (
    <div className="mx-auto w-full max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900">{t('reset.title', 'Reset password')}</h1>
      <div className="mt-6 space-y-4">
        {linkError ? (
          <>
            <InvalidLink />
            <RequestResetForm />
          </>
        ) : token ? (
          <NewPasswordForm token={token} />
        ) : (
          <>
            <p className="text-slate-700">
              {t(
                'reset.request_intro',
                'Enter the e-mail of your account and we will send you a reset link.',
              )}
            </p>
            <RequestResetForm />
          </>
        )}
      </div>
    </div>
  );
}

function InvalidLink() {
  const t = useT();
  return <Alert tone="error">{t('reset.invalid', 'This reset link is invalid or has expired.')}</Alert>;
}

function NewPasswordForm({ token }: { token: string }) {
  const t = useT();
  const reset = useResetPassword();
  const schema = useMemo(() => newPasswordSchema(t), [t]);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<NewPasswordValues>({ resolver: zodResolver(schema) });

  if (reset.isSuccess) {
    return (
      <Alert tone="success">
        <p>{t('reset.done', 'Your password has been changed. You can now sign in.')}</p>
        <p className="mt-2">
          <Link to="/login" className="font-medium underline">
            {t('reset.to_login', 'Sign in')}
          </Link>
        </p>
      </Alert>
    );
  }

  return (
    <form
      onSubmit={handleSubmit(({ newPassword }) => reset.mutate({ newPassword, token }))}
      className="space-y-4"
    >
      {reset.isError && <InvalidLink />}
      <TextField
        label={t('reset.new_password', 'New password')}
        type="password"
        autoComplete="new-password"
        required
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <TextField
        label={t('reset.confirm_password', 'Confirm password')}
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <Button type="submit" className={`${primaryButton} w-full`} disabled={reset.isPending}>
        {t('reset.submit', 'Set new password')}
      </Button>
    </form>
  );
}
