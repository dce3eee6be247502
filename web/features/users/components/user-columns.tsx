import type { AdminUser } from '#common/api/users.ts';
import type { Translate } from '#web/app/i18n.tsx';
import type { Column } from '#web/components/data-table.tsx';
import { roleLabel } from './user-dialogs.tsx';
import { date, type RowActions, StatusBadge, UserActions } from './user-row.tsx';

/** The staff table's columns: the user (name, e-mail, ID), role, status, uploads, joined, actions. */
export function userColumns(t: Translate, actions: RowActions): Column<AdminUser>[] {
  return [
    {
      id: 'user',
      header: t('admin.users.column.user', 'User'),
      rowHeader: true,
      cell: (user) => (
        <div className="min-w-0">
          <span className="block break-words">
            {user.fullName || t('admin.users.no_name', 'No name')}
            {user.id === actions.meId && (
              <span className="ml-2 rounded-full bg-blue-100 px-2 py-0.5 text-xs font-medium text-blue-900">
                {t('admin.users.you', 'You')}
              </span>
            )}
          </span>
          <span className="block text-xs font-normal text-slate-700">{user.email}</span>
          <span className="block text-xs font-normal text-slate-700">{user.displayId}</span>
        </div>
      ),
    },
    { id: 'role', header: t('admin.users.column.role', 'Role'), cell: (user) => roleLabel(user.role, t) },
    {
      id: 'status',
      header: t('admin.users.column.status', 'Status'),
      cell: (user) => <StatusBadge user={user} t={t} />,
    },
    { id: 'uploads', header: t('admin.users.column.uploads', 'Uploads'), cell: (user) => user.totalUploads },
    {
      id: 'joined',
      header: t('admin.users.column.joined', 'Joined'),
      cell: (user) => <time dateTime={user.createdAt}>{date(user.createdAt)}</time>,
    },
    {
      id: 'actions',
      header: t('admin.users.column.actions', 'Actions'),
      cell: (user) => <UserActions user={user} actions={actions} t={t} />,
    },
  ];
}
