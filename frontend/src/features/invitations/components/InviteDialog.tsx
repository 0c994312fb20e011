import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MEMBER_ROLES } from '../../../auth/roles';
import { FormDialog, TextField } from '../../../shell/FormDialog';
import { toast } from '../../../shell/toast';
import { useCreateInvitation } from '../api/invitations';
import type { OrganizationName } from '../api/organizations';
import { roleDescription, roleLabel } from '../lib/labels';

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/**
 * Invite someone by email into one of the organizations the user administers, with a member role. A
 * wrong address is said at the field, which takes the focus (the shell's form dialog).
 */
export function InviteDialog({
  organizations,
  initialOrganizationId,
  canInviteSystemAdmin,
  onClose,
}: {
  organizations: OrganizationName[];
  initialOrganizationId: string;
  canInviteSystemAdmin: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateInvitation();
  const [email, setEmail] = useState('');
  const [roleName, setRoleName] = useState<string>('simple-user');
  const [organizationId, setOrganizationId] = useState(initialOrganizationId);
  const [isSystemAdmin, setIsSystemAdmin] = useState(false);
  const [emailError, setEmailError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (!EMAIL.test(email.trim())) {
      setEmailError(t('invitations.invite.invalidEmail'));
      return;
    }
    setBusy(true);
    try {
      const created = await create({ email: email.trim(), roleName, organizationId, isSystemAdmin });
      toast.success(t('invitations.invite.sent', { email: created?.email ?? email.trim() }));
      onClose();
    } catch (error) {
      toast.error(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog title={t('invitations.invite.title')} submitLabel={t('invitations.invite.send')} busy={busy} onClose={onClose} onSubmit={() => void submit()}>
      {(formId) => (
        <>
          <TextField
            id={`${formId}-email`}
            label={t('invitations.fields.email')}
            type="email"
            value={email}
            error={emailError}
            onChange={(value) => {
              setEmail(value);
              setEmailError('');
            }}
          />
          {organizations.length > 1 && (
            <div className="ws-field">
              <label htmlFor={`${formId}-organization`}>{t('invitations.fields.organization')}</label>
              <select id={`${formId}-organization`} value={organizationId} onChange={(e) => setOrganizationId(e.target.value)}>
                {organizations.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name}
                  </option>
                ))}
              </select>
            </div>
          )}
          <div className="ws-field">
            <label htmlFor={`${formId}-role`}>{t('invitations.fields.role')}</label>
            <select id={`${formId}-role`} value={roleName} aria-describedby={`${formId}-roles`} onChange={(e) => setRoleName(e.target.value)}>
              {MEMBER_ROLES.map((role) => (
                <option key={role} value={role}>
                  {roleLabel(t, role)}
                </option>
              ))}
            </select>
            {/* What each role may do (chalicelib/auth rules), all three side by side to compare. */}
            <ul id={`${formId}-roles`} className="ws-hint" style={{ paddingInlineStart: '1.25rem' }}>
              {MEMBER_ROLES.map((role) => (
                <li key={role}>
                  {t('invitations.invite.roleMeaning', { role: roleLabel(t, role), meaning: roleDescription(t, role) })}
                </li>
              ))}
            </ul>
          </div>
          {canInviteSystemAdmin && (
            <label className="ws-check">
              <input type="checkbox" checked={isSystemAdmin} onChange={(e) => setIsSystemAdmin(e.target.checked)} />
              {t('invitations.invite.systemAdmin')}
            </label>
          )}
        </>
      )}
    </FormDialog>
  );
}
