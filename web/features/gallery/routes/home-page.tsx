import { useT } from '../../../app/i18n.tsx';
import { BeingBuilt } from '../../../components/page.tsx';
import { useGallerySummary } from '../api/get-gallery-summary.ts';
import { SendMaterialPanel } from '../components/send-material-panel.tsx';
import { TrialBanner } from '../components/trial-banner.tsx';

/** Home gallery (/). The grid, featured strip and filters come with the gallery work. */
export function HomePage() {
  const t = useT();
  // A failed load is swallowed (public-site.md §8): the counts are simply not shown.
  const { data: summary } = useGallerySummary();

  return (
    <>
      <TrialBanner />
      <section className="bg-slate-800 px-4 py-10 text-white">
        <div className="mx-auto max-w-7xl">
          <h1 className="text-4xl font-bold">{t('site.title', 'Myndasavn')}</h1>
          <p className="mt-2 text-lg text-slate-100">{t('site.description', 'Historical Media Archive')}</p>
          {summary && (
            <p className="mt-4 text-slate-100">
              {t('home.banner.items', '{n} lutir', { n: summary.totalItems })}
              {' · '}
              {t('home.banner.views', '{v} sýningar', { v: summary.totalViews })}
            </p>
          )}
        </div>
      </section>
      <div className="mx-auto max-w-7xl space-y-8 px-4 py-8">
        <SendMaterialPanel />
        {summary?.totalItems === 0 ? (
          <section className="py-12 text-center">
            <h2 className="text-2xl font-semibold text-slate-900">
              {t('home.empty.title', 'Gallery Coming Soon')}
            </h2>
          </section>
        ) : (
          <BeingBuilt />
        )}
      </div>
    </>
  );
}
