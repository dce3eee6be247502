import { useT } from '#web/app/i18n.tsx';
import { Alert } from '#web/components/alert.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { useOwnProfile } from '../api/own-profile.ts';
import { AccountInfo } from '../components/account-info.tsx';
import { NotificationSwitch } from '../components/notification-switch.tsx';
import { ProfileDetails } from '../components/profile-details.tsx';
import { permissionsOf } from '../lib/permissions-of.ts';

/** Profile (/admin/profile): the staff member's own account, its name editable. */
export function AdminProfilePage() {
  const t = useT();
  const profile = useOwnProfile();

  if (profile.isPending) return <Spinner text={t('admin.profile.loading', 'Loading profile...')} />;
  if (profile.error || !profile.data) {
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-8">
        <Alert tone="error">{t('admin.profile.unavailable', 'Profile information not available')}</Alert>
      </div>
    );
  }
  const me = profile.data;

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-bold text-slate-900">{t('admin.profile.title', 'Profile')}</h1>
      <ProfileDetails me={me} />

      <AccountInfo me={me} />

      <section
        aria-labelledby="profile-notify"
        className="mt-6 rounded-lg border border-slate-200 bg-white p-6"
      >
        <h2 id="profile-notify" className="text-xl font-semibold text-slate-900">
          {t('admin.profile.notifications', 'Notifications')}
        </h2>
        <div className="mt-4">
          <NotificationSwitch profile={me} />
        </div>
      </section>

      <section
        aria-labelledby="profile-permissions"
        className="mt-6 rounded-lg border border-slate-200 bg-white p-6"
      >
        <h2 id="profile-permissions" className="text-xl font-semibold text-slate-900">
          {t('admin.profile.permissions', 'Your permissions')}
        </h2>
        <ul className="mt-4 list-disc space-y-1 pl-6 text-sm text-slate-900">
          {permissionsOf(me.role, t).map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}
