import { Switch } from 'radix-ui';
import { useId, useState } from 'react';
import { type OwnProfile, updateOwnProfileBody } from '#common/api/profile.ts';
import type { Role } from '#common/roles.ts';
import { type Translate, useT } from '#web/app/i18n.tsx';
import { Alert } from '#web/components/alert.tsx';
import { Button, primaryButton, secondaryButton } from '#web/components/button.tsx';
import { Field, Form, SubmitButton } from '#web/components/form.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { toast } from '#web/components/toaster.tsx';
import { useErrorText } from '#web/lib/error-text.ts';
import { roleLabel } from '#web/features/users/index.ts';
import { useOwnProfile, useUpdateOwnProfile, useUpdatePreferences } from '../api/own-profile.ts';

/** What each role may do (admin-back-office.md §6), as the profile page lists it. */
function permissionsOf(role: Role, t: Translate): string[] {
  const content = [
    t('admin.profile.perm.media', 'Upload and manage media'),
    t('admin.profile.perm.submissions', 'Review submissions'),
    t('admin.profile.perm.organise', 'Organise folders and categories'),
    t('admin.profile.perm.documents', 'Manage documents and slideshows'),
    t('admin.profile.perm.profile', 'Edit your own profile'),
  ];
  const dashboard = t('admin.profile.perm.dashboard', 'View the dashboard and activity log');
  switch (role) {
    case 'admin':
      return [
        dashboard,
        ...content,
        t('admin.profile.perm.settings', 'Change site settings and the watermark'),
        t('admin.profile.perm.users', 'Manage users'),
        t('admin.profile.perm.translations', 'Manage translations'),
      ];
    case 'editor':
      return [dashboard, ...content];
    case 'viewer':
      return [dashboard];
    case 'public':
      return [t('admin.profile.perm.contribute', 'Submit items to the archive')];
  }
}

function NotificationSwitch({ profile }: { profile: OwnProfile }) {
  const t = useT();
  const id = useId();
  const errorText = useErrorText();
  const update = useUpdatePreferences();
  return (
    <div className="flex items-start gap-3">
      <Switch.Root
        id={id}
        checked={profile.preferences.notifyNewSubmissions}
        disabled={update.isPending}
        aria-describedby={`${id}-help`}
        onCheckedChange={async (checked) => {
          try {
            await update.mutateAsync({ notifyNewSubmissions: checked });
            toast.success(
              checked
                ? t('admin.profile.notify_on', 'You will get an e-mail about new submissions.')
                : t('admin.profile.notify_off', 'E-mails about new submissions are off.'),
            );
          } catch (error) {
            toast.error(
              errorText(error, { '*': t('admin.profile.notify_failed', 'Failed to save the setting') }),
            );
          }
        }}
        className="relative mt-0.5 h-6 w-11 shrink-0 rounded-full bg-slate-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 data-[state=checked]:bg-blue-700"
      >
        <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
      </Switch.Root>
      <div>
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {t('admin.profile.notify', 'E-mail me about new submissions')}
        </label>
        <p id={`${id}-help`} className="text-xs text-slate-700">
          {t('admin.profile.notify_help', 'A short message when visitors or contributors send in new items.')}
        </p>
      </div>
    </div>
  );
}

const date = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-GB') : '—');

/** Profile (/admin/profile): the staff member's own account, its name editable. */
export function AdminProfilePage() {
  const t = useT();
  const profile = useOwnProfile();
  const update = useUpdateOwnProfile();
  const [editing, setEditing] = useState(false);

  if (profile.isPending) return <Spinner text={t('admin.profile.loading', 'Loading profile...')} />;
  if (profile.error || !profile.data) {
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-8">
        <Alert tone="error">{t('admin.profile.unavailable', 'Profile information not available')}</Alert>
      </div>
    );
  }
  const me = profile.data;
  const row = 'grid gap-1 sm:grid-cols-[12rem_1fr]';

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-bold text-slate-900">{t('admin.profile.title', 'Profile')}</h1>
      <section
        aria-labelledby="profile-details"
        className="mt-6 rounded-lg border border-slate-200 bg-white p-6"
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="profile-details" className="text-xl font-semibold text-slate-900">
            {t('admin.profile.details', 'Profile details')}
          </h2>
          {!editing && (
            <Button className={secondaryButton} onClick={() => setEditing(true)}>
              {t('admin.profile.edit', 'Edit Profile')}
            </Button>
          )}
        </div>
        {editing ? (
          <Form
            className="mt-4 grid gap-4"
            schema={updateOwnProfileBody}
            defaultValues={{ fullName: me.fullName ?? '' }}
            errorTexts={{ '*': t('admin.profile.update_failed', 'Failed to update profile') }}
            onSubmit={async (values) => {
              await update.mutateAsync(values);
              toast.success(t('admin.profile.updated', 'Profile updated successfully!'));
              setEditing(false);
            }}
          >
            <Field name="fullName" autoComplete="name" label={t('admin.profile.full_name', 'Full name')} />
            <div>
              <label htmlFor="profile-email" className="block text-sm font-medium text-slate-800">
                {t('admin.profile.email', 'Email')}
              </label>
              <input
                id="profile-email"
                readOnly
                value={me.email}
                aria-describedby="profile-email-note"
                className="mt-1 block w-full rounded-md border border-slate-300 bg-slate-100 px-3 py-2 text-slate-800"
              />
              <p id="profile-email-note" className="mt-1 text-xs text-slate-700">
                {t(
                  'admin.profile.email_note',
                  'Email cannot be changed. Contact an administrator if needed.',
                )}
              </p>
            </div>
            <div className="flex gap-2">
              <SubmitButton pendingText={t('admin.profile.saving', 'Saving...')} className={primaryButton}>
                {t('admin.profile.save', 'Save Changes')}
              </SubmitButton>
              <Button className={secondaryButton} onClick={() => setEditing(false)}>
                {t('admin.profile.cancel', 'Cancel')}
              </Button>
            </div>
          </Form>
        ) : (
          <dl className="mt-4 grid gap-3 text-sm">
            <div className={row}>
              <dt className="font-medium text-slate-700">{t('admin.profile.full_name', 'Full name')}</dt>
              <dd className="text-slate-900">{me.fullName || t('admin.profile.no_name', 'Not set')}</dd>
            </div>
            <div className={row}>
              <dt className="font-medium text-slate-700">{t('admin.profile.email', 'Email')}</dt>
              <dd className="text-slate-900 break-all">{me.email}</dd>
            </div>
            <div className={row}>
              <dt className="font-medium text-slate-700">{t('admin.profile.role', 'Role')}</dt>
              <dd className="text-slate-900">{roleLabel(me.role, t)}</dd>
            </div>
          </dl>
        )}
      </section>

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
