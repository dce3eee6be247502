import { useMemo } from 'react';
import { useLocation } from 'react-router';
import type { Me } from '#common/api/account.ts';
import { FORM_ISSUE } from '#common/form-reply.ts';
import { primaryButton } from '#web/components/button.tsx';
import { Field, Form, SubmitButton } from '#web/components/form.tsx';
import { useFormReply } from '#web/lib/form-reply.ts';
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

/**
 * E-mail and password form shared by the admin and contributor sign-in screens. Sent before the
 * page's script arrives, it goes to the page itself, which signs in and sends the visitor on, or
 * draws the page with the failure (server/web/auth-forms.ts).
 */
export function SignInForm({
  texts,
  onSignedIn,
}: {
  texts: SignInTexts;
  onSignedIn: (user: Me | null) => void;
}) {
  const signIn = useSignIn();
  const schema = useMemo(() => signInSchema(texts.required), [texts.required]);
  const { pathname, search } = useLocation();
  const reply = useFormReply('sign-in', { [FORM_ISSUE.required]: texts.required });
  return (
    <Form
      schema={schema}
      action={`${pathname}${search}`}
      reply={reply}
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
