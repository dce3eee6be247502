import { CircleUser, Download, FileDown, Images, Info, Menu, Presentation, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { paths } from '#common/paths.ts';
import type { Me } from '#common/api/account.ts';
import type { DocumentItem } from '#common/api/documents.ts';
import { canManageContent, isStaff } from '#common/permissions.ts';
import { safeLinkUrl } from '#common/safe-url.ts';
import { toActor, useMe } from '../features/auth/api/get-me.ts';
import { useSignOut } from '../features/auth/api/sign-out.ts';
import { useLatestDocument } from '../features/documents/api/get-latest-document.ts';
import { usePublicSettings } from '../features/gallery/api/get-public-settings.ts';
import { type LatestSlideshow, useLatestSlideshow } from '../features/slideshows/api/get-latest-slideshow.ts';
import { adminScreensFor } from './admin-screens.ts';
import { useT } from './i18n.tsx';

// Only content managers see the admin dropdown: its menu code loads for them alone.
const AdminMenu = lazy(() => import('./admin-menu.tsx').then((m) => ({ default: m.AdminMenu })));
import { LanguageSwitch } from '../features/translations/components/language-switch.tsx';

type Variant = 'desktop' | 'mobile';

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700';
const navLink = `rounded px-2 py-1 font-medium text-slate-800 hover:bg-slate-100 hover:text-slate-950 aria-[current=page]:text-blue-800 ${focusRing}`;
const mobileLink = `block rounded px-3 py-2 font-medium text-slate-800 hover:bg-slate-100 aria-[current=page]:text-blue-800 ${focusRing}`;
const actionButton = `inline-flex items-center gap-2 rounded-md bg-blue-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-blue-800 disabled:opacity-70 ${focusRing}`;
const outlineButton = `inline-flex items-center gap-2 rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 ${focusRing}`;
const mobileAction = `flex w-full items-center gap-2 rounded px-3 py-2 text-left font-medium text-slate-800 hover:bg-slate-100 disabled:opacity-70 ${focusRing}`;
const sectionLabel = 'px-3 py-1 text-sm font-semibold text-slate-700';

/**
 * What the header offers besides the account links, read once for the bar and the mobile menu:
 * the latest document, the custom card (when it is set to show in the header) and the latest
 * slideshow (unless slideshow_enabled is 'false').
 */
function useHeaderContent() {
  const { data: settings } = usePublicSettings();
  const { data: document } = useLatestDocument();
  const slideshowsOn = settings?.slideshow_enabled !== 'false';
  const { data: slideshow } = useLatestSlideshow({ enabled: slideshowsOn });
  // Only an http(s) URL or a path on this site is ever linked to (common/safe-url.ts).
  const cardUrl = safeLinkUrl(settings?.custom_card_file_url);
  const card =
    settings?.custom_card_enabled === 'true' && settings.custom_card_show_in_header === 'true' && cardUrl
      ? {
          url: cardUrl,
          title: settings.custom_card_title ?? '',
          buttonText: settings.custom_card_button_text ?? '',
        }
      : null;
  return {
    siteTitle: settings?.site_title,
    // Shown once the settings are in, so the button never flashes another text.
    document: settings && document ? { item: document, text: settings.document_button_text ?? '' } : null,
    card,
    slideshow: settings && slideshowsOn && slideshow ? slideshow : null,
  };
}

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

/**
 * The document button (text from document_button_text): a plain download link to the file, so
 * the browser saves it; the server counts the download as it serves the file with `?download`
 * (public-site.md §4), the same as for the custom card's link.
 */
function DocumentButton({ item, text, variant }: { item: DocumentItem; text: string; variant: Variant }) {
  const t = useT();
  return (
    <a
      href={`${item.url}?download`}
      download={item.fileName}
      title={item.title}
      className={variant === 'desktop' ? actionButton : mobileAction}
    >
      <FileDown aria-hidden="true" className="size-4 shrink-0" />
      {text || t('header.document', 'Mentanardagar skrá')}
    </a>
  );
}

/** The custom document card in its compact header form: one button downloading its file. */
function CustomCardButton({
  card,
  variant,
}: {
  card: { url: string; title: string; buttonText: string };
  variant: Variant;
}) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const title = card.title || t('gallery.card.title', 'Special Document');
  const onClick = async () => {
    setBusy(true);
    try {
      // Loaded on the click: the home page's first load stays within its budget (e2e/bundle.e2e.ts).
      const { downloadFile } = await import('../features/gallery/lib/download-file.ts');
      await downloadFile(card.url);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={busy}
      aria-busy={busy}
      title={title}
      className={variant === 'desktop' ? outlineButton : mobileAction}
    >
      <Download aria-hidden="true" className="size-4 shrink-0" />
      {card.buttonText || t('gallery.card.button', 'Download')}
      <span className="sr-only">: {title}</span>
    </button>
  );
}

/** To the newest public slideshow; in the bar only on large screens (public-site.md §2). */
function SlideshowLink({ slideshow, variant }: { slideshow: LatestSlideshow; variant: Variant }) {
  const t = useT();
  return (
    <Link
      to={paths.slideshow(slideshow.id)}
      title={slideshow.title}
      className={variant === 'desktop' ? outlineButton : mobileAction}
    >
      <Presentation aria-hidden="true" className="size-4 shrink-0" />
      {t('header.slideshow', 'Myndasýning')}
    </Link>
  );
}

function AccountLinks({ user, variant }: { user: Me | null; variant: Variant }) {
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
