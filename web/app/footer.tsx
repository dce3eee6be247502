import { Link } from 'react-router';
import { paths } from '#common/paths.ts';
import { useT } from './i18n.tsx';
import { useRenderTime } from './render-time.ts';

/**
 * The footer (public-site.md §2): copyright with the event name and year, and the credit. The spec
 * credits the developer with an external link but names neither; the credit names this project
 * and links to its own page, the about page, rather than to a placeholder address (a deliberate
 * choice, issue 30).
 */
export function Footer() {
  const t = useT();
  const year = new Date(useRenderTime()).getFullYear();
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-sm text-slate-700 sm:flex-row sm:justify-between">
        <p>{t('footer.copyright', '© {year} Mentanardagar', { year })}</p>
        <p>
          <Link
            to={paths.about}
            className="rounded underline hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
          >
            {t('footer.project_credit', 'Developed by the Myndasavn project')}
          </Link>
        </p>
      </div>
    </footer>
  );
}
