import { type ReactNode, useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { paths } from '#common/paths.ts';
import { MESSAGE_CLEAR_MS, ROUTE_GUARD_TIMEOUT_MS } from '#common/limits.ts';
import { type Action, can, isStaff } from '#common/permissions.ts';
import { Spinner } from '../components/spinner.tsx';
import { toActor, useMe } from '../features/auth/api/get-me.ts';
import { useHydrated } from '../lib/hydrated.ts';
import { withNext } from '#common/safe-next.ts';
import { adminScreenAt } from './admin-screens.ts';
import { useT } from './i18n.tsx';

/**
 * Route guard (public-site.md §4). The server refuses anything the user may not do; this only
 * keeps people away from screens that would show them nothing but refusals.
 */
export function RequireRole({
  action,
  loginPath = paths.login,
  children,
}: {
  action: Action;
  loginPath?: string;
  children: ReactNode;
}) {
  const t = useT();
  const location = useLocation();
  const { data: user, isPending } = useMe();
  const [timedOut, setTimedOut] = useState(false);
  const hydrated = useHydrated();

  useEffect(() => {
    if (!isPending) return;
    const timer = setTimeout(() => setTimedOut(true), ROUTE_GUARD_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [isPending]);

  if (isPending) {
    if (timedOut) return <Navigate to={loginPath} replace />;
    return <Spinner text={t('guard.checking', 'Checking permissions...')} />;
  }

  const actor = toActor(user);
  // A deactivated account counts as signed out: its sessions are revoked by the server.
  if (!actor?.isActive) {
    const signIn = withNext(loginPath, location.pathname + location.search);
    return (
      <>
        {!hydrated && <SignInPrompt to={signIn} />}
        <Navigate to={signIn} replace />
      </>
    );
  }
  if (!can(actor, action)) return <AccessDenied staff={isStaff(actor)} />;
  return children;
}

/**
 * What the page the server draws for a signed-out visitor shows (Navigate draws nothing and only
 * moves once the page's script runs): the way to sign in, which also serves without JavaScript.
 * Once the script runs the visitor is on the sign-in page already.
 */
function SignInPrompt({ to }: { to: string }) {
  const t = useT();
  return (
    <div className="mx-auto w-full max-w-lg px-4 py-12 text-center">
      <p className="text-slate-700">{t('guard.sign_in_text', 'Please sign in to see this page.')}</p>
      <Link
        to={to}
        className="mt-6 inline-flex rounded-md bg-blue-700 px-4 py-2 font-medium text-white hover:bg-blue-800"
      >
        {t('guard.sign_in', 'Rita inn')}
      </Link>
    </div>
  );
}

/**
 * 'Access Denied' (admin-back-office.md §6): said plainly, with the way back, and after a moment
 * the user is taken there (staff to /admin, contributors to their dashboard).
 */
function AccessDenied({ staff }: { staff: boolean }) {
  const t = useT();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const home = staff ? paths.admin.dashboard : paths.contributorDashboard;
  const screen = adminScreenAt(pathname);
  const denied = screen && 'denied' in screen ? screen.denied : undefined;
  useEffect(() => {
    const timer = setTimeout(() => navigate(home, { replace: true }), MESSAGE_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [navigate, home]);
  return (
    <div className="mx-auto w-full max-w-lg px-4 py-12 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{t('guard.denied.title', 'Access Denied')}</h1>
      <p className="mt-3 text-slate-700">
        {denied
          ? t(denied[0], denied[1])
          : t('guard.denied.text', "You don't have permission to view this page.")}
      </p>
      <Link
        to={home}
        className="mt-6 inline-flex rounded-md bg-blue-700 px-4 py-2 font-medium text-white hover:bg-blue-800"
      >
        {staff
          ? t('guard.denied.back_admin', 'Back to Admin')
          : t('nav.contributor_dashboard', 'Mítt yvirlit')}
      </Link>
    </div>
  );
}
