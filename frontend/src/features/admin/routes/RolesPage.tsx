import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermissions, SYSTEM_ADMIN } from '../../../auth/roles';
import { useSession } from '../../../auth/session';
import { ConfirmDialog } from '../../../shell/Dialog';
import { toast } from '../../../shell/toast';
import { useDeleteRole } from '../api/deleteRole';
import { ROLE_SORT_FIELDS, useRoles } from '../api/roles';
import type { Role } from '../api/types';
import { useUsersHolding } from '../api/users';
import { DataTable, type Column } from '../components/DataTable';
import { Pager } from '../components/Pager';
import { RoleFormDialog } from '../components/RoleFormDialog';
import { RolePermissionsDialog } from '../components/RolePermissionsDialog';
import { SearchBox } from '../components/SearchBox';
import { permissionsNotHeld } from '../lib/grants';
import { roleDescription } from '../lib/labels';
import { nextSort, useListState } from '../lib/listState';
import { useErrorToast } from '../lib/useErrorToast';
import '../admin.css';

type OpenDialog = { kind: 'create' } | { kind: 'edit' | 'permissions' | 'delete'; role: Role } | null;

const DEFAULTS = { sort: { field: 'roleName', order: 'ASC' as const }, sortFields: ROLE_SORT_FIELDS };

/**
 * /admin/roles (manage-roles): roles searched by name or description, sorted, paged; create,
 * rename and delete them; choose the permissions each grants. Built-in roles only show theirs. A role granting a
 * permission the signed-in user does not hold is not theirs to change (the server refuses it): its Edit and Delete
 * buttons are aria-disabled (still reached by Tab), described by why, said under them too. The delete confirmation says how many users hold the role when the user
 * may list users (manage-users).
 */
export function RolesPage() {
  const { t } = useTranslation();
  const { profile } = useSession();
  const lockedIdPrefix = useId();
  const list = useListState(DEFAULTS);
  const { search, sort, page, pageSize, setPage } = list;
  const roles = useRoles({ search, sort, page, pageSize });
  const deleteRole = useDeleteRole();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  // Where focus goes when a delete took the row whose button opened the dialog.
  const heading = useRef<HTMLHeadingElement>(null);
  const [deleting, setDeleting] = useState(false);
  useErrorToast(roles.error);
  // How many users lose the role's permissions: asked only by someone who may list users, said once known.
  const deletingRole = dialog?.kind === 'delete' ? dialog.role : null;
  const holders = useUsersHolding(deletingRole && hasPermissions(profile, ['manage-users']) ? deletingRole.id : null);
  const deleteMessage = !deletingRole
    ? ''
    : typeof holders.data === 'number' && !holders.error
      ? t('admin.roles.deleteConfirmHolders', { name: deletingRole.roleName, count: holders.data })
      : t('admin.roles.deleteConfirm', { name: deletingRole.roleName });

  const pageCount = roles.data?.pageCount;
  useEffect(() => {
    if (pageCount && page > pageCount) setPage(pageCount);
  }, [page, pageCount, setPage]);

  const remove = async (role: Role) => {
    setDeleting(true);
    try {
      await deleteRole(role.id);
      toast.success(t('admin.roles.deleted', { name: role.roleName }));
      setDialog(null);
    } catch (error) {
      toast.error(error);
    } finally {
      setDeleting(false);
    }
  };

  const columns: Column<Role>[] = [
    {
      key: 'roleName',
      label: t('admin.roles.name'),
      sortField: 'roleName',
      render: (role) => (
        <span className="admin-name">
          {role.roleName}
          {role.builtIn && <span className="badge badge-muted">{t('admin.roles.builtIn')}</span>}
        </span>
      ),
    },
    { key: 'description', label: t('admin.roles.description'), sortField: 'description', render: (role) => roleDescription(t, role) },
    {
      key: 'permissions',
      label: t('admin.roles.permissions'),
      render: (role) => {
        if (role.roleName === SYSTEM_ADMIN) return <span className="badge badge-accent">{t('admin.roles.allPermissions')}</span>;
        const keys = role.permissions ?? [];
        if (keys.length === 0) return <span className="muted">{t('admin.roles.noPermissions')}</span>;
        return (
          <ul className="admin-badges">
            {keys.map((key) => (
              <li key={key} className="badge">
                {key}
              </li>
            ))}
          </ul>
        );
      },
    },
    {
      key: 'actions',
      label: t('common.actions'),
      plain: true,
      render: (role) => {
        const name = role.roleName;
        // Permissions the user does not hold: the role is not theirs to rename or delete (none for a system administrator).
        const beyond = role.builtIn ? [] : permissionsNotHeld(profile, role.permissions);
        const locked = beyond.length > 0;
        const lockedReason = locked ? t('admin.roles.lockedActions', { permissions: beyond.join(', ') }) : undefined;
        const lockedId = locked ? `${lockedIdPrefix}-${encodeURIComponent(role.id)}` : undefined;
        return (
          <>
            <div className="admin-actions">
              {!role.builtIn && (
                <button
                  type="button"
                  className="button button-small"
                  aria-label={t('admin.roles.editAction', { name })}
                  aria-describedby={lockedId}
                  aria-disabled={locked || undefined}
                  onClick={locked ? undefined : () => setDialog({ kind: 'edit', role })}
                >
                  {t('common.edit')}
                </button>
              )}
              <button type="button" className="button button-small" aria-label={t('admin.roles.permissionsAction', { name })} onClick={() => setDialog({ kind: 'permissions', role })}>
                {t('admin.roles.permissionsButton')}
              </button>
              {!role.builtIn && (
                <button
                  type="button"
                  className="button button-small button-danger"
                  aria-label={t('admin.roles.deleteAction', { name })}
                  aria-describedby={lockedId}
                  aria-disabled={locked || undefined}
                  onClick={locked ? undefined : () => setDialog({ kind: 'delete', role })}
                >
                  {t('common.delete')}
                </button>
              )}
            </div>
            {locked && (
              <p id={lockedId} className="muted admin-actions-note admin-locked-note">
                {lockedReason}
              </p>
            )}
          </>
        );
      },
    },
  ];

  return (
    <section className="page admin-page" aria-labelledby="admin-roles-title">
      <div className="admin-head">
        <div>
          <h1 id="admin-roles-title" ref={heading} tabIndex={-1}>{t('admin.roles.title')}</h1>
          <p className="muted">{t('admin.roles.intro')}</p>
        </div>
        <button type="button" className="button button-primary" onClick={() => setDialog({ kind: 'create' })}>
          {t('admin.roles.new')}
        </button>
      </div>
      <SearchBox label={t('admin.roles.search')} placeholder={t('admin.roles.searchPlaceholder')} value={search} onSearch={list.setSearch} />
      <DataTable
        caption={t('admin.roles.title')}
        columns={columns}
        rows={roles.data?.data}
        sort={sort}
        onSort={(field) => list.setSort(nextSort(sort, field))}
        loading={roles.isLoading}
        failed={!!roles.error}
        onRetry={() => void roles.mutate()}
        emptyMessage={t('admin.roles.empty')}
        busy={roles.isValidating}
      />
      {roles.data && (
        <Pager page={roles.data.page} pageCount={roles.data.pageCount} total={roles.data.total} pageSize={pageSize} onPage={setPage} onPageSize={list.setPageSize} />
      )}

      {dialog?.kind === 'create' && <RoleFormDialog onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && <RoleFormDialog key={dialog.role.id} role={dialog.role} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'permissions' && <RolePermissionsDialog key={dialog.role.id} role={dialog.role} onClose={() => setDialog(null)} />}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title={t('admin.roles.deleteTitle')}
        message={deleteMessage}
        confirmLabel={t('common.delete')}
        cancelLabel={t('common.cancel')}
        busy={deleting}
        onConfirm={() => dialog?.kind === 'delete' && void remove(dialog.role)}
        onClose={() => setDialog(null)}
        focusAfter={() => heading.current}
      />
    </section>
  );
}

export default RolesPage;
