import { UserPlus } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { AdminUser } from '#common/api/users.ts';
import { useT } from '#web/app/i18n.tsx';
import { Button, primaryButton } from '#web/components/button.tsx';
import { DataTable } from '#web/components/data-table.tsx';
import { ListEmpty } from '#web/components/list-filters.tsx';
import { ListPaging } from '#web/components/list-paging.tsx';
import { useListParams } from '#web/lib/use-list-params.ts';
import { useMe } from '#web/features/auth/index.ts';
import { useAdminUsersList, useUserStats } from '../api/admin-users.ts';
import { ContributorCards } from '../components/contributor-cards.tsx';
import { SyncUsersButton } from '../components/sync-users-button.tsx';
import { userColumns } from '../components/user-columns.tsx';
import { CreateUserDialog, EditUserDialog } from '../components/user-dialogs.tsx';
import { USERS_LIST, UserFilters } from '../components/user-filters.tsx';
import { useUserActions } from '../components/user-row.tsx';
import { UserStats } from '../components/user-stats.tsx';

/** Users (/admin/users), admin only: staff table, contributor cards, create, edit and the account actions. */
export function AdminUsersPage() {
  const t = useT();
  const list = useListParams(USERS_LIST);
  const { params } = list;
  const me = useMe().data;
  const role = params.filters.role;
  const users = useAdminUsersList(params);
  const stats = useUserStats();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const { actions, confirmDialog } = useUserActions(me?.id, setEditing);
  const columns = useMemo(() => userColumns(t, actions), [t, actions]);

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">{t('admin.users.title', 'Users')}</h1>
          <p className="mt-1 text-slate-700">
            {t('admin.users.intro', 'Staff accounts and public contributors of the archive.')}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <SyncUsersButton />
          <Button className={primaryButton} onClick={() => setCreating(true)}>
            <UserPlus aria-hidden="true" className="size-4" />
            {t('admin.users.create', 'Create User')}
          </Button>
        </div>
      </div>
      <UserStats />
      <UserFilters list={list} />
      {role !== 'public' && (
        <div className="mt-6">
          <DataTable
            caption={t('admin.users.staff_caption', 'Staff')}
            columns={columns}
            rows={users.items}
            rowKey={(user) => user.id}
            isLoading={users.isPending}
            isFetching={users.isFetching && !users.isFetchingNextPage}
            error={users.error}
            errorText={t('admin.users.load_failed', 'Failed to fetch users')}
            onRetry={() => users.refetch()}
            empty={<ListEmpty text={t('admin.users.empty', 'No users found.')} />}
          />
          <ListPaging
            list={users}
            archiveTotal={stats.data?.totalUsers ?? null}
            onFirstPage={params.cursor ? () => list.setCursor(null) : undefined}
            summary={(counts) => t('admin.users.showing', 'Showing {shown} of {total} users', counts)}
          />
        </div>
      )}
      {(role === '' || role === 'public') && <ContributorCards q={params.q} actions={actions} />}
      <CreateUserDialog open={creating} onClose={() => setCreating(false)} />
      <EditUserDialog user={editing} isSelf={editing?.id === me?.id} onClose={() => setEditing(null)} />
      {confirmDialog}
    </div>
  );
}
