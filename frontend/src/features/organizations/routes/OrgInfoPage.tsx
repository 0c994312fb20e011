import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../shell/documentTitle';
import { Spinner } from '../../../shell/LazyView';
import { LoadError } from '../../../shell/LoadError';
import { useOrganization, useOrganizations } from '../api/organizations';
import { useOrganizationProjects } from '../api/projects';
import { useOrganizationStations } from '../api/stations';
import { useSession } from '../../../auth/session';
import { isMember } from '../lib/access';
import { CONTACT_US_PATH, explorerPath, orgInfoPath, workspacePath } from '../paths';
import '../../../shell/workspace.css';

// The map library loads only when a map is shown.
const OrganizationStationsMap = lazy(() => import('../components/OrganizationStationsMap'));

/**
 * /sts/org-info?id={organizationId}: an organization's page: name, description, website, contact,
 * its projects and its stations on a small map with links into the explorer. Without an id: every
 * organization, to pick one.
 */
export function OrgInfoPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  return id ? <OrganizationInfo organizationId={id} /> : <OrganizationDirectory />;
}

function OrganizationDirectory() {
  const { t } = useTranslation();
  const organizations = useOrganizations();
  return (
    <section className="page org-info" aria-labelledby="org-info-title">
      <h1 id="org-info-title">{t('organizations.info.directory')}</h1>
      {organizations.error ? (
        <LoadError error={organizations.error} onRetry={() => organizations.mutate()} />
      ) : !organizations.data ? (
        <Spinner />
      ) : (
        <ul className="ws-cards">
          {organizations.data.map((o) => (
            <li key={o.id} className="ws-card">
              <h2>
                <Link to={orgInfoPath(o.id)}>{o.name}</Link>
              </h2>
              {o.description && <p className="muted">{o.description}</p>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function OrganizationInfo({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const { profile } = useSession();
  const organization = useOrganization(organizationId);
  const projects = useOrganizationProjects(organizationId);
  const stations = useOrganizationStations(organizationId, 1);
  // The tab names the organization, as the page's heading does (it had said "All organizations").
  useDocumentTitle(organization.data?.name);

  if (organization.error) {
    return (
      <section className="page org-info" aria-labelledby="org-info-title">
        <h1 id="org-info-title">{t('organizations.workspace.organization')}</h1>
        <LoadError error={organization.error} title={t('organizations.info.loadFailed')} onRetry={() => organization.mutate()} />
      </section>
    );
  }
  if (!organization.data) return <Spinner />;
  const { name, description, website, contact } = organization.data;
  const safeWebsite = website && /^https?:\/\//i.test(website) ? website : null;
  const member = isMember(profile, organizationId);
  return (
    <section className="page org-info" aria-labelledby="org-info-title">
      <div className="ws-head">
        <div>
          <h1 id="org-info-title">{name}</h1>
          {description && <p>{description}</p>}
        </div>
        {member && <Link to={workspacePath(organizationId)}>{t('organizations.info.workspace')}</Link>}
      </div>
      <dl className="facts">
        <dt>{t('organizations.fields.website')}</dt>
        <dd>{safeWebsite ? <a href={safeWebsite} rel="noopener noreferrer" target="_blank">{website}</a> : website || t('common.none')}</dd>
        <dt>{t('organizations.fields.contact')}</dt>
        <dd>
          {contact || (
            // No contact of its own: said, with the next step (a volunteer asks to join through the portal).
            <>
              {t('organizations.info.noContact', { name })} <Link to={CONTACT_US_PATH}>{t('organizations.info.contactForm')}</Link>
            </>
          )}
        </dd>
      </dl>
      {contact && !member && <p>{t('organizations.info.joinHint', { name })}</p>}
      <h2>{t('organizations.info.projects')}</h2>
      {projects.error ? (
        <LoadError error={projects.error} title={t('organizations.projects.loadFailed')} onRetry={() => projects.mutate()} />
      ) : !projects.data ? (
        <Spinner />
      ) : projects.data.length === 0 ? (
        <p>{t('organizations.projects.empty')}</p>
      ) : (
        <ul>
          {projects.data.map((p) => (
            <li key={p.id}>
              <Link to={`/sts/overview?project=${encodeURIComponent(p.id)}`}>{p.name}</Link>
              {p.description ? <span className="muted"> — {p.description}</span> : null}
            </li>
          ))}
        </ul>
      )}
      <h2>{t('organizations.info.stations', { count: stations.data?.total ?? 0 })}</h2>
      <p>
        <Link to={explorerPath(organizationId)}>{t('organizations.info.explore')}</Link>
      </p>
      {stations.data && stations.data.data.length > 0 && (
        <Suspense fallback={<Spinner />}>
          <OrganizationStationsMap stations={stations.data.data} label={t('organizations.info.mapLabel', { name })} />
        </Suspense>
      )}
      {stations.data && (
        <ul className="org-station-links">
          {stations.data.data.map((s) => (
            <li key={s.id}>
              <Link to={`/sts/station/${encodeURIComponent(s.id)}/chart`}>{s.name}</Link> <span className="muted">{s.identifier}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default OrgInfoPage;
