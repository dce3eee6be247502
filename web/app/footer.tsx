import { ExternalLink } from 'lucide-react';
import { useT } from './i18n.tsx';

// The spec credits the developer with an external link but does not name the site.
const DEVELOPER_URL = 'https://github.com';

/** The footer (public-site.md §2): copyright with the event name and year, and the developer credit. */
export function Footer() {
  const t = useT();
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-sm text-slate-700 sm:flex-row sm:justify-between">
        <p>{t('footer.copyright', '© {year} Mentanardagar', { year: new Date().getFullYear() })}</p>
        <p>
          <a
            href={DEVELOPER_URL}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 rounded underline hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
          >
            {t('footer.credit', 'Developed by the archive team')}
            <ExternalLink aria-hidden="true" className="size-3.5" />
            <span className="sr-only">{t('footer.new_tab', '(opens in a new tab)')}</span>
          </a>
        </p>
      </div>
    </footer>
  );
}
