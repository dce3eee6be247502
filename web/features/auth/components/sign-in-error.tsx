import { ACCOUNT_DEACTIVATED_CODE } from '../../../../common/api.ts';
import { ACCOUNT_DEACTIVATED_MESSAGE } from '../../../../common/texts.ts';
import { useT } from '../../../app/i18n.tsx';
import { Alert } from '../../../components/alert.tsx';
import { ApiRequestError } from '../../../lib/api-fetch.ts';

/**
 * The failure panel of both sign-in screens: orange 'Account Deactivated' with advice for a
 * deactivated account, red 'Login Failed' with the server's message otherwise.
 */
export function SignInError({ error, deactivatedHelp }: { error: unknown; deactivatedHelp: string }) {
  const t = useT();
  if (error instanceof ApiRequestError && error.code === ACCOUNT_DEACTIVATED_CODE) {
    return (
      <Alert tone="warning" title={t('auth.deactivated.title', 'Account Deactivated')}>
        <p>{error.message || t('auth.deactivated.message', ACCOUNT_DEACTIVATED_MESSAGE)}</p>
        <p className="mt-2">{deactivatedHelp}</p>
      </Alert>
    );
  }
  const message =
    error instanceof ApiRequestError
      ? error.message
      : t('auth.login_failed.network', 'Could not reach the server. Please try again.');
  return (
    <Alert tone="error" title={t('auth.login_failed.title', 'Login Failed')}>
      <p>{message}</p>
    </Alert>
  );
}
