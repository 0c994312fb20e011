import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../auth/session';
import { toast } from '../../../shell/toast';
import { setCurrentOrganization } from '../api/currentOrganization';
import { useOrganizations } from '../api/organizations';
import '../../../shell/workspace.css';

/** In the header, for a member of several organizations: the current one, kept in the profile. */
export function OrganizationSwitcher() {
  const { t } = useTranslation();
  const session = useSession();
  const id = useId();
  const memberships = session.profile?.organizationRoles ?? [];
  const organizations = useOrganizations(memberships.length > 1);
  if (memberships.length < 2 || !organizations.data) return null;
  const names = new Map(organizations.data.map((o) => [o.id, o.name]));
  const current = session.profile?.organizationRole?.organizationId ?? memberships[0]!.organizationId;
  const choose = async (organizationId: string) => {
    try {
      const profile = await setCurrentOrganization(organizationId);
      if (profile) session.setProfile(profile);
      toast.success(t('organizations.switcher.changed', { name: names.get(organizationId) ?? organizationId }));
    } catch (error) {
      toast.error(error);
    }
  };
  return (
    <span className="header-organization">
      <label htmlFor={id} className="visually-hidden">
        {t('organizations.switcher.label')}
      </label>
      <select id={id} className="ws-select-header" value={current} onChange={(e) => void choose(e.target.value)}>
        {memberships.map((m) => (
          <option key={m.organizationId} value={m.organizationId}>
            {names.get(m.organizationId) ?? m.organizationId}
          </option>
        ))}
      </select>
    </span>
  );
}
