import { useMemo } from 'react';
import { useT } from '#web/app/i18n.tsx';
import { Alert } from '#web/components/alert.tsx';
import { Field, Form, SubmitButton } from '#web/components/form.tsx';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { EMAIL_CODES, requestResetSchema } from '../lib/auth-schemas.ts';

/** Asks for an e-mail and requests a reset link; the answer never says whether the account exists. */
export function RequestResetForm({ defaultEmail }: { defaultEmail?: string }) {
  const t = useT();
  const request = useRequestPasswordReset();
  const schema = useMemo(() => requestResetSchema(t), [t]);

  if (request.isSuccess) {
    return (
      <Alert tone="success">
        {t('auth.reset.sent', 'If an account exists for that e-mail, a reset link has been sent.')}
      </Alert>
    );
  }
  return (
    <Form
      className="space-y-3"
      schema={schema}
      defaultValues={{ email: defaultEmail ?? '' }}
      onSubmit={({ email }) => request.mutateAsync(email)}
      codeFields={EMAIL_CODES}
    >
      <Field
        label={t('auth.reset.email', 'Account e-mail')}
        name="email"
        type="email"
        autoComplete="email"
        required
      />
      <SubmitButton pendingText={t('auth.reset.sending', 'Sending...')}>
        {t('auth.reset.send', 'Send reset link')}
      </SubmitButton>
    </Form>
  );
}
