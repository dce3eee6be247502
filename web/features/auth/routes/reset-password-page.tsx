import { useMemo } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { FORM_FIELD } from '#common/form-reply.ts';
import { paths } from '#common/paths.ts';
import { useT } from '#web/app/i18n.tsx';
import { Alert } from '#web/components/alert.tsx';
import { primaryButton } from '#web/components/button.tsx';
import { Field, Form, SubmitButton } from '#web/components/form.tsx';
import { useFormReply } from '#web/lib/form-reply.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { RequestResetForm } from '../components/request-reset-form.tsx';
import { newPasswordSchema, newPasswordTexts } from '../lib/auth-schemas.ts';

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

function invalidLinkText(t: ReturnType<typeof useT>) {
  return t('reset.invalid', 'This reset link is invalid or has expired.');
}

function InvalidLink() {
  const t = useT();
  return <Alert tone="error">{invalidLinkText(t)}</Alert>;
}

function NewPasswordForm({ token }: { token: string }) {
  const t = useT();
  const reset = useResetPassword();
  const texts = useMemo(() => newPasswordTexts(t), [t]);
  const schema = useMemo(() => newPasswordSchema(texts), [texts]);
  // Sent before the script arrives, the form goes to this same address (the link's token stays
  // where the e-mail put it), which answers it (server/web/auth-forms.ts).
  const { pathname, search } = useLocation();
  const reply = useFormReply('reset-password', texts);

  if (reset.isSuccess || reply?.done) {
    return (
      <Alert tone="success">
        <p>{t('reset.done', 'Your password has been changed. You can now sign in.')}</p>
        <p className="mt-2">
          <Link to={paths.login} className="font-medium underline">
            {t('reset.to_login', 'Sign in')}
          </Link>
        </p>
      </Alert>
    );
  }

  return (
    <Form
      schema={schema}
      action={`${pathname}${search}`}
      reply={reply}
      defaultValues={{ newPassword: '', confirmPassword: '' }}
      onSubmit={({ newPassword }) => reset.mutateAsync({ newPassword, token })}
      codeFields={{ PASSWORD_TOO_SHORT: 'newPassword', PASSWORD_TOO_LONG: 'newPassword' }}
      // Whatever else fails, the link is what the reader can change: ask for a new one.
      errorTexts={{
        INVALID_TOKEN: invalidLinkText(t),
        BAD_REQUEST: invalidLinkText(t),
        '*': invalidLinkText(t),
      }}
    >
      <input type="hidden" name={FORM_FIELD} value="reset-password" />
      <input type="hidden" name="token" value={token} />
      <Field
        name="newPassword"
        label={t('reset.new_password', 'New password')}
        type="password"
        autoComplete="new-password"
        required
      />
      <Field
        name="confirmPassword"
        label={t('reset.confirm_password', 'Confirm password')}
        type="password"
        autoComplete="new-password"
        required
      />
      <SubmitButton className={`${primaryButton} w-full`} pendingText={t('reset.submitting', 'Saving...')}>
        {t('reset.submit', 'Set new password')}
      </SubmitButton>
    </Form>
  );
}
