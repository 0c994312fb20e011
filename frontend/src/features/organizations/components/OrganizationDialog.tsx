import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../shell/toast';
import { useSaveOrganization } from '../api/organizations';
import type { Organization } from '../api/types';
import { organizationProblems, refusedOrganizationField, type OrganizationField, type OrganizationFieldValues } from '../lib/fieldRefusals';
import { useAction } from '../lib/useAction';
import { FormDialog, TextField } from '../../../shell/FormDialog';
import { useChangedMeanwhile } from '../../../shell/ChangedMeanwhile';
import { useTextFields } from '../../../shell/useTextFields';

/**
 * Create or edit an organization's name, description, website and contact. What the server would refuse
 * (a missing or too long name, too long texts, a website that is no http(s) address) is said at the field
 * before sending; what it refuses all the same (a name another organization has) is said there too. The
 * dialog closes when the organization is saved.
 */
export function OrganizationDialog({ organization, onClose }: { organization: Organization | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveOrganization();
  const { busy, run } = useAction();
  // The organization as the dialog shows it: as stored now, after someone else changed it meanwhile.
  const [seen, setSeen] = useState(organization);
  const meanwhile = useChangedMeanwhile();
  const { values, setErrors, field, adopt } = useTextFields<OrganizationField>(
    {
      name: organization?.name ?? '',
      description: organization?.description ?? '',
      website: organization?.website ?? '',
      contact: organization?.contact ?? '',
    } satisfies OrganizationFieldValues,
    (name) => meanwhile.hint(name),
  );

  const submit = async () => {
    const problems = organizationProblems(values);
    setErrors(Object.fromEntries(Object.entries(problems).map(([field, problem]) => [field, t(`organizations.list.${problem}`)])));
    if (Object.keys(problems).length > 0) return;
    const name = values.name.trim();
    const fields = { name, description: values.description.trim() || null, website: values.website.trim() || null, contact: values.contact.trim() || null };
    const done = await run(
      () => save(seen, fields),
      organization ? t('organizations.list.saved', { name }) : t('organizations.list.created', { name }),
      (error) => {
        if (
          seen &&
          meanwhile.take<Organization>(error, seen, fields, (current, theirs) => {
            adopt(theirs);
            setSeen(current);
          })
        )
          return true;
        const field = refusedOrganizationField(error);
        if (field) setErrors({ [field]: messageOf(error) });
        return !!field;
      },
    );
    if (done) onClose();
  };

  return (
    <FormDialog
      title={organization ? t('organizations.list.editTitle') : t('organizations.list.newTitle')}
      submitLabel={organization ? t('common.save') : t('common.create')}
      busy={busy}
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      {(formId) => (
        <>
          {meanwhile.notice}
          <TextField id={`${formId}-name`} label={t('organizations.fields.name')} required {...field('name')} />
          <TextField id={`${formId}-description`} label={t('organizations.fields.description')} multiline {...field('description')} />
          <TextField id={`${formId}-website`} label={t('organizations.fields.website')} type="url" {...field('website')} />
          <TextField id={`${formId}-contact`} label={t('organizations.fields.contact')} {...field('contact')} />
        </>
      )}
    </FormDialog>
  );
}
