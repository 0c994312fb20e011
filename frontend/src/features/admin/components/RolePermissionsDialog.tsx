import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../shell/LazyView';
import { toast } from '../../../shell/toast';
import { useChangedMeanwhile } from '../../../shell/ChangedMeanwhile';
import { hasPermissions } from '../../../auth/roles';
import { useSession } from '../../../auth/session';
import { usePermissions } from '../api/permissions';
import { useRolePermissions } from '../api/rolePermissions';
import { useSetRolePermissions } from '../api/setRolePermissions';
import type { Role } from '../api/types';
import { permissionsNotHeld } from '../lib/grants';
import { permissionDescription } from '../lib/labels';
import { useDialogSave } from '../lib/useDialogSave';
import { useErrorToast } from '../lib/useErrorToast';
import { FormDialog } from '../../../shell/FormDialog';
import { LimitedCheckboxes } from './LimitedCheckboxes';

/**
 * Choose the permissions a role grants (PUT /roles/{id}/permissions); built-in roles only show them, and so do roles
 * granting a permission the signed-in user does not hold (their boxes locked but reachable, described by why). Permissions the user does not hold are shown locked. The choice
 * starts from the role as the list showed it and is saved for that version: when someone else changed the role
 * meanwhile, a change to its name or description is taken in without a word, while a change to its permissions (one
 * field: the list) shows their list under this one's choice (save again to replace it).
 */
export function RolePermissionsDialog({ role, onClose }: { role: Role; onClose: () => void }) {
  const { t } = useTranslation();
  const { profile } = useSession();
  const catalogue = usePermissions();
  // A role granting a permission the user does not hold is not theirs to change (the server refuses it).
  const beyond = role.builtIn ? [] : permissionsNotHeld(profile, role.permissions);
  const readOnly = !!role.builtIn || beyond.length > 0;
  const whyReadOnly = useId();
  // What a built-in role grants is the server's to say (every permission, the catalogue's newest too).
  const granted = useRolePermissions(role.builtIn ? role.id : null);
  const setRolePermissions = useSetRolePermissions();
  // The role as the dialog shows it: as stored now, after someone else changed it meanwhile.
  const [seen, setSeen] = useState(role);
  const meanwhile = useChangedMeanwhile();
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(role.permissions ?? []));
  const { busy, save } = useDialogSave(onClose);
  useErrorToast(catalogue.error ?? granted.error);
  const shown = role.builtIn ? granted.data && new Set(granted.data.map((permission) => permission.key)) : chosen;
  const ready = catalogue.data && shown;
  const theirs = meanwhile.hint('permissions', (value) =>
    Array.isArray(value) && value.length ? value.join(', ') : t('admin.roles.noPermissions'),
  );

  const submit = async () => {
    if (readOnly) return;
    const keys = [...chosen];
    await save(
      async () => {
        await setRolePermissions(seen, keys);
        toast.success(t('admin.roles.permissionsSaved', { name: role.roleName }));
      },
      undefined,
      (error) => meanwhile.take<Role>(error, seen, { permissions: keys }, (current) => setSeen(current)),
    );
  };

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
      {role.builtIn && <p id={whyReadOnly} className="admin-hint">{t('admin.roles.builtInReadOnly')}</p>}
      {beyond.length > 0 && <p id={whyReadOnly} className="admin-hint">{t('admin.roles.lockedRole', { permissions: beyond.join(', ') })}</p>}
      {meanwhile.notice}
      {!ready ? (
        catalogue.error || granted.error ? <p className="admin-error">{t('admin.list.loadFailed')}</p> : <Spinner />
      ) : (
        <>
          <LimitedCheckboxes
            legend={t('admin.roles.permissionsLegend')}
            lockedLegend={t('admin.roles.lockedPermissionsLegend')}
            options={catalogue.data!.map((permission) => ({
              value: permission.key,
              label: permission.key,
              description: permissionDescription(t, permission),
              // Only what the user holds is theirs to grant or take away.
              locked: !readOnly && !hasPermissions(profile, [permission.key]),
            }))}
            chosen={shown!}
            onChange={setChosen}
            readOnly={readOnly}
            describedBy={readOnly ? whyReadOnly : undefined}
          />
          {theirs && <p className="ws-hint">{theirs}</p>}
        </>
      )}
    </FormDialog>
  );
}
