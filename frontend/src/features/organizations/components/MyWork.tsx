import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../auth/session';
import { useOrganizations } from '../api/organizations';
import { useProjectsOf, type ProjectName } from '../api/projects';
import { mayContribute } from '../lib/access';
import { roleLabel } from '../lib/labels';
import { projectPagePath, workspacePath } from '../paths';
import '../../../shell/workspace.css';
import '../organizations.css';

/** How many of an organization's projects its card names (the rest are one click away). */
const PROJECTS_SHOWN = 5;

/**
 * On the home page, for a signed-in member: their organizations, each with its projects, leading to the
 * workspace; then `latestImports` of the projects they may import into (the app composes that part).
 */
export function MyWork({ latestImports }: { latestImports?: (projects: ProjectName[]) => ReactNode }) {
  const { t } = useTranslation();
  const { profile } = useSession();
  const memberships = profile?.organizationRoles ?? [];
  const organizations = useOrganizations(memberships.length > 0);
  const projects = useProjectsOf(memberships.map((m) => m.organizationId));
  if (memberships.length === 0 || !organizations.data) return null;
  const names = new Map(organizations.data.map((o) => [o.id, o.name]));
  const projectsOf = (organizationId: string) => (projects.data ?? []).filter((p) => p.organizationId === organizationId);
  const importable = (projects.data ?? []).filter((p) => mayContribute(profile, p.organizationId));
  return (
    <>
      <section className="page" aria-labelledby="my-work-title">
        <h2 id="my-work-title">{t('organizations.home.title')}</h2>
        <ul className="ws-cards">
          {memberships.map((m) => {
            const own = projectsOf(m.organizationId);
            const name = names.get(m.organizationId) ?? m.organizationId;
            return (
              <li key={m.organizationId} className="ws-card">
                <h3>
                  <Link to={workspacePath(m.organizationId)}>{name}</Link>
                </h3>
                <p className="ws-actions">
                  <span className="ws-badge">{roleLabel(t, m.roleName)}</span>
                  <Link to={workspacePath(m.organizationId, 'projects')}>{t('organizations.home.projects')}</Link>
                  <Link to={workspacePath(m.organizationId, 'stations')}>{t('organizations.home.stations')}</Link>
                </p>
                {own.length > 0 && (
                  <ul className="home-projects" aria-label={t('organizations.home.projectsOf', { name })}>
                    {own.slice(0, PROJECTS_SHOWN).map((p) => (
                      <li key={p.id}>
                        <Link to={projectPagePath(p.organizationId, p.id)}>{p.name}</Link>
                      </li>
                    ))}
                    {own.length > PROJECTS_SHOWN && (
                      <li>
                        <Link to={workspacePath(m.organizationId, 'projects')}>{t('organizations.home.moreProjects', { count: own.length - PROJECTS_SHOWN })}</Link>
                      </li>
                    )}
                  </ul>
                )}
              </li>
            );
          })}
        </ul>
      </section>
      {latestImports?.(importable)}
    </>
  );
}
