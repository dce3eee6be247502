import { Dialog } from 'radix-ui';
import { type AdminUser, createUserBody, updateUserBody } from '#common/api/users.ts';
import { ROLES, type Role } from '#common/roles.ts';
import { type Translate, useT } from '#web/app/i18n.tsx';
import { Field, Form, SelectField, SubmitButton, SwitchField, TextareaField } from '#web/components/form.tsx';
import { ModalContent } from '#web/components/modal.tsx';
import { toast } from '#web/components/toaster.tsx';
import { useCreateUser, useUpdateUser } from '../api/admin-users.ts';

export function roleLabel(role: Role, t: Translate) {
  switch (role) {
    case 'admin':
      return t('admin.users.role.admin', 'Admin');
    case 'editor':
      return t('admin.users.role.editor', 'Editor');
    case 'viewer':
      return t('admin.users.role.viewer', 'Viewer');
    case 'public':
      return t('admin.users.role.public', 'Public contributor');
  }
}

/** Create User (admin-back-office.md §5): email, password (6+), role (default editor), full name. */
export function CreateUserDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const create = useCreateUser();
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <ModalContent
        title={t('admin.users.create_title', 'Create User')}
        description={t('admin.users.create_text', 'The new user can sign in at once with this password.')}
        closeLabel={t('admin.users.close', 'Close')}
        width="max-w-lg"
      >
        {open && (
          <Form
            className="mt-4 grid gap-4"
            schema={createUserBody}
            defaultValues={{ email: '', password: '', role: 'editor', fullName: '' }}
            codeFields={{ EMAIL_TAKEN: 'email' }}
            errorTexts={{ '*': t('admin.users.create_failed', 'Failed to create user') }}
            onSubmit={async (values) => {
              await create.mutateAsync(values);
              toast.success(t('admin.users.created', 'User created successfully!'));
              onClose();
            }}
          >
            <Field
              name="email"
              type="email"
              autoComplete="off"
              label={t('admin.users.field.email', 'Email')}
              required
            />
            <Field
              name="password"
              type="password"
              autoComplete="new-password"
              label={t('admin.users.field.password', 'Password')}
              description={t('admin.users.field.password_help', 'At least 6 characters.')}
              required
            />
            <SelectField
              name="role"
              label={t('admin.users.field.role', 'Role')}
              required
              options={ROLES.map((role) => ({ value: role, label: roleLabel(role, t) }))}
            />
            <Field name="fullName" label={t('admin.users.field.full_name', 'Full name')} />
            <div className="flex justify-end">
              <SubmitButton pendingText={t('admin.users.creating', 'Creating...')}>
                {t('admin.users.create', 'Create User')}
              </SubmitButton>
            </div>
          </Form>
        )}
      </ModalContent>
    </Dialog.Root>
  );
}

/** Edit User: full name, bio, role, public profile; the email is shown and cannot change. */
export function EditUserDialog({
  user,
  isSelf,
  onClose,
}: {
  user: AdminUser | null;
  isSelf: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const update = useUpdateUser();
  return (
    <Dialog.Root open={user !== null} onOpenChange={(next) => !next && onClose()}>
      <ModalContent
        title={t('admin.users.edit_title', 'Edit User')}
        description={user ? `${user.displayId} · ${user.email}` : ''}
        closeLabel={t('admin.users.close', 'Close')}
        width="max-w-lg"
      >
        {user && (
          <Form
            className="mt-4 grid gap-4"
            schema={updateUserBody}
            defaultValues={{
              fullName: user.fullName ?? '',
              bio: user.bio ?? '',
              role: user.role,
              isPublicProfile: user.isPublicProfile,
            }}
            errorTexts={{ '*': t('admin.users.update_failed', 'Failed to update user') }}
            onSubmit={async (values) => {
              await update.mutateAsync({
                userId: user.id,
                body: isSelf ? { ...values, role: undefined } : values,
              });
              toast.success(t('admin.users.updated', 'User updated successfully!'));
              onClose();
            }}
          >
            <div>
              <label htmlFor="edit-user-email" className="block text-sm font-medium text-slate-800">
                {t('admin.users.field.email', 'Email')}
              </label>
              <input
                id="edit-user-email"
                readOnly
                value={user.email}
                aria-describedby="edit-user-email-note"
                className="mt-1 block w-full rounded-md border border-slate-300 bg-slate-100 px-3 py-2 text-slate-800"
              />
              <p id="edit-user-email-note" className="mt-1 text-xs text-slate-700">
                {t('admin.users.email_readonly', 'The email address cannot be changed.')}
              </p>
            </div>
            <Field name="fullName" label={t('admin.users.field.full_name', 'Full name')} />
            <TextareaField name="bio" rows={3} label={t('admin.users.field.bio', 'Bio')} />
            <SelectField
              name="role"
              label={t('admin.users.field.role', 'Role')}
              disabled={isSelf}
              description={isSelf ? t('admin.users.own_role', 'You cannot change your own role.') : undefined}
              options={ROLES.map((role) => ({ value: role, label: roleLabel(role, t) }))}
            />
            <SwitchField
              name="isPublicProfile"
              label={t('admin.users.field.public_profile', 'Public profile')}
            />
            <div className="flex justify-end">
              <SubmitButton pendingText={t('admin.users.saving', 'Saving...')}>
                {t('admin.users.save', 'Save Changes')}
              </SubmitButton>
            </div>
          </Form>
        )}
      </ModalContent>
    </Dialog.Root>
  );
}
