import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-fetch.ts';
import { refreshMe } from './get-me.ts';

export type SignUpInput = { name: string; email: string; password: string };

/** Registers a contributor (the server always gives role public) and signs them in. */
export async function signUp(input: SignUpInput): Promise<void> {
  await apiFetch('/api/auth/sign-up/email', { method: 'POST', body: input });
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SignUpInput) => {
      await signUp(input);
      return refreshMe(queryClient);
    },
  });
}
