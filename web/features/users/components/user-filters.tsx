import { USER_SORTS, type UserSort } from '#common/api/users.ts';
import { ROLES } from '#common/roles.ts';
import { useT } from '#web/app/i18n.tsx';
import { ListFilters, ListSearch, ListSelect } from '#web/components/list-filters.tsx';
import type { ListSpec } from '#web/lib/list-params.ts';
import type { ListParamsControls } from '#web/lib/use-list-params.ts';
import type { UserFilter } from '../api/admin-users.ts';
import { roleLabel } from './user-dialogs.tsx';

export const USERS_LIST: ListSpec<UserFilter, UserSort> = {
  filters: { role: ROLES },
  sorts: USER_SORTS,
};

/** Search (name, e-mail or ID) and the role filter, kept in the URL. */
export function UserFilters({ list }: { list: ListParamsControls<UserFilter, UserSort> }) {
  const t = useT();
  const { params } = list;
  return (
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
        value={params.filters.role}
        label={t('admin.users.filter.role', 'Role')}
        allLabel={t('admin.users.filter.all', 'All roles')}
        options={ROLES.map((r) => ({ value: r, label: roleLabel(r, t) }))}
        onChange={(value) => list.setFilter('role', value)}
      />
    </ListFilters>
  );
}
