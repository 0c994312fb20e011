import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shell/toast';
import { useCreateRole } from '../api/createRole';
import type { Role } from '../api/types';
import { useUpdateRole } from '../api/updateRole';
import { roleFormErrors } from '../lib/validation';
import { useDialogSave } from '../lib/useDialogSave';
import { useFocusFirstInvalid } from '../lib/useFocusFirstInvalid';
import { FormDialog, TextField } from '../../../shell/FormDialog';

/** Create a role, or rename it and change its description. */
export function RoleFormDialog({ role, onClose }: { role?: Role; onClose: () => void }) {
  const { t } = useTranslation();
  const createRole = useCreateRole();
  const updateRole = useUpdateRole();
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
    await save(async () => {
      if (role) {
        await updateRole(role.id, input);
        toast.success(t('admin.roles.saved', { name: input.roleName }));
      } else {
        await createRole(input);
        toast.success(t('admin.roles.created', { name: input.roleName }));
      }
    }, 'roleName');
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
      <TextField
        label={t('admin.roles.name')}
        value={roleName}
        onChange={(value) => {
          setRoleName(value);
          clearFieldError('roleName');
        }}
        required
        error={shown.roleName ? t(`admin.roles.form.${shown.roleName}`) : errorAt('roleName')}
      />
      <TextField label={t('admin.roles.description')} value={description} onChange={setDescription} multiline />
    </FormDialog>
  );
}
