import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SYSTEM_ADMIN } from '../../../auth/roles';
import { usePermissions } from '../api/permissions';
import { useAllRoles } from '../api/roles';
import type { Permission, Role } from '../api/types';
import { DataTable, type Column } from '../components/DataTable';
import { Pager } from '../components/Pager';
import { RoleBadges } from '../components/RoleBadges';
import { SearchBox } from '../components/SearchBox';
import { permissionDescription } from '../lib/labels';
import { nextSort, useListState } from '../lib/listState';
import { localPage } from '../lib/localList';
import { useErrorToast } from '../lib/useErrorToast';
import { ADMIN_PATHS } from '../permissions';
import '../admin.css';

const SORT_FIELDS = ['key', 'description'] as const;
const DEFAULTS = { sort: { field: 'key', order: 'ASC' as const }, sortFields: SORT_FIELDS };

function grants(role: Role, permission: Permission): boolean {
  return role.roleName === SYSTEM_ADMIN || (role.permissions ?? []).includes(permission.key);
}

/** The roles granting a permission ('No role' when none does). */
function GrantedBy({ permission, roles }: { permission: Permission; roles: Role[] | undefined }) {
  const { t } = useTranslation();
  if (!roles) return null;
  const names = roles.filter((role) => grants(role, permission)).map((role) => role.roleName);
  return names.length ? <RoleBadges names={names} /> : <span className="muted">{t('admin.permissions.noRole')}</span>;
}

/**
 * /admin/permissions (manage-roles): the permission catalogue, searched, sorted and paged in the
 * browser (the server sends it whole), with the roles that grant each permission.
 */
export function PermissionsPage() {
  const { t } = useTranslation();
  const list = useListState(DEFAULTS);
  const { search, sort, page, pageSize } = list;
  const permissions = usePermissions();
  const roles = useAllRoles();
  useErrorToast(permissions.error ?? roles.error);

  const text = useCallback(
    (permission: Permission, field: string) => (field === 'description' ? permissionDescription(t, permission) : permission.key),
    [t],
  );
  const result = useMemo(
    () => (permissions.data ? localPage(permissions.data, { search, sort, page, pageSize }, text, SORT_FIELDS) : undefined),
    [permissions.data, search, sort, page, pageSize, text],
  );

  const columns: Column<Permission>[] = [
    { key: 'key', label: t('admin.permissions.key'), sortField: 'key', render: (permission) => <code>{permission.key}</code> },
    { key: 'description', label: t('admin.permissions.description'), sortField: 'description', render: (permission) => permissionDescription(t, permission) },
    {
      key: 'grantedBy',
      label: t('admin.permissions.grantedBy'),
      render: (permission) => <GrantedBy permission={permission} roles={roles.data} />,
    },
  ];

  return (
    <section className="page admin-page" aria-labelledby="admin-permissions-title">
      <div className="admin-head">
        <div>
          <h1 id="admin-permissions-title">{t('admin.permissions.title')}</h1>
          <p className="muted">{t('admin.permissions.intro')}</p>
        </div>
        <Link className="button" to={ADMIN_PATHS.roles}>
          {t('admin.permissions.manageRoles')}
        </Link>
      </div>
      <SearchBox label={t('admin.permissions.search')} placeholder={t('admin.permissions.searchPlaceholder')} value={search} onSearch={list.setSearch} />
      <DataTable
        caption={t('admin.permissions.title')}
        columns={columns}
        rows={result?.data.map((permission) => ({ ...permission, id: permission.key }))}
        sort={sort}
        onSort={(field) => list.setSort(nextSort(sort, field))}
        loading={permissions.isLoading}
        failed={!!permissions.error}
        onRetry={() => void permissions.mutate()}
        emptyMessage={t('admin.permissions.empty')}
      />
      {result && (
        <Pager page={result.page} pageCount={result.pageCount} total={result.total} pageSize={pageSize} onPage={list.setPage} onPageSize={list.setPageSize} />
      )}
    </section>
  );
}

export default PermissionsPage;
