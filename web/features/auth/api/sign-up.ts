import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-fetch.ts';

export type SignUpInput = { name: string; email: string; password: string };

/**
 * Registers a contributor (the server always gives role public). Nobody is signed in: the server
 * mails a confirmation link, and answers alike whether or not the address has an account.
 */
export async function signUp(input: SignUpInput): Promise<void> {
  await apiFetch('/api/auth/sign-up/email', { method: 'POST', body: input });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
