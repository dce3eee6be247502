import { useMemo, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { paths } from '#common/paths.ts';
import { useT } from '#web/app/i18n.tsx';
import { primaryButton, secondaryButton } from '#web/components/button.tsx';
import { Field, Form, SubmitButton } from '#web/components/form.tsx';
import { useFormReply } from '#web/lib/form-reply.ts';
import { useMe } from '../api/get-me.ts';
import { useSignUp } from '../api/sign-up.ts';
import { EMAIL_CODES, registrationSchema, registrationTexts } from '../lib/auth-schemas.ts';

/**
 * Contributor registration (/contributor/register), in Faroese. The server always gives role public.
 * Sent before the script arrives, the form goes to this page, which registers and draws the same
 * screen (server/web/auth-forms.ts).
 *
 * A deliberate difference from public-site.md §2 (whose success screen signs the new contributor
 * in and opens the dashboard): the answer is "check your e-mail" whether or not the address has an
 * account, so registration never tells anyone which addresses are registered (issue 30 B9). The
 * mail's link confirms the address and opens the dashboard, signed in; the owner of an existing
 * account is mailed instead.
 */
export function ContributorRegisterPage() {
  const t = useT();
  const { data: user } = useMe();
  const [arrivedSignedIn] = useState(() => Boolean(user));
  const signUp = useSignUp();
  const texts = useMemo(() => registrationTexts(t), [t]);
  const schema = useMemo(() => registrationSchema(texts), [texts]);
  const reply = useFormReply('register', texts);
  const registered = signUp.isSuccess || reply?.done === true;

  if (arrivedSignedIn && user && !registered) return <Navigate to={paths.contributorDashboard} replace />;

  if (registered) {
    return (
      <div className="mx-auto w-full max-w-md px-4 py-12 text-center">
        <h1 className="text-3xl font-bold text-slate-900">
          {t('contributor.register.check_mail', 'Kanna teldupostin')}
        </h1>
        <p className="mt-3 text-slate-700">
          {t(
            'contributor.register.check_mail_text',
            'Vit hava sent tær ein teldupost. Trýst á leinkjuna í honum fyri at vátta teldupostin og rita inn. Sært tú hann ikki um eina løtu, so hygg í ruskpostinum.',
          )}
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to={paths.contributorLogin} className={primaryButton}>
            {t('contributor.register.sign_in', 'Rita inn')}
          </Link>
          <Link to={paths.home} className={secondaryButton}>
            {t('contributor.register.browse', 'Kaga í savnið')}
          </Link>
        </div>
      </div>
    );
  }

  return (
    <div className="mx-auto w-full max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900">
        {t('contributor.register.title', 'Skráset teg sum íkastari')}
      </h1>
      <Form
        className="mt-6 space-y-4"
        schema={schema}
        action={paths.contributorRegister}
        reply={reply}
        defaultValues={{ name: '', email: '', password: '', confirmPassword: '' }}
        onSubmit={({ name, email, password }) => signUp.mutateAsync({ name, email, password })}
        codeFields={{ ...EMAIL_CODES, PASSWORD_TOO_SHORT: 'password', PASSWORD_TOO_LONG: 'password' }}
        errorTexts={{ '*': t('contributor.register.failed', 'Skráseting miseydnaðist. Royn aftur.') }}
      >
        <Field name="name" label={t('contributor.register.name', 'Fult navn')} autoComplete="name" required />
        <Field
          name="email"
          label={t('contributor.register.email', 'Teldupostur')}
          type="email"
          autoComplete="email"
          required
        />
        <Field
          name="password"
          label={t('contributor.register.password', 'Loyniorð')}
          type="password"
          autoComplete="new-password"
          required
        />
        <Field
          name="confirmPassword"
          label={t('contributor.register.confirm', 'Endurtak loyniorð')}
          type="password"
          autoComplete="new-password"
          required
        />
        <SubmitButton
          className={`${primaryButton} w-full`}
          pendingText={t('contributor.register.submitting', 'Skráset...')}
        >
          {t('contributor.register.submit', 'Skráset')}
        </SubmitButton>
      </Form>
      <p className="mt-6 text-slate-700">
        {t('contributor.register.have_account', 'Hevur tú longu konto?')}{' '}
        <Link to={paths.contributorLogin} className="font-medium text-blue-700 underline hover:text-blue-900">
          {t('contributor.register.sign_in', 'Rita inn')}
        </Link>
      </p>
    </div>
  );
}
