import { useCallback, useMemo } from 'react';
import type { AdminUser } from '#common/api/users.ts';
import { type Translate, useT } from '#web/app/i18n.tsx';
import { useConfirm } from '#web/components/confirm-dialog.tsx';
import { toast } from '#web/components/toaster.tsx';
import { useErrorText } from '#web/lib/error-text.ts';
import { useDeleteUser, useSendPasswordReset, useSetUserActive } from '../api/admin-users.ts';

export const date = (iso: string) => new Date(iso).toLocaleDateString('en-GB');
const smallButton =
  'rounded px-2 py-1 text-sm font-medium text-blue-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-blue-700 disabled:text-slate-500 disabled:no-underline';

export interface RowActions {
  meId: string | undefined;
  onEdit: (user: AdminUser) => void;
  onToggleActive: (user: AdminUser) => void;
  onReset: (user: AdminUser) => void;
  onDelete: (user: AdminUser) => void;
}

export function UserActions({ user, actions, t }: { user: AdminUser; actions: RowActions; t: Translate }) {
  const isSelf = user.id === actions.meId;
  const name = user.fullName || user.email;
  return (
    <div className="flex flex-wrap gap-1">
      <button type="button" className={smallButton} onClick={() => actions.onEdit(user)}>
        {t('admin.users.edit', 'Edit')}
        <span className="sr-only"> {name}</span>
      </button>
      <button type="button" className={smallButton} onClick={() => actions.onReset(user)}>
        {t('admin.users.send_reset', 'Send password reset')}
        <span className="sr-only"> {name}</span>
      </button>
      {!isSelf && (
        <>
          <button type="button" className={smallButton} onClick={() => actions.onToggleActive(user)}>
            {user.isActive
              ? t('admin.users.deactivate', 'Deactivate')
              : t('admin.users.activate', 'Activate')}
            <span className="sr-only"> {name}</span>
          </button>
          <button
            type="button"
            className={`${smallButton} text-red-800`}
            onClick={() => actions.onDelete(user)}
          >
            {t('admin.users.delete', 'Delete')}
            <span className="sr-only"> {name}</span>
          </button>
        </>
      )}
    </div>
  );
}

export function StatusBadge({ user, t }: { user: AdminUser; t: Translate }) {
  return user.isActive ? (
    <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-900">
      {t('admin.users.active', 'Active')}
    </span>
  ) : (
    <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-900">
      {t('admin.users.deactivated', 'Deactivated')}
    </span>
  );
}

/**
 * What a user's row (and a contributor's card) can do: edit (the page's dialog), activate or
 * deactivate, send a password reset, delete; the destructive ones ask first (`confirmDialog`, drawn
 * by the page).
 */
export function useUserActions(meId: string | undefined, onEdit: (user: AdminUser) => void) {
  const t = useT();
  const errorText = useErrorText();
  const [confirm, confirmDialog] = useConfirm();
  const { mutateAsync: setActive } = useSetUserActive();
  const { mutateAsync: remove } = useDeleteUser();
  const { mutateAsync: sendReset } = useSendPasswordReset();

  const onToggleActive = useCallback(
    async (user: AdminUser) => {
      const name = user.fullName || user.email;
      if (user.isActive) {
        const yes = await confirm({
          title: t('admin.users.deactivate_title', 'Deactivate user?'),
          description: t(
            'admin.users.deactivate_confirm',
            '{name} will be signed out at once and cannot sign in until activated again.',
            { name },
          ),
          confirmLabel: t('admin.users.deactivate', 'Deactivate'),
          destructive: true,
        });
        if (!yes) return;
      }
      try {
        await setActive({ userId: user.id, isActive: !user.isActive });
        toast.success(
          user.isActive
            ? t('admin.users.deactivated_done', 'User deactivated.')
            : t('admin.users.activated_done', 'User activated.'),
        );
      } catch (error) {
        toast.error(
          errorText(error, { '*': t('admin.users.status_failed', 'Failed to update user status') }),
        );
      }
    },
    [confirm, setActive, t, errorText],
  );

  const onDelete = useCallback(
    async (user: AdminUser) => {
      const name = user.fullName || user.email;
      const yes = await confirm({
        title: t('admin.users.delete_title', 'Delete user?'),
        description:
          user.totalUploads > 0
            ? t(
                'admin.users.delete_confirm_uploads',
                'Warning: {name} has uploaded {count} items. Deleting this user cannot be undone. Their uploads stay in the archive, attributed to a removed user.',
                { name, count: user.totalUploads },
              )
            : t(
                'admin.users.delete_confirm',
                'Are you sure you want to delete {name}? This action cannot be undone.',
                { name },
              ),
        destructive: true,
      });
      if (!yes) return;
      try {
        await remove(user.id);
        toast.success(t('admin.users.deleted', 'User deleted successfully!'));
      } catch (error) {
        toast.error(errorText(error, { '*': t('admin.users.delete_failed', 'Failed to delete user') }));
      }
    },
    [confirm, remove, t, errorText],
  );

  const onReset = useCallback(
    async (user: AdminUser) => {
      try {
        const sent = await sendReset(user.id);
        toast.success(
          t('admin.users.reset_sent', 'Password reset email sent to {email}.', { email: sent.email }),
        );
      } catch (error) {
        toast.error(
          errorText(error, { '*': t('admin.users.reset_failed', 'Failed to send password reset email') }),
        );
      }
    },
    [sendReset, t, errorText],
  );

  const actions: RowActions = useMemo(
    () => ({ meId, onEdit, onToggleActive, onReset, onDelete }),
    [meId, onEdit, onToggleActive, onReset, onDelete],
  );
  return { actions, confirmDialog };
}
