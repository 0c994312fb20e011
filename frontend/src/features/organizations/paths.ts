/** The organization screens' addresses. */
export const ORGANIZATIONS_PAGE_PATH = '/userspace/organizations';
export const ORGANIZATION_TABS = ['members', 'projects', 'stations', 'parameters', 'settings'] as const;
export type OrganizationTab = (typeof ORGANIZATION_TABS)[number];

export function workspacePath(organizationId: string, tab?: OrganizationTab): string {
  return `${ORGANIZATIONS_PAGE_PATH}/${encodeURIComponent(organizationId)}${tab ? `/${tab}` : ''}`;
}

/** A project's page (the projects feature shows it). */
export function projectPagePath(organizationId: string, projectId: string): string {
  return `${workspacePath(organizationId)}/projects/${encodeURIComponent(projectId)}`;
}

/** The organization's public page (spec: /sts/org-info). */
export function orgInfoPath(organizationId?: string): string {
  return organizationId ? `/sts/org-info?id=${encodeURIComponent(organizationId)}` : '/sts/org-info';
}

/** The portal's Contact us form (an informational page of the pages feature): to ask to join an organization. */
export const CONTACT_US_PATH = '/sts/contactUs';

/** The explorer showing this organization's stations. */
export function explorerPath(organizationId: string): string {
  return `/sts/overview?organization=${encodeURIComponent(organizationId)}`;
}

/**
 * Navigation state asking the workspace to put focus on its heading once it is shown (after a move whose
 * button left with its page, e.g. accepting an invitation): `navigate(workspacePath(id), { state: FOCUS_HEADING })`.
 */
export const FOCUS_HEADING = { focus: 'heading' } as const;

export function asksForHeadingFocus(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { focus?: unknown }).focus === FOCUS_HEADING.focus;
}
