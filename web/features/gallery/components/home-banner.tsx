import type { GallerySummary } from '#common/api/gallery.ts';
import { useT } from '#web/app/i18n.tsx';

/**
 * The banner: the site_title / site_description settings (the server fills in the spec's
 * defaults; the texts stand in only while the settings are not in) and the archive's counts.
 */
export function HomeBanner({
  settings,
  summary,
}: {
  settings: Record<string, string> | undefined;
  summary: GallerySummary | undefined;
}) {
  const t = useT();
  return (
    <section className="bg-slate-800 px-4 py-10 text-white">
      <div className="mx-auto max-w-7xl">
        <h1 className="text-4xl font-bold">{settings?.site_title || t('site.title', 'Myndasavn')}</h1>
        <p className="mt-2 text-lg text-slate-100">
          {settings?.site_description || t('site.description', 'Historical Media Archive')}
        </p>
        {summary && (
          <p className="mt-4 text-slate-100">
            {t('home.banner.items', '{n} lutir', { n: summary.totalItems })}
            {' · '}
            {t('home.banner.views', '{v} sýningar', { v: summary.totalViews })}
          </p>
        )}
      </div>
    </section>
  );
}
