import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../shell/LazyView';
import { toast } from '../../../shell/toast';
import { useChangedMeanwhile } from '../../../shell/ChangedMeanwhile';
import { useSession } from '../../../auth/session';
import { useAllRoles } from '../api/roles';
import { useSetUserRoles } from '../api/setUserRoles';
import type { User } from '../api/types';
import { roleOptions } from '../lib/grants';
import { userLabel } from '../lib/labels';
import { useDialogSave } from '../lib/useDialogSave';
import { useErrorToast } from '../lib/useErrorToast';
import { FormDialog } from '../../../shell/FormDialog';
import { LimitedCheckboxes } from './LimitedCheckboxes';

/**
 * Choose a user's system roles among all roles (PUT /user/{id}/roles); those the signed-in user may not grant or take
 * away (lib/grants.ts) are shown as they are, disabled, each saying why. The choice starts from the user as the list
 * showed them and is saved for that version: when someone else changed the user meanwhile, a change to their name
 * or email is taken in without a word, while a change to their roles (one field: the list) shows their list under
 * this one's choice (save again to replace it).
 */
export function UserRolesDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const { t } = useTranslation();
  const { profile } = useSession();
  const name = userLabel(user);
  const roles = useAllRoles();
  const setUserRoles = useSetUserRoles();
  // The user as the dialog shows them: as stored now, after someone else changed them meanwhile.
  const [seen, setSeen] = useState(user);
  const meanwhile = useChangedMeanwhile();
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(user.roles ?? []));
  const { busy, save } = useDialogSave(onClose);
  useErrorToast(roles.error);
  const ready = !!roles.data;
  const roleName = (id: unknown) => roles.data?.find((role) => role.id === id)?.roleName ?? String(id);
  const theirs = meanwhile.hint('roles', (value) =>
    Array.isArray(value) && value.length ? value.map(roleName).join(', ') : t('admin.users.noRoles'),
  );

  const submit = async () => {
    const roleIds = [...chosen];
    await save(
      async () => {
        await setUserRoles(seen, roleIds);
        toast.success(t('admin.users.rolesSaved', { name }));
      },
      undefined,
      (error) => meanwhile.take<User>(error, seen, { roles: roleIds }, (current) => setSeen(current)),
    );
  };

  return (
    <FormDialog
      className="admin-dialog"
      title={t('admin.users.rolesTitle', { name })}
      submitLabel={t('common.save')}
      busy={busy || !ready}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      {meanwhile.notice}
      {!ready ? (
        roles.error ? <p className="admin-error">{t('admin.list.loadFailed')}</p> : <Spinner />
      ) : roles.data!.length === 0 ? (
        <p className="muted">{t('admin.users.noRolesDefined')}</p>
      ) : (
        <>
          <LimitedCheckboxes
            legend={t('admin.users.rolesLegend')}
            lockedLegend={t('admin.users.lockedRolesLegend')}
            options={roleOptions(t, profile, roles.data!)}
            chosen={chosen}
            onChange={setChosen}
          />
          {theirs && <p className="ws-hint">{theirs}</p>}
        </>
      )}
    </FormDialog>
  );
}
