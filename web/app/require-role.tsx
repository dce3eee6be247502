import { type ReactNode, useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { ROUTE_GUARD_TIMEOUT_MS } from '../../common/limits.ts';
import { type Action, can, isStaff } from '../../common/permissions.ts';
import { Spinner } from '../components/spinner.tsx';
import { toActor, useMe } from '../features/auth/api/get-me.ts';
import { withNext } from '../lib/safe-next.ts';
import { useT } from './i18n.tsx';

/**
 * Route guard (public-site.md §4). The server refuses anything the user may not do; this only
 * keeps people away from screens that would show them nothing but refusals.
 */
export function RequireRole({
  action,
  loginPath = '/login',
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
    return <Navigate to={withNext(loginPath, location.pathname + location.search)} replace />;
  }
  if (!can(actor, action)) {
    return <Navigate to={isStaff(actor) ? '/admin' : '/contributor/dashboard'} replace />;
  }
  return children;
}
