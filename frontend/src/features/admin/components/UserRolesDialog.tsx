import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../shell/LazyView';
import { toast } from '../../../shell/toast';
import { useAllRoles } from '../api/roles';
import { useSetUserRoles } from '../api/setUserRoles';
import type { User } from '../api/types';
import { useUserRoles } from '../api/userRoles';
import { userLabel } from '../lib/labels';
import { useErrorToast } from '../lib/useErrorToast';
import { CheckboxGroup, FormDialog } from './FormDialog';

/** Choose a user's system roles among all roles (PUT /user/{id}/roles). */
export function UserRolesDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const { t } = useTranslation();
  const name = userLabel(user);
  const roles = useAllRoles();
  const held = useUserRoles(user.id);
  const setUserRoles = useSetUserRoles();
  const [chosen, setChosen] = useState<Set<string> | null>(null);
  const [busy, setBusy] = useState(false);
  useErrorToast(roles.error ?? held.error);

  useEffect(() => {
    if (held.data && chosen === null) setChosen(new Set(held.data.map((role) => role.id)));
  }, [held.data, chosen]);

  const ready = roles.data && chosen;
  const submit = async () => {
    if (!chosen) return;
    setBusy(true);
    try {
      await setUserRoles(user.id, [...chosen]);
      await held.mutate();
      toast.success(t('admin.users.rolesSaved', { name }));
      onClose();
    } catch (error) {
      toast.error(error);
      setBusy(false);
    }
  };

  return (
    <FormDialog
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
