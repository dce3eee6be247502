import type { FormEvent } from 'react';
import { useT } from '../../../app/i18n.tsx';
import { Alert } from '../../../components/alert.tsx';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';

/** Asks for an e-mail and requests a reset link; the answer never says whether the account exists. */
export function RequestResetForm({ defaultEmail }: { defaultEmail?: string }) {
  const t = useT();
  const request = useRequestPasswordReset();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    request.mutate(email);
  }

  if (request.isSuccess) {
    return (
      <Alert tone="success">
        {t('auth.reset.sent', 'If an account exists for that e-mail, a reset link has been sent.')}
      </Alert>
    );
  }
  return (
    <form onSubmit={onSubmit} className="space-y-3">
      {request.isError && <Alert tone="error">{request.error.message}</Alert>}
      <TextField
        label={t('auth.reset.email', 'Account e-mail')}
        name="email"
        type="email"
        autoComplete="email"
        defaultValue={defaultEmail}
        required
      />
      <Button type="submit" disabled={request.isPending}>
        {request.isPending ? t('auth.reset.sending', 'Sending...') : t('auth.reset.send', 'Send reset link')}
      </Button>
    </form>
  );
}
