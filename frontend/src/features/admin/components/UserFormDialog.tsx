import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { meets } from '../../../auth/roles';
import { useSession } from '../../../auth/session';
import { toast } from '../../../shell/toast';
import { useChangedMeanwhile } from '../../../shell/ChangedMeanwhile';
import { useCreateUser } from '../api/createUser';
import { useAllRoles } from '../api/roles';
import type { User } from '../api/types';
import { useUpdateUser } from '../api/updateUser';
import { roleOptions } from '../lib/grants';
import { userLabel } from '../lib/labels';
import { userFormErrors } from '../lib/validation';
import { ASSIGN_ROLES_REQUIREMENT } from '../permissions';
import { useDialogSave } from '../lib/useDialogSave';
import { useFocusFirstInvalid } from '../lib/useFocusFirstInvalid';
import { FormDialog, TextField } from '../../../shell/FormDialog';
import { LimitedCheckboxes } from './LimitedCheckboxes';

/**
 * Create a user (email, optional name, and — for those who may list roles — the roles they get at
 * their first sign-in), or change a user's email and name: for the version of the user shown; when someone else
 * changed them meanwhile, their change to a field left alone here is taken in, and a field both changed shows
 * their value under it (save again to replace it).
 */
export function UserFormDialog({ user, onClose }: { user?: User; onClose: () => void }) {
  const { t } = useTranslation();
  const { profile } = useSession();
  const createUser = useCreateUser();
  const updateUser = useUpdateUser();
  const editing = !!user;
  // The user as the dialog shows them: as stored now, after someone else changed them meanwhile.
  const [seen, setSeen] = useState(user);
  const meanwhile = useChangedMeanwhile();
  const canChooseRoles = !editing && meets(profile, ASSIGN_ROLES_REQUIREMENT);
  const { data: roles } = useAllRoles(canChooseRoles);
  const [email, setEmail] = useState(user?.email ?? '');
  const [name, setName] = useState(user?.name ?? '');
  const [roleIds, setRoleIds] = useState<Set<string>>(new Set());
  const [attempt, setAttempt] = useState(0);
  const { busy, save, errorAt, clearFieldError } = useDialogSave<'email'>(onClose);

  // Once a name is stored the server refuses an empty one.
  const errors = userFormErrors({ email, name }, { nameRequired: editing && !!user?.name });
  const shown = attempt > 0 ? errors : {};
  useFocusFirstInvalid(attempt);

  const submit = async () => {
    setAttempt((n) => n + 1);
    if (Object.keys(errors).length > 0) return;
    const input = { email: email.trim(), name: name.trim() || undefined };
    await save(
      async () => {
        if (seen) {
          const saved = await updateUser(seen, input);
          toast.success(t('admin.users.saved', { name: userLabel(saved ?? { ...seen, ...input }) }));
        } else {
          const created = await createUser({
            email: email.trim(),
            ...(name.trim() ? { name: name.trim() } : {}),
            ...(roleIds.size ? { roles: [...roleIds] } : {}),
          });
          toast.success(t('admin.users.created', { email: created?.email ?? email.trim() }));
        }
      },
      'email',
      (error) =>
        !!seen &&
        meanwhile.take<User>(error, seen, input, (current, theirs) => {
          if (theirs.email !== undefined) setEmail(theirs.email ?? '');
          if (theirs.name !== undefined) setName(theirs.name ?? '');
          setSeen(current);
        }),
    );
  };

  return (
    <FormDialog
      className="admin-dialog"
      title={editing ? t('admin.users.form.editTitle') : t('admin.users.form.createTitle')}
      submitLabel={editing ? t('common.save') : t('common.create')}
      busy={busy}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      {meanwhile.notice}
      {!editing && <p className="admin-hint">{t('admin.users.form.createHint')}</p>}
      <TextField
        label={t('admin.users.email')}
        type="email"
        value={email}
        onChange={(value) => {
          setEmail(value);
          clearFieldError('email');
        }}
        required
        hint={meanwhile.hint('email')}
        error={shown.email ? t(`admin.users.form.${shown.email}`) : errorAt('email')}
      />
      <TextField
        label={t('admin.users.name')}
        value={name}
        onChange={setName}
        required={editing && !!user?.name}
        hint={meanwhile.hint('name') ?? (editing && user?.name ? undefined : t('admin.users.form.nameHint'))}
        error={shown.name ? t(`admin.users.form.${shown.name}`) : null}
      />
      {canChooseRoles && roles && roles.length > 0 && (
        <LimitedCheckboxes
          legend={t('admin.users.rolesLegend')}
          lockedLegend={t('admin.users.lockedRolesLegend')}
          options={roleOptions(t, profile, roles)}
          chosen={roleIds}
          onChange={setRoleIds}
        />
      )}
    </FormDialog>
  );
}
