import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrganizationFields } from '../api/organizations';
import type { Organization } from '../api/types';
import { FormDialog, TextField } from '../../../shell/FormDialog';

/** Create or edit an organization's name, description, website and contact. */
export function OrganizationDialog({
  organization,
  busy,
  onSave,
  onClose,
}: {
  organization: Organization | null;
  busy: boolean;
  onSave: (fields: OrganizationFields) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(organization?.name ?? '');
  const [description, setDescription] = useState(organization?.description ?? '');
  const [website, setWebsite] = useState(organization?.website ?? '');
  const [contact, setContact] = useState(organization?.contact ?? '');
  const [nameError, setNameError] = useState('');
  return (
    <FormDialog
      title={organization ? t('organizations.list.editTitle') : t('organizations.list.newTitle')}
      submitLabel={organization ? t('common.save') : t('common.create')}
      busy={busy}
      onClose={onClose}
      onSubmit={() => {
        if (!name.trim()) {
          setNameError(t('organizations.list.nameRequired'));
          return;
        }
        onSave({ name: name.trim(), description: description.trim() || null, website: website.trim() || null, contact: contact.trim() || null });
      }}
    >
      {(formId) => (
        <>
          <TextField id={`${formId}-name`} label={t('organizations.fields.name')} value={name} required error={nameError} onChange={(v) => {
            setName(v);
            setNameError('');
          }} />
          <TextField id={`${formId}-description`} label={t('organizations.fields.description')} value={description} multiline onChange={setDescription} />
          <TextField id={`${formId}-website`} label={t('organizations.fields.website')} type="url" value={website} onChange={setWebsite} />
          <TextField id={`${formId}-contact`} label={t('organizations.fields.contact')} value={contact} onChange={setContact} />
        </>
      )}
    </FormDialog>
  );
}
