import type { OwnProfile } from '#common/api/profile.ts';
import { useT } from '#web/app/i18n.tsx';

const row = 'grid gap-1 sm:grid-cols-[12rem_1fr]';
const date = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-GB') : '—');

/** The account's facts: its id, display id, status, since when, last sign-in, e-mail confirmed. */
export function AccountInfo({ me }: { me: OwnProfile }) {
  const t = useT();
  return (
    <section
      aria-labelledby="profile-account"
      className="mt-6 rounded-lg border border-slate-200 bg-white p-6"
    >
      <h2 id="profile-account" className="text-xl font-semibold text-slate-900">
        {t('admin.profile.account', 'Account information')}
      </h2>
      <dl className="mt-4 grid gap-3 text-sm">
        <div className={row}>
          <dt className="font-medium text-slate-700">{t('admin.profile.account_id', 'Account ID')}</dt>
          <dd className="font-mono text-slate-900" title={me.id}>
            {me.id.slice(0, 8)}
          </dd>
        </div>
        <div className={row}>
          <dt className="font-medium text-slate-700">{t('admin.profile.display_id', 'Display ID')}</dt>
          <dd className="text-slate-900">{me.displayId}</dd>
        </div>
        <div className={row}>
          <dt className="font-medium text-slate-700">{t('admin.profile.status', 'Status')}</dt>
          <dd className="text-slate-900">
            {me.isActive ? t('admin.users.active', 'Active') : t('admin.users.deactivated', 'Deactivated')}
          </dd>
        </div>
        <div className={row}>
          <dt className="font-medium text-slate-700">{t('admin.profile.created', 'Member since')}</dt>
          <dd className="text-slate-900">{date(me.createdAt)}</dd>
        </div>
        <div className={row}>
          <dt className="font-medium text-slate-700">{t('admin.profile.last_sign_in', 'Last sign-in')}</dt>
          <dd className="text-slate-900">{date(me.lastSignInAt)}</dd>
        </div>
        <div className={row}>
          <dt className="font-medium text-slate-700">
            {t('admin.profile.email_confirmed', 'Email confirmed')}
          </dt>
          <dd className="text-slate-900">
            {me.emailConfirmed ? t('admin.profile.yes', 'Yes') : t('admin.profile.no', 'No')}
          </dd>
        </div>
      </dl>
    </section>
  );
}
