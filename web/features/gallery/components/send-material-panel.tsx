import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useT } from '#web/app/i18n.tsx';
import { primaryButton, secondaryButton } from '#web/components/button.tsx';
import { paths } from '#common/paths.ts';

/** The collapsible 'send us material' panel on the home page (public-site.md §2). */
export function SendMaterialPanel() {
  const t = useT();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <section className="rounded-lg border border-slate-200 bg-slate-50">
      <h2>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
          className="flex w-full items-center justify-between px-4 py-3 text-left text-lg font-semibold text-slate-900"
        >
          {t('home.send.title', 'Send okkum tilfar')}
          <ChevronDown
            aria-hidden="true"
            className={`size-5 transition-transform ${open ? 'rotate-180' : ''}`}
          />
        </button>
      </h2>
      <div id={panelId} hidden={!open} className="px-4 pb-4">
        <p className="text-slate-700">
          {t(
            'home.send.text',
            'Hevur tú myndir, filmar, ljóðupptøkur ella skjøl við søguligum virði? Send okkum tey, so kunnu øll njóta tey.',
          )}
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <Link to={paths.submit} className={primaryButton}>
            {t('home.send.anonymous', 'Send uttan at skráseta teg')}
          </Link>
          <Link to={paths.contributorRegister} className={secondaryButton}>
            {t('home.send.register', 'Skráset teg sum íkastari')}
          </Link>
        </div>
      </div>
    </section>
  );
}
