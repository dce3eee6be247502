import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-fetch.ts';
import { refreshMe } from './get-me.ts';

export type SignInInput = { email: string; password: string };

export async function signIn(input: SignInInput): Promise<void> {
  await apiFetch('/api/auth/sign-in/email', { method: 'POST', body: input });
}

/** Signs in and resolves to the account now signed in. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SignInInput) => {
      await signIn(input);
      return refreshMe(queryClient);
    },
  });
}
