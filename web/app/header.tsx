import { ChevronDown, CircleUser, Info, Menu, X } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { Me } from '../../common/api.ts';
import { canManageContent, isStaff } from '../../common/permissions.ts';
import { toActor, useMe } from '../features/auth/api/get-me.ts';
import { useSignOut } from '../features/auth/api/sign-out.ts';
import { adminScreensFor } from './admin-screens.ts';
import { useT } from './i18n.tsx';

const navLink = 'rounded px-2 py-1 font-medium text-slate-800 hover:bg-slate-100 hover:text-slate-950';
const mobileLink = 'block rounded px-3 py-2 font-medium text-slate-800 hover:bg-slate-100';

/** Header and menus (public-site.md §2). */
export function Header() {
  const t = useT();
  const { data: user } = useMe();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuPath, setMenuPath] = useState(pathname);
  // Close the mobile menu once a link in it has taken the user elsewhere.
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMenuOpen(false);
  }

  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3">
        <Link to="/" className="text-xl font-bold text-slate-900">
          {t('site.title', 'Myndasavn')}
        </Link>

        <nav aria-label={t('nav.main', 'Høvuðsvalmynd')} className="hidden items-center gap-2 md:flex">
          <Link
            to="/about"
            aria-label={t('nav.about', 'Um okkum')}
            title={t('nav.about', 'Um okkum')}
            className={navLink}
          >
            <Info aria-hidden="true" className="size-5" />
          </Link>
          <Link to="/submit" className={navLink}>
            {t('nav.submit', 'Send tilfar')}
          </Link>
          <AccountLinks user={user ?? null} variant="desktop" />
        </nav>

        <button
          type="button"
          className="rounded p-2 text-slate-800 hover:bg-slate-100 md:hidden"
          aria-label={t('nav.menu', 'Valmynd')}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? (
            <X aria-hidden="true" className="size-6" />
          ) : (
            <Menu aria-hidden="true" className="size-6" />
          )}
        </button>
      </div>

      {menuOpen && (
        <nav
          id="mobile-menu"
          aria-label={t('nav.mobile', 'Valmynd á fartelefon')}
          className="border-t border-slate-200 px-4 py-3 md:hidden"
        >
          <Link to="/about" className={mobileLink}>
            {t('nav.about', 'Um okkum')}
          </Link>
          <Link to="/submit" className={mobileLink}>
            {t('nav.submit', 'Send tilfar')}
          </Link>
          <AccountLinks user={user ?? null} variant="mobile" />
        </nav>
      )}
    </header>
  );
}

function AccountLinks({ user, variant }: { user: Me | null; variant: 'desktop' | 'mobile' }) {
  const t = useT();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const linkClass = variant === 'desktop' ? navLink : mobileLink;

  if (!user) {
    return (
      <>
        <Link to="/contributor/login" className={linkClass}>
          {t('nav.contributor_login', 'Innrita sum íkastari')}
        </Link>
        <Link to="/login" className={linkClass}>
          {t('nav.admin_login', 'Admin')}
        </Link>
      </>
    );
  }

  const actor = toActor(user);
  const screens = adminScreensFor(actor);
  const onSignOut = () => signOut.mutate(undefined, { onSettled: () => navigate('/') });

  return (
    <>
      {user.role === 'public' && (
        <Link to="/contributor/dashboard" className={linkClass}>
          {t('nav.contributor_dashboard', 'Mítt yvirlit')}
        </Link>
      )}
      {canManageContent(actor) &&
        (variant === 'desktop' ? (
          // Not modal and not portalled: the page stays readable around the menu, which stays in the nav.
          <DropdownMenu.Root modal={false}>
            <DropdownMenu.Trigger className={`${navLink} inline-flex items-center gap-1`}>
              {t('nav.admin', 'Admin')}
              <ChevronDown aria-hidden="true" className="size-4" />
            </DropdownMenu.Trigger>
            <DropdownMenu.Content
              align="end"
              sideOffset={6}
              className="z-50 min-w-52 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
            >
              {screens.map((screen) => (
                <DropdownMenu.Item key={screen.path} asChild>
                  <Link
                    to={screen.path}
                    className="block rounded px-3 py-2 text-sm text-slate-800 data-highlighted:bg-slate-100"
                  >
                    {t(screen.key, screen.label)}
                  </Link>
                </DropdownMenu.Item>
              ))}
            </DropdownMenu.Content>
          </DropdownMenu.Root>
        ) : (
          <div className="mt-2 border-t border-slate-200 pt-2">
            <p className="px-3 py-1 text-sm font-semibold text-slate-700">{t('nav.admin', 'Admin')}</p>
            {screens.map((screen) => (
              <Link key={screen.path} to={screen.path} className={mobileLink}>
                {t(screen.key, screen.label)}
              </Link>
            ))}
          </div>
        ))}
      {!canManageContent(actor) && isStaff(actor) && (
        <Link to="/admin" className={linkClass}>
          {t('nav.admin', 'Admin')}
        </Link>
      )}
      <span
        className={`inline-flex items-center gap-1 rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-800 ${variant === 'mobile' ? 'mt-2' : ''}`}
      >
        <CircleUser aria-hidden="true" className="size-4" />
        {user.fullName || user.email}
      </span>
      <button
        type="button"
        className={variant === 'desktop' ? navLink : `${mobileLink} w-full text-left`}
        onClick={onSignOut}
        disabled={signOut.isPending}
      >
        {t('nav.sign_out', 'Rita út')}
      </button>
    </>
  );
}
