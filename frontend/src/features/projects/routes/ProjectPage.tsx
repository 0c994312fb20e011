import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { hasOrganizationRole } from '../../../auth/roles';
import { useSession } from '../../../auth/session';
import { chineseNamesOf, withChineseName } from '../../../lib/parameterNames';
import { useDocumentTitle } from '../../../shell/documentTitle';
import { Spinner } from '../../../shell/LazyView';
import { TabNav, TabPanel } from '../../../shell/TabNav';
import { LoadError } from '../../../shell/LoadError';
import { useOrganizationStationChoices, useParameterChoices, useProjectParameters, useProjectStations, useSetProjectList } from '../api/lists';
import { useProject } from '../api/project';
import type { ProjectParameter } from '../api/types';
import { ActivitiesTab } from '../components/ActivitiesTab';
import { WhereFrom } from '../components/WhereFrom';
import { AssignedList, foundAs, type Choice } from '../components/AssignedList';
import { ImportsTab } from '../components/ImportsTab';
import { ProjectLoggerTab } from '../../timeseries/components/ProjectLoggerTab';
import { organizationProjectsPath, organizationStationsPath, PROJECT_TABS, projectPath, stationPath, type ProjectTab } from '../paths';
import '../../../shell/workspace.css';

/** No such project: the server does not know the id (404), or no longer (it was deleted). "Try again" cannot help. */
const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

const TAB_LABELS = {
  stations: 'projects.tabs.stations',
  parameters: 'projects.tabs.parameters',
  activities: 'projects.tabs.activities',
  imports: 'projects.tabs.imports',
  logger: 'timeseries.project.tab',
} as const;

/** A project's page: its stations, parameters, activities and imports, each a tab. */
export function ProjectPage() {
  const { t } = useTranslation();
  const { organizationId = '', projectId = '', tab } = useParams();
  const { profile } = useSession();
  const project = useProject(projectId);
  // Its data contributors and group administrators (and system administrators) change the project and import into it.
  const canEdit = hasOrganizationRole(profile, organizationId, ['data-contributor', 'group-admin']);
  // The Imports tab holds nothing but importing: it is offered to those who may import only (the logger tab shows
  // its series to every member, its imports to the same few). The tabs follow the profile, read again on a refusal.
  const tabs = PROJECT_TABS.filter((key) => key !== 'imports' || canEdit);
  const tabLabel = PROJECT_TABS.includes(tab as ProjectTab) ? t(TAB_LABELS[tab as ProjectTab]) : null;
  // An activity opened in the Activities tab (?activity=<id>) names the page.
  const [searchParams] = useSearchParams();
  const activity = tab === 'activities' ? searchParams.get('activity') : null;
  useDocumentTitle(
    !project.data || !tabLabel
      ? null
      : activity
        ? t('projects.activity.documentTitle', { activity, project: project.data.name })
        : t('projects.documentTitle', { tab: tabLabel, project: project.data.name }),
  );

  if (!tab || !PROJECT_TABS.includes(tab as ProjectTab)) return <Navigate to={projectPath(organizationId, projectId, 'stations')} replace />;
  const back = (
    <p>
      <Link to={organizationProjectsPath(organizationId)}>{t('projects.back')}</Link>
    </p>
  );
  const tabNav = (
    <TabNav label={t('projects.tabs.label')} tabs={tabs.map((key) => ({ to: projectPath(organizationId, projectId, key), label: t(TAB_LABELS[key]) }))} />
  );
  if (isNotFound(project.error)) {
    // As a station's page says a missing station: what happened, and the way to the projects there are.
    return (
      <section className="page error-page" aria-labelledby="project-not-found-title">
        <p className="error-code" aria-hidden="true">404</p>
        <h1 id="project-not-found-title">{t('projects.notFound.title')}</h1>
        <p>{t('projects.notFound.message', { id: projectId })}</p>
        <p>
          <Link to={organizationProjectsPath(organizationId)}>{t('projects.notFound.back')}</Link>
        </p>
      </section>
    );
  }
  // Asked again and failed (the connection coming back flaky), the project shown stays with its tab: replacing it by
  // the error would take away what the tab holds (an upload's failure and its Try again, a form being filled).
  if (project.error && !project.data) {
    // The page's frame stays (the way back, a heading, the tabs): only the project could not be loaded.
    return (
      <section className="page" aria-labelledby="project-title">
        {back}
        <h1 id="project-title">{t('projects.title')}</h1>
        {tabNav}
        <LoadError error={project.error} title={t('projects.loadFailed')} onRetry={() => project.mutate()} />
      </section>
    );
  }
  if (!project.data) return <Spinner />;

  return (
    <section className="page" aria-labelledby="project-title">
      {back}
      <h1 id="project-title">{project.data.name}</h1>
      {project.data.description && <p className="muted">{project.data.description}</p>}
      {tabNav}
      <TabPanel label={tabLabel!}>
        {tab === 'stations' && <StationsList organizationId={organizationId} projectId={projectId} canEdit={canEdit} />}
        {tab === 'parameters' && <ParametersList organizationId={organizationId} projectId={projectId} canEdit={canEdit} />}
        {tab === 'activities' && <ActivitiesTab organizationId={organizationId} projectId={projectId} canEdit={canEdit} />}
        {tab === 'imports' &&
          (canEdit ? <ImportsTab organizationId={organizationId} projectId={projectId} /> : <NoImports organizationId={organizationId} projectId={projectId} />)}
        {tab === 'logger' && <ProjectLoggerTab organizationId={organizationId} projectId={projectId} canEdit={canEdit} />}
      </TabPanel>
    </section>
  );
}

/**
 * The Imports tab reached by someone who may not import (a link, or a role taken away meanwhile): said in plain
 * words, with the way to the project's first tab, rather than an import form the server would refuse.
 */
function NoImports({ organizationId, projectId }: { organizationId: string; projectId: string }) {
  const { t } = useTranslation();
  return (
    <div>
      <p>{t('projects.imports.notAllowed')}</p>
      <p>
        <Link to={projectPath(organizationId, projectId, 'stations')}>{t('projects.imports.toFirstTab')}</Link>
      </p>
    </div>
  );
}

type ListProps = { organizationId: string; projectId: string; canEdit: boolean };

function StationsList({ organizationId, projectId, canEdit }: ListProps) {
  const { t } = useTranslation();
  const stations = useProjectStations(organizationId, projectId);
  const save = useSetProjectList(organizationId, projectId, 'stations');
  const toChoice = (s: { id: string; name: string; identifier: string }): Choice => ({ id: s.id, label: s.name, detail: s.identifier });
  return (
    <AssignedList
      title={t('projects.stations.title')}
      emptyMessage={t('projects.stations.empty')}
      emptyHelp={
        // Where stations come from: the organization's Stations tab, or an import whose rows place new ones.
        <WhereFrom
          organizationId={organizationId}
          projectId={projectId}
          canEdit={canEdit}
          text={t('projects.stations.whereFrom')}
          readerText={t('projects.stations.whereFromReader')}
          links={[<Link to={organizationStationsPath(organizationId)}>{t('projects.stations.organizationStations')}</Link>]}
        />
      }
      chooseLabel={t('projects.stations.choose')}
      filterLabel={t('projects.stations.filter')}
      noMatchMessage={t('projects.stations.noMatch')}
      moreMessage={(shown, total) => t('projects.stations.more', { shown, total })}
      savedMessage={(count) => t('projects.stations.saved', { count })}
      countMessage={(count) => t('projects.count.stations', { count })}
      items={stations.data?.map(toChoice)}
      error={stations.error}
      loadFailedMessage={t('projects.stations.loadFailed')}
      onRetry={() => stations.mutate()}
      canEdit={canEdit}
      useChoices={(filter) => foundAs(useOrganizationStationChoices(organizationId, filter), toChoice)}
      onSave={save}
      // Each station's name opens its page.
      pathOf={(choice) => stationPath(choice.id)}
    />
  );
}

function ParametersList({ organizationId, projectId, canEdit }: ListProps) {
  const { t, i18n } = useTranslation();
  const parameters = useProjectParameters(organizationId, projectId);
  const save = useSetProjectList(organizationId, projectId, 'parameters');
  // Found by its Chinese names too (lib/parameterNames), and in Chinese listed by the first beside its WQX label.
  const toChoice = (p: ProjectParameter): Choice => ({ id: p.id, label: p.label, detail: p.unit, aliases: chineseNamesOf(p.characteristicName, p.label) });
  return (
    <AssignedList
      title={t('projects.parameters.title')}
      emptyMessage={t('projects.parameters.empty')}
      emptyHelp={
        // Where parameters come from: chosen among the portal's, or added by an import naming them in its rows.
        <WhereFrom
          organizationId={organizationId}
          projectId={projectId}
          canEdit={canEdit}
          text={t('projects.parameters.whereFrom')}
          readerText={t('projects.parameters.whereFromReader')}
        />
      }
      chooseLabel={t('projects.parameters.choose')}
      filterLabel={t('projects.parameters.filter')}
      noMatchMessage={t('projects.parameters.noMatch')}
      moreMessage={(shown, total) => t('projects.parameters.more', { shown, total })}
      savedMessage={(count) => t('projects.parameters.saved', { count })}
      countMessage={(count) => t('projects.count.parameters', { count })}
      items={parameters.data?.map(toChoice)}
      error={parameters.error}
      loadFailedMessage={t('projects.parameters.loadFailed')}
      onRetry={() => parameters.mutate()}
      canEdit={canEdit}
      useChoices={(filter) => foundAs(useParameterChoices(filter), toChoice)}
      onSave={save}
      nameOf={(choice) => withChineseName(choice.label, choice.aliases?.[0], i18n.language)}
    />
  );
}

export default ProjectPage;
