/** A project's page: /userspace/organizations/{organizationId}/projects/{projectId}/{tab}. */
export const PROJECT_TABS = ['stations', 'parameters', 'activities', 'imports', 'logger'] as const;
export type ProjectTab = (typeof PROJECT_TABS)[number];

export function projectPath(organizationId: string, projectId: string, tab?: ProjectTab): string {
  return `/userspace/organizations/${encodeURIComponent(organizationId)}/projects/${encodeURIComponent(projectId)}${tab ? `/${tab}` : ''}`;
}

/** The organization's projects (the organizations feature's workspace). */
export function organizationProjectsPath(organizationId: string): string {
  return `/userspace/organizations/${encodeURIComponent(organizationId)}/projects`;
}

/** The organization's stations, where its stations are created (the organizations feature's workspace). */
export function organizationStationsPath(organizationId: string): string {
  return `/userspace/organizations/${encodeURIComponent(organizationId)}/stations`;
}

/** What the Activities tab keeps in its address: the list's page and search, and the activity open (if any). */
export interface ActivitiesView {
  page?: number;
  search?: string;
  activity?: string | null;
}

/** The address's query of the Activities tab: ?q=…&page=…&activity=… (defaults left out). */
export function activitiesQuery({ page = 1, search = '', activity }: ActivitiesView): URLSearchParams {
  const query = new URLSearchParams();
  if (search) query.set('q', search);
  if (page > 1) query.set('page', String(page));
  if (activity) query.set('activity', activity);
  return query;
}

/** The Activities tab as an address: its list at a page and search, or one activity opened over it. */
export function activitiesPath(organizationId: string, projectId: string, view: ActivitiesView = {}): string {
  const query = activitiesQuery(view).toString();
  return `${projectPath(organizationId, projectId, 'activities')}${query ? `?${query}` : ''}`;
}

/** The station's page (the stations feature's /sts/station/{stationId}). */
export function stationPath(stationId: string): string {
  return `/sts/station/${encodeURIComponent(stationId)}`;
}
