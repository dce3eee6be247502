import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-fetch.ts';

export type ResetPasswordInput = { newPassword: string; token: string };

export async function resetPassword(input: ResetPasswordInput): Promise<void> {
  await apiFetch('/api/auth/reset-password', { method: 'POST', body: input });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
