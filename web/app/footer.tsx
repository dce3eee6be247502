import { useT } from './i18n.tsx';

// The spec credits the developer with an external link but does not name the site.
const DEVELOPER_URL = 'https://github.com';

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
            className="underline hover:text-slate-900"
          >
            {t('footer.credit', 'Developed by the archive team')}
          </a>
        </p>
      </div>
    </footer>
  );
}
