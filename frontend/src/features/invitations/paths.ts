/** The invitation screens' addresses (spec section 2). */
export const INVITATIONS_PAGE_PATH = '/userspace/invitation';

export function invitationPath(token: string): string {
  return `/sts/invitation/${encodeURIComponent(token)}`;
}

/** Where a member of an organization works in it (the organizations feature's workspace). */
export function organizationWorkspacePath(organizationId: string): string {
  return `/userspace/organizations/${encodeURIComponent(organizationId)}`;
}

/**
 * Navigation state asking the organization's workspace to focus its heading once shown (the organizations
 * feature reads it): after accepting, the Accept button has left with its page.
 */
export const FOCUS_HEADING = { focus: 'heading' } as const;
