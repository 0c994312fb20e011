import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSystemAdmin, meets, SYSTEM_ADMIN } from '../../../auth/roles';
import { useSession } from '../../../auth/session';
import { ConfirmDialog } from '../../../shell/Dialog';
import { RequireRoles } from '../../../shell/RequireRoles';
import { toast } from '../../../shell/toast';
import { useDeleteUser } from '../api/deleteUser';
import { useAllRoles } from '../api/roles';
import type { User } from '../api/types';
import { USER_SORT_FIELDS, useUsers } from '../api/users';
import { DataTable, type Column } from '../components/DataTable';
import { Pager } from '../components/Pager';
import { UserRoleNames } from '../components/RoleBadges';
import { SearchBox } from '../components/SearchBox';
import { UserFormDialog } from '../components/UserFormDialog';
import { UserRolesDialog } from '../components/UserRolesDialog';
import { formatDateTime } from '../../../lib/dates';
import { userLabel } from '../lib/labels';
import { nextSort, useListState } from '../lib/listState';
import { permissionsNotHeld } from '../lib/grants';
import { useErrorToast } from '../lib/useErrorToast';
import { ASSIGN_ROLES_REQUIREMENT } from '../permissions';
import '../admin.css';

type OpenDialog = { kind: 'create' } | { kind: 'edit' | 'roles' | 'delete'; user: User } | null;

const DEFAULTS = { sort: { field: 'name', order: 'ASC' as const }, sortFields: USER_SORT_FIELDS };

/**
 * /admin/users (manage-users): users searched by name or email, sorted, paged; create, edit and
 * delete them; give them roles (for those who may also manage roles). Nobody changes their own
 * roles or deletes themselves here, and only a system administrator changes a system administrator (the
 * server refuses the others): their rows say so instead of offering buttons.
 */
export function UsersPage() {
  const { t, i18n } = useTranslation();
  const { profile } = useSession();
  const list = useListState(DEFAULTS);
  const { search, sort, page, pageSize, setPage } = list;
  const users = useUsers({ search, sort, page, pageSize });
  const canListRoles = meets(profile, ASSIGN_ROLES_REQUIREMENT);
  const viewerIsSystemAdmin = isSystemAdmin(profile);
  const roles = useAllRoles(canListRoles);
  const deleteUser = useDeleteUser();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  // Where focus goes when a delete took the row whose button opened the dialog.
  const heading = useRef<HTMLHeadingElement>(null);
  const [deleting, setDeleting] = useState(false);
  useErrorToast(users.error);

  // After a delete emptied the last page, show the new last page.
  const pageCount = users.data?.pageCount;
  useEffect(() => {
    if (pageCount && page > pageCount) setPage(pageCount);
  }, [page, pageCount, setPage]);

  const remove = async (user: User) => {
    setDeleting(true);
    try {
      await deleteUser(user.id);
      toast.success(t('admin.users.deleted', { name: userLabel(user) }));
      setDialog(null);
    } catch (error) {
      toast.error(error);
    } finally {
      setDeleting(false);
    }
  };

  const columns: Column<User>[] = [
    {
      key: 'name',
      label: t('admin.users.name'),
      sortField: 'name',
      render: (user) => (
        <span className="admin-name">
          {user.name || <span className="muted">{user.email}</span>}
          {user.id === profile?.id && <span className="badge badge-accent">{t('admin.users.you')}</span>}
        </span>
      ),
    },
    { key: 'email', label: t('admin.users.email'), sortField: 'email', render: (user) => <span className="admin-email">{user.email}</span> },
    {
      key: 'roles',
      label: t('admin.users.roles'),
      render: (user) => <UserRoleNames user={user} roles={canListRoles ? roles.data : null} />,
    },
    {
      key: 'added',
      label: t('admin.users.added'),
      sortField: 'createdAt',
      render: (user) => (
        <span className="admin-added">
          {formatDateTime(user.createdAt, i18n.language)}
          {user.preRegistered && <span className="badge badge-muted">{t('admin.users.notSignedIn')}</span>}
        </span>
      ),
    },
    {
      key: 'actions',
      label: t('common.actions'),
      plain: true,
      render: (user) => {
        const name = userLabel(user);
        const own = user.id === profile?.id;
        if (!viewerIsSystemAdmin && (user.roles ?? []).includes(SYSTEM_ADMIN)) {
          return <span className="muted admin-actions-note">{t('admin.users.onlySystemAdmins')}</span>;
        }
        // A user holding a permission the viewer does not is not theirs to change (the server refuses it too).
        const held = (roles.data ?? []).filter((role) => (user.roles ?? []).includes(role.id)).flatMap((role) => role.permissions ?? []);
        const beyond = [...new Set(permissionsNotHeld(profile, held))];
        if (!own && beyond.length) {
          return <span className="muted admin-actions-note">{t('admin.users.lockedUser', { permissions: beyond.join(', ') })}</span>;
        }
        return (
          <div className="admin-actions">
            <button type="button" className="button button-small" aria-label={t('admin.users.editAction', { name })} onClick={() => setDialog({ kind: 'edit', user })}>
              {t('common.edit')}
            </button>
            {!own && (
              <RequireRoles {...ASSIGN_ROLES_REQUIREMENT}>
                <button type="button" className="button button-small" aria-label={t('admin.users.rolesAction', { name })} onClick={() => setDialog({ kind: 'roles', user })}>
                  {t('admin.users.rolesButton')}
                </button>
              </RequireRoles>
            )}
            {!own && (
              <button type="button" className="button button-small button-danger" aria-label={t('admin.users.deleteAction', { name })} onClick={() => setDialog({ kind: 'delete', user })}>
                {t('common.delete')}
              </button>
            )}
          </div>
        );
      },
    },
  ];

  return (
    <section className="page admin-page" aria-labelledby="admin-users-title">
      <div className="admin-head">
        <div>
          <h1 id="admin-users-title" ref={heading} tabIndex={-1}>{t('admin.users.title')}</h1>
          <p className="muted">{t('admin.users.intro')}</p>
        </div>
        <button type="button" className="button button-primary" onClick={() => setDialog({ kind: 'create' })}>
          {t('admin.users.new')}
        </button>
      </div>
      <SearchBox label={t('admin.users.search')} placeholder={t('admin.users.searchPlaceholder')} value={search} onSearch={list.setSearch} />
      <DataTable
        caption={t('admin.users.title')}
        columns={columns}
        rows={users.data?.data}
        sort={sort}
        onSort={(field) => list.setSort(nextSort(sort, field))}
        loading={users.isLoading}
        failed={!!users.error}
        onRetry={() => void users.mutate()}
        emptyMessage={t('admin.users.empty')}
        busy={users.isValidating}
      />
      {users.data && (
        <Pager page={users.data.page} pageCount={users.data.pageCount} total={users.data.total} pageSize={pageSize} onPage={setPage} onPageSize={list.setPageSize} />
      )}

      {dialog?.kind === 'create' && <UserFormDialog onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && <UserFormDialog key={dialog.user.id} user={dialog.user} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'roles' && <UserRolesDialog key={dialog.user.id} user={dialog.user} onClose={() => setDialog(null)} />}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title={t('admin.users.deleteTitle')}
        message={dialog?.kind === 'delete' ? t('admin.users.deleteConfirm', { name: userLabel(dialog.user) }) : ''}
        confirmLabel={t('common.delete')}
        cancelLabel={t('common.cancel')}
        busy={deleting}
        onConfirm={() => dialog?.kind === 'delete' && void remove(dialog.user)}
        onClose={() => setDialog(null)}
        focusAfter={() => heading.current}
      />
    </section>
  );
}

export default UsersPage;
