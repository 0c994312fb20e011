import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../shell/LazyView';
import { toast } from '../../../shell/toast';
import { usePermissions } from '../api/permissions';
import { useRolePermissions } from '../api/rolePermissions';
import { useSetRolePermissions } from '../api/setRolePermissions';
import type { Role } from '../api/types';
import { permissionDescription } from '../lib/labels';
import { useErrorToast } from '../lib/useErrorToast';
import { CheckboxGroup, FormDialog } from './FormDialog';

/** Choose the permissions a role grants (PUT /roles/{id}/permissions); built-in roles only show them. */
export function RolePermissionsDialog({ role, onClose }: { role: Role; onClose: () => void }) {
  const { t } = useTranslation();
  const catalogue = usePermissions();
  const granted = useRolePermissions(role.id);
  const setRolePermissions = useSetRolePermissions();
  const [chosen, setChosen] = useState<Set<string> | null>(null);
  const [busy, setBusy] = useState(false);
  const readOnly = !!role.builtIn;
  useErrorToast(catalogue.error ?? granted.error);

  useEffect(() => {
    if (granted.data && chosen === null) setChosen(new Set(granted.data.map((p) => p.key)));
  }, [granted.data, chosen]);

  const ready = catalogue.data && chosen;
  const submit = async () => {
    if (!chosen) return;
    setBusy(true);
    try {
      await setRolePermissions(role.id, [...chosen]);
      await granted.mutate();
      toast.success(t('admin.roles.permissionsSaved', { name: role.roleName }));
      onClose();
    } catch (error) {
      toast.error(error);
      setBusy(false);
    }
  };

  return (
    <FormDialog
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
