import { CircleUser } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { NavLink, useNavigate } from 'react-router';
import type { Me } from '#common/api/account.ts';
import { paths } from '#common/paths.ts';
import { canManageContent, isStaff } from '#common/permissions.ts';
import { toActor } from '../features/auth/api/get-me.ts';
import { useSignOut } from '../features/auth/api/sign-out.ts';
import { adminScreensFor } from './admin-screens.ts';
import { mobileLink, navLink, sectionLabel, type Variant } from './header-styles.ts';
import { useT } from './i18n.tsx';

// Only content managers see the admin dropdown: its menu code loads for them alone.
const AdminMenu = lazy(() => import('./admin-menu.tsx').then((m) => ({ default: m.AdminMenu })));

/** The account's links: sign in when signed out; else the user's own menu or the admin screens, and sign out. */
export function AccountLinks({ user, variant }: { user: Me | null; variant: Variant }) {
  const t = useT();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const linkClass = variant === 'desktop' ? navLink : mobileLink;

  if (!user) {
    return (
      <div className={variant === 'mobile' ? 'mt-2 border-t border-slate-200 pt-2' : 'contents'}>
        <NavLink to={paths.contributorLogin} className={linkClass}>
          {t('nav.contributor_login', 'Innrita sum íkastari')}
        </NavLink>
        <NavLink to={paths.login} className={linkClass}>
          {t('nav.admin_login', 'Admin')}
        </NavLink>
      </div>
    );
  }

  const actor = toActor(user);
  const screens = adminScreensFor(actor);
  const onSignOut = () => signOut.mutate(undefined, { onSettled: () => navigate(paths.home) });
  const badge = (
    <span
      className={`inline-flex items-center gap-1 rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-800 ${variant === 'mobile' ? 'mx-3 my-1' : ''}`}
    >
      <CircleUser aria-hidden="true" className="size-4" />
      {user.fullName || user.email}
    </span>
  );
  const signOutButton = (
    <button
      type="button"
      className={variant === 'desktop' ? navLink : `${mobileLink} w-full text-left`}
      onClick={onSignOut}
      disabled={signOut.isPending}
    >
      {t('nav.sign_out', 'Rita út')}
    </button>
  );

  if (variant === 'mobile') {
    return (
      <div className="mt-2 border-t border-slate-200 pt-2">
        {badge}
        {user.role === 'public' && (
          // The contributor's own menu.
          <>
            <p className={sectionLabel}>{t('nav.contributor', 'Íkastari')}</p>
            <NavLink to={paths.contributorDashboard} className={mobileLink}>
              {t('nav.contributor_dashboard', 'Mítt yvirlit')}
            </NavLink>
          </>
        )}
        {canManageContent(actor) && (
          <>
            <p className={sectionLabel}>{t('nav.admin', 'Admin')}</p>
            {screens.map((screen) => (
              <NavLink key={screen.path} to={screen.path} end className={mobileLink}>
                {t(screen.key, screen.label)}
              </NavLink>
            ))}
          </>
        )}
        {!canManageContent(actor) && isStaff(actor) && (
          <NavLink to={paths.admin.dashboard} end className={mobileLink}>
            {t('nav.admin', 'Admin')}
          </NavLink>
        )}
        {signOutButton}
      </div>
    );
  }

  return (
    <>
      {user.role === 'public' && (
        <NavLink to={paths.contributorDashboard} className={linkClass}>
          {t('nav.contributor_dashboard', 'Mítt yvirlit')}
        </NavLink>
      )}
      {canManageContent(actor) && (
        <Suspense fallback={null}>
          <AdminMenu screens={screens} triggerClassName={navLink} />
        </Suspense>
      )}
      {!canManageContent(actor) && isStaff(actor) && (
        <NavLink to={paths.admin.dashboard} end className={linkClass}>
          {t('nav.admin', 'Admin')}
        </NavLink>
      )}
      {badge}
      {signOutButton}
    </>
  );
}
