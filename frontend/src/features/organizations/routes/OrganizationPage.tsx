import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { isSystemAdmin } from '../../../auth/roles';
import { useSession } from '../../../auth/session';
import { Spinner } from '../../../shell/LazyView';
import { TabNav, TabPanel } from '../../../shell/TabNav';
import { LoadError } from '../../../shell/LoadError';
import { useOrganization } from '../api/organizations';
import { OrganizationDialog } from '../components/OrganizationDialog';
import { MembersTab } from '../components/MembersTab';
import { ParametersTab } from '../components/ParametersTab';
import { ProjectsTab } from '../components/ProjectsTab';
import { SettingsTab } from '../components/SettingsTab';
import { StationsTab } from '../components/StationsTab';
import { isMember, mayAdminister } from '../lib/access';
import { roleLabel } from '../lib/labels';
import { asksForHeadingFocus, ORGANIZATION_TABS, orgInfoPath, workspacePath, type OrganizationTab } from '../paths';
import '../../../shell/workspace.css';
import '../organizations.css';

const TAB_LABELS = {
  members: 'organizations.tabs.members',
  projects: 'organizations.tabs.projects',
  stations: 'organizations.tabs.stations',
  parameters: 'organizations.tabs.parameters',
  settings: 'organizations.tabs.settings',
} as const;

/**
 * /userspace/organizations/{organizationId}/{tab}: an organization's workspace for its members
 * (group administrators change things, others read): members, projects, stations, parameters, settings.
 */
export function OrganizationPage() {
  const { t } = useTranslation();
  const { organizationId = '', tab } = useParams();
  const { profile } = useSession();
  const organization = useOrganization(organizationId);
  const [editing, setEditing] = useState(false);
  // Arrived with a request to focus the heading (from an accepted invitation): once, when the heading is there.
  const location = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  const focused = useRef<string | null>(null);
  const shown = !!organization.data && !!profile;
  useEffect(() => {
    if (!shown || !asksForHeadingFocus(location.state) || focused.current === location.key || !heading.current) return;
    focused.current = location.key;
    heading.current.focus();
  }, [shown, location.state, location.key]);

  // The state goes along (a request to focus the heading).
  if (!tab || !ORGANIZATION_TABS.includes(tab as OrganizationTab)) {
    return <Navigate to={workspacePath(organizationId, 'members')} replace state={location.state as unknown} />;
  }
  const tabNav = (
    <TabNav
      label={t('organizations.tabs.label')}
      tabs={ORGANIZATION_TABS.map((key) => ({ to: workspacePath(organizationId, key), label: t(TAB_LABELS[key]) }))}
    />
  );
  if (organization.error) {
    // The page's frame stays (the name the profile knows, the tabs of a member): only its content failed.
    const knownName = profile?.organizationRoles?.find((r) => r.organizationId === organizationId)?.organizationName;
    return (
      <section className="page org-workspace" aria-labelledby="organization-title">
        <div className="ws-head">
          <h1 id="organization-title" ref={heading} tabIndex={-1}>
            {knownName || t('organizations.workspace.organization')}
          </h1>
        </div>
        {isMember(profile, organizationId) && tabNav}
        <LoadError error={organization.error} title={t('organizations.workspace.loadFailed')} onRetry={() => organization.mutate()} />
      </section>
    );
  }
  if (!organization.data || !profile) return <Spinner />;
  const name = organization.data.name;
  const role = profile.organizationRoles?.find((r) => r.organizationId === organizationId)?.roleName;
  if (!isMember(profile, organizationId)) {
    return (
      <section className="page" aria-labelledby="organization-title">
        <h1 id="organization-title" ref={heading} tabIndex={-1}>
          {name}
        </h1>
        <p>{t('organizations.workspace.notAMember')}</p>
        <Link to={orgInfoPath(organizationId)}>{t('organizations.workspace.publicPage')}</Link>
      </section>
    );
  }

  return (
    <section className="page org-workspace" aria-labelledby="organization-title">
      <div className="ws-head">
        <div>
          <h1 id="organization-title" ref={heading} tabIndex={-1}>
            {name}
          </h1>
          {organization.data.description && <p className="muted">{organization.data.description}</p>}
        </div>
        <div className="ws-actions">
          {role ? (
            <span className="ws-badge">{t('organizations.workspace.yourRole', { role: roleLabel(t, role) })}</span>
          ) : (
            isSystemAdmin(profile) && <span className="ws-badge">{t('organizations.workspace.asSystemAdmin')}</span>
          )}
          <Link to={orgInfoPath(organizationId)}>{t('organizations.workspace.publicPage')}</Link>
          {mayAdminister(profile, organizationId) && (
            <button type="button" className="button button-small" onClick={() => setEditing(true)}>
              {t('organizations.workspace.editDetails')}
            </button>
          )}
        </div>
      </div>
      {tabNav}
      <TabPanel label={t(TAB_LABELS[tab as OrganizationTab])}>
        {tab === 'members' && <MembersTab organizationId={organizationId} organizationName={name} />}
        {tab === 'projects' && <ProjectsTab organizationId={organizationId} />}
        {tab === 'stations' && <StationsTab organizationId={organizationId} />}
        {tab === 'parameters' && <ParametersTab organizationId={organizationId} />}
        {tab === 'settings' && <SettingsTab organizationId={organizationId} />}
      </TabPanel>
      {editing && (
        <OrganizationDialog organization={organization.data} onClose={() => setEditing(false)} />
      )}
    </section>
  );
}

export default OrganizationPage;
