import { useMemo } from 'react';
import { FORM_FIELD } from '#common/form-reply.ts';
import { paths } from '#common/paths.ts';
import { useT } from '#web/app/i18n.tsx';
import { Alert } from '#web/components/alert.tsx';
import { Field, Form, SubmitButton } from '#web/components/form.tsx';
import { useFormReply } from '#web/lib/form-reply.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { EMAIL_CODES, requestResetSchema, requestResetTexts } from '../lib/auth-schemas.ts';

/**
 * Asks for an e-mail and requests a reset link; the answer never says whether the account exists.
 * Sent before the script arrives, it goes to /reset-password, which answers it there.
 */
export function RequestResetForm({ defaultEmail }: { defaultEmail?: string }) {
  const t = useT();
  const request = useRequestPasswordReset();
  const texts = useMemo(() => requestResetTexts(t), [t]);
  const schema = useMemo(() => requestResetSchema(texts), [texts]);
  const reply = useFormReply('reset-request', texts);

  if (request.isSuccess || reply?.done) {
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
      action={paths.resetPassword}
      reply={reply}
      defaultValues={{ email: defaultEmail ?? '' }}
      onSubmit={({ email }) => request.mutateAsync(email)}
      codeFields={EMAIL_CODES}
    >
      <input type="hidden" name={FORM_FIELD} value="reset-request" />
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
