import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-fetch.ts';

/**
 * Asks for the confirmation link again. Always answers 200, so it never says whether the address
 * has an account, or one still to be confirmed.
 */
export async function resendConfirmation(email: string): Promise<void> {
  await apiFetch('/api/auth/send-verification-email', { method: 'POST', body: { email } });
}

export function useResendConfirmation() {
  return useMutation({ mutationFn: resendConfirmation });
}
