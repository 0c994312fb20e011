import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../auth/session';
import { useOrganizations } from '../api/organizations';
import { roleLabel } from '../lib/labels';
import { workspacePath } from '../paths';
import '../../../shell/workspace.css';

/** On the home page, for a signed-in member: their organizations, each leading to its members and projects. */
export function MyWork() {
  const { t } = useTranslation();
  const { profile } = useSession();
  const memberships = profile?.organizationRoles ?? [];
  const organizations = useOrganizations(memberships.length > 0);
  if (memberships.length === 0 || !organizations.data) return null;
  const names = new Map(organizations.data.map((o) => [o.id, o.name]));
  return (
    <section className="page" aria-labelledby="my-work-title">
      <h2 id="my-work-title">{t('organizations.home.title')}</h2>
      <ul className="ws-cards">
        {memberships.map((m) => (
          <li key={m.organizationId} className="ws-card">
            <h3>
              <Link to={workspacePath(m.organizationId)}>{names.get(m.organizationId) ?? m.organizationId}</Link>
            </h3>
            <p className="ws-actions">
              <span className="ws-badge">{roleLabel(t, m.roleName)}</span>
              <Link to={workspacePath(m.organizationId, 'projects')}>{t('organizations.home.projects')}</Link>
              <Link to={workspacePath(m.organizationId, 'stations')}>{t('organizations.home.stations')}</Link>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
