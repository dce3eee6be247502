import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useT } from '#web/app/i18n.tsx';
import { safeNext } from '#common/safe-next.ts';
import { CONFIRM_PARAM, type ConfirmOutcome, confirmOutcomeOf } from '#common/confirm.ts';
import { paths } from '#common/paths.ts';
import { Alert } from '#web/components/alert.tsx';
import { useMe } from '../api/get-me.ts';
import { ResendConfirmationForm } from '../components/resend-confirmation-form.tsx';
import { SignInForm } from '../components/sign-in-form.tsx';

/** Contributor sign-in (/contributor/login), in Faroese (public-site.md §2). */
export function ContributorLoginPage() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const { data: user } = useMe();
  const [arrivedSignedIn] = useState(() => Boolean(user));
  const confirm = confirmOutcomeOf(params.get(CONFIRM_PARAM));

  if (arrivedSignedIn && user) return <Navigate to={paths.submit} replace />;

  return (
    <div className="mx-auto w-full max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900">
        {t('contributor.login.title', 'Innrita sum íkastari')}
      </h1>
      {confirm && (
        <div className="mt-6">
          <ConfirmationOutcome outcome={confirm} />
        </div>
      )}
      <div className="mt-6">
        <SignInForm
          texts={{
            email: t('contributor.login.email', 'Teldupostur'),
            password: t('contributor.login.password', 'Loyniorð'),
            submit: t('contributor.login.submit', 'Rita inn'),
            submitting: t('contributor.login.submitting', 'Ritar inn...'),
            deactivatedHelp: t(
              'contributor.login.deactivated_help',
              'Contact the archive administrator, check whether your contributor status needs renewal, and verify your account information.',
            ),
            required: t('contributor.login.required', 'Hesin teigurin má fyllast út.'),
          }}
          onSignedIn={() => navigate(next ?? paths.contributorDashboard, { replace: true })}
        />
      </div>
      <ResendConfirmationForm />
      <p className="mt-6 text-slate-700">
        {t('contributor.login.no_account', 'Hevur tú ikki konto?')}{' '}
        <Link
          to={paths.contributorRegister}
          className="font-medium text-blue-700 underline hover:text-blue-900"
        >
          {t('contributor.login.register', 'Stovna konto')}
        </Link>
      </p>
    </div>
  );
}

/** What a confirmation link did, when it did not sign its owner in (common/confirm.ts). */
function ConfirmationOutcome({ outcome }: { outcome: ConfirmOutcome }) {
  const t = useT();
  if (outcome === 'done') {
    return (
      <Alert tone="success" title={t('contributor.confirm.done_title', 'Teldupostur váttaður')}>
        {t(
          'contributor.confirm.done',
          'Teldupostur tín er váttaður. Rita inn við teldupostinum og loyniorðinum.',
        )}
      </Alert>
    );
  }
  return (
    <Alert tone="error" title={t('contributor.confirm.failed_title', 'Leinkjan virkar ikki')}>
      {outcome === 'expired'
        ? t(
            'contributor.confirm.expired',
            'Leinkjan er farin úr gildi. Bið um eina nýggja niðanfyri (tú kanst eisini rita inn, um tú longu hevur váttað teldupostin).',
          )
        : t(
            'contributor.confirm.invalid',
            'Leinkjan er ikki gyldug. Bið um eina nýggja niðanfyri (tú kanst eisini rita inn, um tú longu hevur váttað teldupostin).',
          )}
    </Alert>
  );
}
