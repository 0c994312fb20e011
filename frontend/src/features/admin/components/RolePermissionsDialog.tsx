import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../shell/LazyView';
import { usePermissions } from '../api/permissions';
import { useRolePermissions } from '../api/rolePermissions';
import { useSetRolePermissions } from '../api/setRolePermissions';
import type { Role } from '../api/types';
import { permissionDescription } from '../lib/labels';
import { useAssignment } from '../lib/useAssignment';
import { useErrorToast } from '../lib/useErrorToast';
import { CheckboxGroup, FormDialog } from '../../../shell/FormDialog';

/** Choose the permissions a role grants (PUT /roles/{id}/permissions); built-in roles only show them. */
export function RolePermissionsDialog({ role, onClose }: { role: Role; onClose: () => void }) {
  const { t } = useTranslation();
  const catalogue = usePermissions();
  const granted = useRolePermissions(role.id);
  const setRolePermissions = useSetRolePermissions();
  const { chosen, setChosen, busy, submit } = useAssignment(
    granted,
    (permission) => permission.key,
    (keys) => setRolePermissions(role.id, keys),
    t('admin.roles.permissionsSaved', { name: role.roleName }),
    onClose,
  );
  const readOnly = !!role.builtIn;
  useErrorToast(catalogue.error ?? granted.error);
  const ready = catalogue.data && chosen;

  return (
    <FormDialog
      className="admin-dialog"
      title={t('admin.roles.permissionsTitle', { name: role.roleName })}
      submitLabel={t('common.save')}
      busy={busy || !ready}
      readOnly={readOnly}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      {readOnly && <p className="admin-hint">{t('admin.roles.builtInReadOnly')}</p>}
      {!ready ? (
        catalogue.error || granted.error ? <p className="admin-error">{t('admin.list.loadFailed')}</p> : <Spinner />
      ) : (
        <CheckboxGroup
          legend={t('admin.roles.permissionsLegend')}
          options={catalogue.data!.map((permission) => ({
            value: permission.key,
            label: permission.key,
            description: permissionDescription(t, permission),
          }))}
          chosen={chosen}
          onChange={setChosen}
          disabled={readOnly}
        />
      )}
    </FormDialog>
  );
}
