import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLatestImports } from '../api/imports';
import { outcomeLabel, statusLabel } from '../lib/labels';
import '../../../shell/workspace.css';

/** How many imports the home page lists. */
export const LATEST_SHOWN = 5;

/** A project whose imports to show, and where its Imports tab is (the app composes the features). */
export interface ProjectWithImports {
  organizationId: string;
  id: string;
  name: string;
  importsPath: string;
}

/**
 * On the home page: the newest imports of the given projects, each with its status and a link to its project's
 * Imports tab. Asked of their organizations (the newest imports of all of an organization's projects, one request
 * an organization, however many projects it has), then kept to the given projects: an import of a project not
 * among them is left out, as that project was deleted (the projects listed are all the organization's named ones)
 * and there is no Imports tab to lead to; its id alone would tell a person nothing.
 */
export function LatestImports({ projects }: { projects: ProjectWithImports[] }) {
  const { t, i18n } = useTranslation();
  const latest = useLatestImports(projects.map((p) => p.organizationId));
  if (!projects.length || !latest.data) return null;
  const byId = new Map(projects.map((p) => [p.id, p]));
  const shown = latest.data.filter((log) => byId.has(log.projectId)).slice(0, LATEST_SHOWN);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section className="page" aria-labelledby="latest-imports-title">
      <h2 id="latest-imports-title">{t('imports.latest.title')}</h2>
      {shown.length === 0 ? (
        <p>{t('imports.latest.empty')}</p>
      ) : (
        <ul className="ws-cards">
          {shown.map((log) => {
            const project = byId.get(log.projectId)!;
            return (
              <li key={log.logId} className="ws-card">
                <h3>
                  <Link to={project.importsPath}>{log.fileName}</Link>
                </h3>
                <p>{t('imports.latest.item', { project: project.name, when: when.format(new Date(log.createdAt)) })}</p>
                <p className="ws-actions">
                  <span className="ws-badge">{statusLabel(t, log)}</span>
                  <span>{outcomeLabel(t, log)}</span>
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
