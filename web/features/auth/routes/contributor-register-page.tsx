import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import { z } from 'zod';
import { MESSAGE_CLEAR_MS, MIN_PASSWORD_LENGTH } from '../../../../common/limits.ts';
import { type Translate, useT } from '../../../app/i18n.tsx';
import { Alert } from '../../../components/alert.tsx';
import { Button, primaryButton, secondaryButton } from '../../../components/button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { ApiRequestError } from '../../../lib/api-fetch.ts';
import { useMe } from '../api/get-me.ts';
import { useSignUp } from '../api/sign-up.ts';

function registrationSchema(t: Translate) {
  const required = t('contributor.register.required', 'Hesin teigurin má fyllast út.');
  return z
    .object({
      name: z.string().trim().min(1, required),
      email: z.string().trim().min(1, required),
      password: z.string().min(
        MIN_PASSWORD_LENGTH,
        t('contributor.register.too_short', 'Loyniorðið má vera í minsta lagi {min} tekn.', {
          min: MIN_PASSWORD_LENGTH,
        }),
      ),
      confirmPassword: z.string(),
    })
    .refine((values) => values.password === values.confirmPassword, {
      message: t('contributor.register.mismatch', 'Loyniorðini eru ikki tey somu.'),
      path: ['confirmPassword'],
    });
}

type RegistrationValues = z.infer<ReturnType<typeof registrationSchema>>;

/** Contributor registration (/contributor/register), in Faroese. The server always gives role public. */
export function ContributorRegisterPage() {
  const t = useT();
  const navigate = useNavigate();
  const { data: user } = useMe();
  const [arrivedSignedIn] = useState(() => Boolean(user));
  const signUp = useSignUp();
  const schema = useMemo(() => registrationSchema(t), [t]);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RegistrationValues>({ resolver: zodResolver(schema) });

  // The welcome screen shows for a moment, then the dashboard opens (public-site.md §2).
  useEffect(() => {
    if (!signUp.isSuccess) return;
    const timer = setTimeout(() => navigate('/contributor/dashboard'), MESSAGE_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [signUp.isSuccess, navigate]);

  if (arrivedSignedIn && user) return <Navigate to="/contributor/dashboard" replace />;

  if (signUp.isSuccess) {
    return (
      <div className="mx-auto w-full max-w-md px-4 py-12 text-center">
        <h1 className="text-3xl font-bold text-slate-900">
          {t('contributor.register.welcome', 'Vælkomin!')}
        </h1>
        <p className="mt-3 text-slate-700">
          {t('contributor.register.welcome_text', 'Tú ert nú skrásett/ur sum íkastari.')}
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to="/contributor/dashboard" className={primaryButton}>
            {t('contributor.register.to_dashboard', 'Til mítt yvirlit')}
          </Link>
          <Link to="/" className={secondaryButton}>
            {t('contributor.register.browse', 'Kaga í savnið')}
          </Link>
        </div>
      </div>
    );
  }

  const onSubmit = handleSubmit(({ name, email, password }) =>
    signUp.mutate({ name: name.trim(), email: email.trim(), password }),
  );
  const failure =
    signUp.error instanceof ApiRequestError && signUp.error.message
      ? signUp.error.message
      : t('contributor.register.failed', 'Skráseting miseydnaðist. Royn aftur.');

  return (
    <div className="mx-auto w-full max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900">
        {t('contributor.register.title', 'Skráset teg sum íkastari')}
      </h1>
      <form onSubmit={onSubmit} className="mt-6 space-y-4">
        {signUp.isError && <Alert tone="error">{failure}</Alert>}
        <TextField
          label={t('contributor.register.name', 'Fult navn')}
          autoComplete="name"
          required
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          label={t('contributor.register.email', 'Teldupostur')}
          type="email"
          autoComplete="email"
          required
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label={t('contributor.register.password', 'Loyniorð')}
          type="password"
          autoComplete="new-password"
          required
          error={errors.password?.message}
          {...register('password')}
        />
        <TextField
          label={t('contributor.register.confirm', 'Endurtak loyniorð')}
          type="password"
          autoComplete="new-password"
          required
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <Button type="submit" className={`${primaryButton} w-full`} disabled={signUp.isPending}>
          {t('contributor.register.submit', 'Skráset')}
        </Button>
      </form>
      <p className="mt-6 text-slate-700">
        {t('contributor.register.have_account', 'Hevur tú longu konto?')}{' '}
        <Link to="/contributor/login" className="font-medium text-blue-700 underline hover:text-blue-900">
          {t('contributor.register.sign_in', 'Rita inn')}
        </Link>
      </p>
    </div>
  );
}
