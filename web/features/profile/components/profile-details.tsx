import { useState } from 'react';
import { type OwnProfile, updateOwnProfileBody } from '#common/api/profile.ts';
import { useT } from '#web/app/i18n.tsx';
import { Button, primaryButton, secondaryButton } from '#web/components/button.tsx';
import { Field, Form, SubmitButton } from '#web/components/form.tsx';
import { toast } from '#web/components/toaster.tsx';
import { roleLabel } from '#web/features/users/index.ts';
import { useUpdateOwnProfile } from '../api/own-profile.ts';

const row = 'grid gap-1 sm:grid-cols-[12rem_1fr]';

/** The name, e-mail and role, with 'Edit Profile' opening the name's form (the e-mail is fixed). */
export function ProfileDetails({ me }: { me: OwnProfile }) {
  const t = useT();
  const update = useUpdateOwnProfile();
  const [editing, setEditing] = useState(false);
  return (
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
              {t('admin.profile.email_note', 'Email cannot be changed. Contact an administrator if needed.')}
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
  );
}
