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
