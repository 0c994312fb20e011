import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shell/toast';
import { useChangedMeanwhile } from '../../../shell/ChangedMeanwhile';
import { useCreateRole } from '../api/createRole';
import type { Role } from '../api/types';
import { useUpdateRole } from '../api/updateRole';
import { roleFormErrors } from '../lib/validation';
import { useDialogSave } from '../lib/useDialogSave';
import { useFocusFirstInvalid } from '../lib/useFocusFirstInvalid';
import { FormDialog, TextField } from '../../../shell/FormDialog';

/**
 * Create a role, or rename it and change its description. A change is sent for the version of the role shown;
 * when someone else changed it meanwhile, their change to a field left alone here is taken in, and a field both
 * changed shows their value under it (save again to replace it).
 */
export function RoleFormDialog({ role, onClose }: { role?: Role; onClose: () => void }) {
  const { t } = useTranslation();
  const createRole = useCreateRole();
  const updateRole = useUpdateRole();
  // The role as the dialog shows it: as stored now, after someone else changed it meanwhile.
  const [seen, setSeen] = useState(role);
  const meanwhile = useChangedMeanwhile();
  const [roleName, setRoleName] = useState(role?.roleName ?? '');
  const [description, setDescription] = useState(role?.description ?? '');
  const [attempt, setAttempt] = useState(0);
  const { busy, save, errorAt, clearFieldError } = useDialogSave<'roleName'>(onClose);
  const errors = roleFormErrors({ roleName });
  const shown = attempt > 0 ? errors : {};
  useFocusFirstInvalid(attempt);

  const submit = async () => {
    setAttempt((n) => n + 1);
    if (errors.roleName) return;
    const input = { roleName: roleName.trim(), description: description.trim() || null };
    await save(
      async () => {
        if (seen) {
          await updateRole(seen, input);
          toast.success(t('admin.roles.saved', { name: input.roleName }));
        } else {
          await createRole(input);
          toast.success(t('admin.roles.created', { name: input.roleName }));
        }
      },
      'roleName',
      (error) =>
        !!seen &&
        meanwhile.take<Role>(error, seen, input, (current, theirs) => {
          if (theirs.roleName !== undefined) setRoleName(theirs.roleName);
          if (theirs.description !== undefined) setDescription(theirs.description ?? '');
          setSeen(current);
        }),
    );
  };

  return (
    <FormDialog
      className="admin-dialog"
      title={role ? t('admin.roles.form.editTitle') : t('admin.roles.form.createTitle')}
      submitLabel={role ? t('common.save') : t('common.create')}
      busy={busy}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      {meanwhile.notice}
      <TextField
        label={t('admin.roles.name')}
        value={roleName}
        onChange={(value) => {
          setRoleName(value);
          clearFieldError('roleName');
        }}
        required
        hint={meanwhile.hint('roleName')}
        error={shown.roleName ? t(`admin.roles.form.${shown.roleName}`) : errorAt('roleName')}
      />
      <TextField
        label={t('admin.roles.description')}
        value={description}
        onChange={setDescription}
        multiline
        hint={meanwhile.hint('description')}
      />
    </FormDialog>
  );
}
