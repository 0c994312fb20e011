import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../shell/LazyView';
import { useAllRoles } from '../api/roles';
import { useSetUserRoles } from '../api/setUserRoles';
import type { User } from '../api/types';
import { useUserRoles } from '../api/userRoles';
import { userLabel } from '../lib/labels';
import { useAssignment } from '../lib/useAssignment';
import { useErrorToast } from '../lib/useErrorToast';
import { CheckboxGroup, FormDialog } from '../../../shell/FormDialog';

/** Choose a user's system roles among all roles (PUT /user/{id}/roles). */
export function UserRolesDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const { t } = useTranslation();
  const name = userLabel(user);
  const roles = useAllRoles();
  const held = useUserRoles(user.id);
  const setUserRoles = useSetUserRoles();
  const { chosen, setChosen, busy, submit } = useAssignment(
    held,
    (role) => role.id,
    (roleIds) => setUserRoles(user.id, roleIds),
    t('admin.users.rolesSaved', { name }),
    onClose,
  );
  useErrorToast(roles.error ?? held.error);
  const ready = roles.data && chosen;

  return (
    <FormDialog
      className="admin-dialog"
      title={t('admin.users.rolesTitle', { name })}
      submitLabel={t('common.save')}
      busy={busy || !ready}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      {!ready ? (
        roles.error || held.error ? (
          <p className="admin-error">{t('admin.list.loadFailed')}</p>
        ) : (
          <Spinner />
        )
      ) : roles.data!.length === 0 ? (
        <p className="muted">{t('admin.users.noRolesDefined')}</p>
      ) : (
        <CheckboxGroup
          legend={t('admin.users.rolesLegend')}
          options={roles.data!.map((role) => ({ value: role.id, label: role.roleName }))}
          chosen={chosen}
          onChange={setChosen}
        />
      )}
    </FormDialog>
  );
}
