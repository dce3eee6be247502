import { Images, Info, Menu, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { paths } from '#common/paths.ts';
import { useMe } from '../features/auth/api/get-me.ts';
import { LanguageSwitch } from '../features/translations/components/language-switch.tsx';
import { AccountLinks } from './header-account.tsx';
import { CustomCardButton, DocumentButton, SlideshowLink, useHeaderContent } from './header-content.tsx';
import { focusRing, mobileLink, navLink } from './header-styles.ts';
import { useT } from './i18n.tsx';

/** Header and menus (public-site.md §2 "Header and menus"). */
export function Header() {
  const t = useT();
  const { data: user } = useMe();
  const content = useHeaderContent();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuPath, setMenuPath] = useState(pathname);
  const toggleRef = useRef<HTMLButtonElement>(null);
  // Close the mobile menu once a link in it has taken the user elsewhere.
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMenuOpen(false);
  }

  // Escape closes the open menu and gives focus back to its button.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3">
        <Link
          to={paths.home}
          className={`inline-flex items-center gap-2 rounded text-xl font-bold text-slate-900 ${focusRing}`}
        >
          <Images aria-hidden="true" className="size-7 text-blue-700" />
          {content.siteTitle || t('site.title', 'Myndasavn')}
        </Link>

        {/* The full bar from lg up; below that everything is in the menu. */}
        <nav aria-label={t('nav.main', 'Høvuðsvalmynd')} className="hidden items-center gap-2 lg:flex">
          {content.card && <CustomCardButton card={content.card} variant="desktop" />}
          {content.document && <DocumentButton {...content.document} variant="desktop" />}
          {content.slideshow && <SlideshowLink slideshow={content.slideshow} variant="desktop" />}
          <NavLink
            to={paths.about}
            aria-label={t('nav.about', 'Um okkum')}
            title={t('nav.about', 'Um okkum')}
            className={navLink}
          >
            <Info aria-hidden="true" className="size-5" />
          </NavLink>
          <NavLink to={paths.map} className={navLink}>
            {t('nav.map', 'Kort')}
          </NavLink>
          <NavLink to={paths.submit} className={navLink}>
            {t('nav.submit', 'Send tilfar')}
          </NavLink>
          <LanguageSwitch />
          <AccountLinks user={user ?? null} variant="desktop" />
        </nav>

        <button
          ref={toggleRef}
          type="button"
          className={`rounded p-2 text-slate-800 hover:bg-slate-100 lg:hidden ${focusRing}`}
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
          className="border-t border-slate-200 px-4 py-3 lg:hidden"
        >
          {content.card && <CustomCardButton card={content.card} variant="mobile" />}
          {content.document && <DocumentButton {...content.document} variant="mobile" />}
          {content.slideshow && <SlideshowLink slideshow={content.slideshow} variant="mobile" />}
          <NavLink to={paths.about} className={mobileLink}>
            {t('nav.about', 'Um okkum')}
          </NavLink>
          <NavLink to={paths.map} className={mobileLink}>
            {t('nav.map', 'Kort')}
          </NavLink>
          <NavLink to={paths.submit} className={mobileLink}>
            {t('nav.submit', 'Send tilfar')}
          </NavLink>
          <LanguageSwitch className="mx-3 mt-2" />
          <AccountLinks user={user ?? null} variant="mobile" />
        </nav>
      )}
    </header>
  );
}
