import type { FormEvent } from 'react';
import type { Me } from '../../../../common/api.ts';
import { Button, primaryButton } from '../../../components/button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useSignIn } from '../api/sign-in.ts';
import { SignInError } from './sign-in-error.tsx';

export type SignInTexts = {
  email: string;
  password: string;
  submit: string;
  submitting: string;
  deactivatedHelp: string;
};

/** E-mail and password form shared by the admin and contributor sign-in screens. */
export function SignInForm({
  texts,
  onSignedIn,
}: {
  texts: SignInTexts;
  onSignedIn: (user: Me | null) => void;
}) {
  const signIn = useSignIn();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    signIn.mutate(
      { email: String(form.get('email') ?? '').trim(), password: String(form.get('password') ?? '') },
      { onSuccess: onSignedIn },
    );
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4">
      {signIn.isError && <SignInError error={signIn.error} deactivatedHelp={texts.deactivatedHelp} />}
      <TextField label={texts.email} name="email" type="email" autoComplete="username" required />
      <TextField
        label={texts.password}
        name="password"
        type="password"
        autoComplete="current-password"
        required
      />
      <Button type="submit" className={`${primaryButton} w-full`} disabled={signIn.isPending}>
        {signIn.isPending ? texts.submitting : texts.submit}
      </Button>
    </form>
  );
}
