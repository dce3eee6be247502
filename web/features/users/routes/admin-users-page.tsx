import { RefreshCw, UserPlus } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { type AdminUser, USER_SORTS, type UserSort } from '#common/api/users.ts';
import { paths } from '#common/paths.ts';
import { ROLES } from '#common/roles.ts';
import { type Translate, useT } from '#web/app/i18n.tsx';
import { Alert } from '#web/components/alert.tsx';
import { Button, linkButton, primaryButton, secondaryButton } from '#web/components/button.tsx';
import { useConfirm } from '#web/components/confirm-dialog.tsx';
import { type Column, DataTable } from '#web/components/data-table.tsx';
import { ListFilters, ListSearch, ListSelect } from '#web/components/list-filters.tsx';
import { ListPaging } from '#web/components/list-paging.tsx';
import { StatTiles } from '#web/components/stat-tiles.tsx';
import { toast } from '#web/components/toaster.tsx';
import { useErrorText } from '#web/lib/error-text.ts';
import type { ListSpec } from '#web/lib/list-params.ts';
import { useListParams } from '#web/lib/use-list-params.ts';
import { useMe } from '#web/features/auth/index.ts';
import {
  type UserFilter,
  useAdminUsersList,
  useContributors,
  useDeleteUser,
  useSendPasswordReset,
  useSetUserActive,
  useSyncUsers,
  useUserStats,
} from '../api/admin-users.ts';
import { CreateUserDialog, EditUserDialog, roleLabel } from '../components/user-dialogs.tsx';

export const USERS_LIST: ListSpec<UserFilter, UserSort> = {
  filters: { role: ROLES },
  sorts: USER_SORTS,
};

/** admin-back-office.md §8: messages clear after 3 s, the user sync's after 5 s. */
const SYNC_MESSAGE_MS = 5_000;

const date = (iso: string) => new Date(iso).toLocaleDateString('en-GB');
const smallButton =
  'rounded px-2 py-1 text-sm font-medium text-blue-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-blue-700 disabled:text-slate-500 disabled:no-underline';

interface RowActions {
  meId: string | undefined;
  onEdit: (user: AdminUser) => void;
  onToggleActive: (user: AdminUser) => void;
  onReset: (user: AdminUser) => void;
  onDelete: (user: AdminUser) => void;
}

function UserActions({ user, actions, t }: { user: AdminUser; actions: RowActions; t: Translate }) {
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

function StatusBadge({ user, t }: { user: AdminUser; t: Translate }) {
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

function userColumns(t: Translate, actions: RowActions): Column<AdminUser>[] {
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

function Stats() {
  const t = useT();
  const { data, error } = useUserStats();
  if (error) {
    return (
      <Alert tone="error" className="mt-6">
        {t('admin.users.stats_failed', 'Failed to load users')}
      </Alert>
    );
  }
  const tiles = [
    { key: 'total', label: t('admin.users.stat.total', 'Total users'), value: data?.totalUsers },
    { key: 'staff', label: t('admin.users.stat.staff', 'Staff'), value: data?.staff },
    {
      key: 'contributors',
      label: t('admin.users.stat.contributors', 'Contributors'),
      value: data?.contributors,
    },
    { key: 'uploads', label: t('admin.users.stat.uploads', 'Total uploads'), value: data?.totalUploads },
  ];
  return <StatTiles tiles={tiles} className="mt-6 grid-cols-2 md:grid-cols-4" />;
}

function ContributorCards({ q, actions }: { q: string; actions: RowActions }) {
  const t = useT();
  const contributors = useContributors(q, true);
  const items = contributors.data?.items ?? [];
  return (
    <section aria-labelledby="contributors-heading" className="mt-10">
      <h2 id="contributors-heading" className="text-xl font-semibold text-slate-900">
        {t('admin.users.contributors', 'Public contributors')}
      </h2>
      {contributors.error ? (
        <Alert tone="error" className="mt-3">
          {t('admin.users.contributors_failed', 'Error: Unable to load public contributors data')}
        </Alert>
      ) : contributors.isPending ? null : items.length === 0 ? (
        <p className="mt-3 text-slate-700">
          {t('admin.users.no_contributors', 'No public contributors found.')}
        </p>
      ) : (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((user) => (
            <li key={user.id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
              <p className="font-semibold text-slate-900">
                {user.fullName || t('admin.users.no_name', 'No name')}
              </p>
              <p className="text-sm text-slate-700 break-all">{user.email}</p>
              <p className="mt-1 text-xs text-slate-700">
                {user.displayId} ·{' '}
                {t('admin.users.joined_on', 'Joined {date}', { date: date(user.createdAt) })}
              </p>
              <div className="mt-2">
                <StatusBadge user={user} t={t} />
              </div>
              <div className="mt-3 flex flex-wrap items-center gap-2">
                <Link
                  to={`${paths.admin.submissions}?q=${encodeURIComponent(user.email)}`}
                  className={linkButton}
                >
                  {t('admin.users.review_submissions', 'Review submissions')}
                  <span className="sr-only"> {user.fullName || user.email}</span>
                </Link>
                <UserActions user={user} actions={actions} t={t} />
              </div>
            </li>
          ))}
        </ul>
      )}
      {contributors.data && contributors.data.total > items.length && (
        <p className="mt-3 text-sm text-slate-700">
          {t(
            'admin.users.contributors_more',
            'Showing {shown} of {total} contributors. Search to find others.',
            {
              shown: items.length,
              total: contributors.data.total,
            },
          )}
        </p>
      )}
    </section>
  );
}

/** Users (/admin/users), admin only: staff table, contributor cards, create, edit and the account actions. */
export function AdminUsersPage() {
  const t = useT();
  const errorText = useErrorText();
  const list = useListParams(USERS_LIST);
  const { params } = list;
  const me = useMe().data;
  const role = params.filters.role;
  const showTable = role !== 'public';
  const users = useAdminUsersList(params);
  const stats = useUserStats();
  const [confirm, confirmDialog] = useConfirm();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const { mutateAsync: setActive } = useSetUserActive();
  const { mutateAsync: remove } = useDeleteUser();
  const { mutateAsync: sendReset } = useSendPasswordReset();
  const sync = useSyncUsers();

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

  const onSync = async () => {
    try {
      const result = await sync.mutateAsync();
      toast.success(
        t('admin.users.synced', 'Users synced: {created} profiles created, {repaired} repaired.', {
          created: result.createdProfiles,
          repaired: result.repairedProfiles,
        }),
        { durationMs: SYNC_MESSAGE_MS },
      );
    } catch (error) {
      toast.error(errorText(error, { '*': t('admin.users.sync_failed', 'Failed to sync users') }));
    }
  };

  const actions: RowActions = useMemo(
    () => ({ meId: me?.id, onEdit: setEditing, onToggleActive, onReset, onDelete }),
    [me?.id, onToggleActive, onReset, onDelete],
  );
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
          <Button className={secondaryButton} onClick={onSync} disabled={sync.isPending}>
            <RefreshCw aria-hidden="true" className={`size-4 ${sync.isPending ? 'animate-spin' : ''}`} />
            {t('admin.users.sync', 'Sync Users')}
          </Button>
          <Button className={primaryButton} onClick={() => setCreating(true)}>
            <UserPlus aria-hidden="true" className="size-4" />
            {t('admin.users.create', 'Create User')}
          </Button>
        </div>
      </div>
      <Stats />
      <ListFilters
        label={t('admin.users.search_label', 'Search and filter users')}
        className="md:grid-cols-[2fr_1fr]"
      >
        <ListSearch
          value={params.q}
          label={t('admin.users.search', 'Search name, email or ID')}
          buttonText={t('admin.users.search_button', 'Search')}
          onSearch={list.setSearch}
        />
        <ListSelect
          value={role}
          label={t('admin.users.filter.role', 'Role')}
          allLabel={t('admin.users.filter.all', 'All roles')}
          options={ROLES.map((r) => ({ value: r, label: roleLabel(r, t) }))}
          onChange={(value) => list.setFilter('role', value)}
        />
      </ListFilters>
      {showTable && (
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
            empty={<p className="text-center text-slate-700">{t('admin.users.empty', 'No users found.')}</p>}
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
