import { useMemo } from 'react';
import type { Me } from '#common/api.ts';
import { primaryButton } from '#web/components/button.tsx';
import { Field, Form, SubmitButton } from '#web/components/form.tsx';
import { useSignIn } from '../api/sign-in.ts';
import { signInSchema } from '../lib/auth-schemas.ts';
import { SignInError } from './sign-in-error.tsx';

export type SignInTexts = {
  email: string;
  password: string;
  submit: string;
  submitting: string;
  deactivatedHelp: string;
  /** Shown under an empty field. */
  required: string;
  /** The screen's own texts by error code (the admin screen is in English whatever the language). */
  errors?: Readonly<Record<string, string>>;
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
  const schema = useMemo(() => signInSchema(texts.required), [texts.required]);
  return (
    <Form
      schema={schema}
      defaultValues={{ email: '', password: '' }}
      onSubmit={async (values) => onSignedIn(await signIn.mutateAsync(values))}
      errorTexts={texts.errors}
      renderError={(error, text) => (
        <SignInError error={error} text={text} deactivatedHelp={texts.deactivatedHelp} />
      )}
    >
      <Field label={texts.email} name="email" type="email" autoComplete="username" required />
      <Field
        label={texts.password}
        name="password"
        type="password"
        autoComplete="current-password"
        required
      />
      <SubmitButton className={`${primaryButton} w-full`} pendingText={texts.submitting}>
        {texts.submit}
      </SubmitButton>
    </Form>
  );
}
