import { displayIdOrFallback } from '../../../../common/display-id.ts';
import { useT } from '../../../app/i18n.tsx';
import { BeingBuilt, Page } from '../../../components/page.tsx';
import { useMe } from '../../auth/api/get-me.ts';

/** Contributor dashboard (/contributor/dashboard). Statistics and submissions come later. */
export function ContributorDashboardPage() {
  const t = useT();
  const { data: user } = useMe();
  if (!user) return null; // the route guard only renders this page for a signed-in account

  return (
    <Page title={t('contributor.dashboard.title', 'Mítt yvirlit')}>
      <p className="text-lg text-slate-800">
        {t('contributor.dashboard.greeting', 'Hey, {name}!', { name: user.fullName || user.email })}
      </p>
      <p className="mt-2 text-slate-700">
        {t('contributor.dashboard.account_id', 'Konto-ID:')}{' '}
        <span className="font-mono font-semibold">{displayIdOrFallback(user.displayId, user.id)}</span>
      </p>
      <div className="mt-6">
        <BeingBuilt />
      </div>
    </Page>
  );
}
