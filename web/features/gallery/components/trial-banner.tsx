import { TriangleAlert } from 'lucide-react';
import { useT } from '#web/app/i18n.tsx';

/** The home page's notice that the system is in trial operation (public-site.md §1). */
export function TrialBanner() {
  const t = useT();
  return (
    <section
      aria-label={t('home.trial.label', 'Royndarrakstur')}
      className="border-b border-amber-300 bg-amber-50 px-4 py-3 text-amber-900"
    >
      <div className="mx-auto flex max-w-7xl items-start gap-3">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <div>
          <p className="font-semibold">
            {t('home.trial.text', 'Kervið er í royndarrakstri. Feilir kunnu koma fyri.')}
          </p>
          <p lang="en" className="text-sm">
            {t('home.trial.subtitle', 'The system is in trial operation; errors may occur.')}
          </p>
        </div>
      </div>
    </section>
  );
}
