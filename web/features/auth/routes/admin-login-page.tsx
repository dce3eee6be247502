import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useT } from '#web/app/i18n.tsx';
import { linkButton } from '#web/components/button.tsx';
import { safeNext } from '#common/safe-next.ts';
import { useHydrated } from '#web/lib/hydrated.ts';
import { homeFor, useMe } from '../api/get-me.ts';
import { RequestResetForm } from '../components/request-reset-form.tsx';
import { SignInForm } from '../components/sign-in-form.tsx';
import { paths } from '#common/paths.ts';

/** Admin sign-in (/login), in English (public-site.md §2). */
export function AdminLoginPage() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const { data: user } = useMe();
  // Only someone already signed in on arrival is sent on; a sign-in made here navigates itself.
  const [arrivedSignedIn] = useState(() => Boolean(user));
  const [forgotOpen, setForgotOpen] = useState(false);
  const hydrated = useHydrated();

  if (arrivedSignedIn && user) return <Navigate to={homeFor(user)} replace />;

  return (
    <div className="mx-auto w-full max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900">{t('login.title', 'Admin Sign In')}</h1>
      <div className="mt-6">
        <SignInForm
          texts={{
            email: t('login.email', 'Email'),
            password: t('login.password', 'Password'),
            submit: t('login.submit', 'Sign In'),
            submitting: t('login.submitting', 'Signing in...'),
            deactivatedHelp: t(
              'login.deactivated_help',
              'Please contact the administrator. Your account has been temporarily suspended.',
            ),
            required: t('login.required', 'This field is required.'),
            // Staff sign-in is in English (public-site.md §2), whatever the site's language.
            errors: {
              INVALID_EMAIL_OR_PASSWORD: t('login.invalid', 'Invalid email or password'),
              RATE_LIMITED: t('login.rate_limited', 'Too many attempts. Please wait a moment and try again.'),
              NETWORK: t('login.network', 'Could not reach the server. Please try again.'),
            },
          }}
          onSignedIn={(signedIn) =>
            navigate(next ?? (signedIn ? homeFor(signedIn) : paths.admin.dashboard), { replace: true })
          }
        />
      </div>
      <div className="mt-6">
        {/* Until the script opens the panel here, the link opens the same form on its own page. */}
        {!hydrated ? (
          <a href={paths.resetPassword} className={linkButton}>
            {t('login.forgot', 'Forgot password?')}
          </a>
        ) : (
          <button
            type="button"
            className={linkButton}
            aria-expanded={forgotOpen}
            aria-controls="forgot-password"
            onClick={() => setForgotOpen((open) => !open)}
          >
            {t('login.forgot', 'Forgot password?')}
          </button>
        )}
        {forgotOpen && (
          <div id="forgot-password" className="mt-3">
            <RequestResetForm />
          </div>
        )}
      </div>
    </div>
  );
}
