import { ACCOUNT_DEACTIVATED_CODE } from '#common/api/shared.ts';
import { useT } from '#web/app/i18n.tsx';
import { Alert } from '#web/components/alert.tsx';
import { ApiRequestError } from '#web/lib/api-fetch.ts';

/**
 * The failure panel of both sign-in screens: orange 'Account Deactivated' with advice for a
 * deactivated account, red 'Login Failed' otherwise. `text` is the error worded by its code.
 */
export function SignInError({
  error,
  text,
  deactivatedHelp,
}: {
  error: unknown;
  text: string;
  deactivatedHelp: string;
}) {
  const t = useT();
  if (error instanceof ApiRequestError && error.code === ACCOUNT_DEACTIVATED_CODE) {
    return (
      <Alert tone="warning" title={t('auth.deactivated.title', 'Account Deactivated')}>
        <p>{text}</p>
        <p className="mt-2">{deactivatedHelp}</p>
      </Alert>
    );
  }
  return (
    <Alert tone="error" title={t('auth.login_failed.title', 'Login Failed')}>
      <p>{text}</p>
    </Alert>
  );
}
