/** The invitation screens' addresses (spec section 2). */
export const INVITATIONS_PAGE_PATH = '/userspace/invitation';

export function invitationPath(token: string): string {
  return `/sts/invitation/${encodeURIComponent(token)}`;
}

/** Where a member of an organization works in it (the organizations feature's workspace). */
export function organizationWorkspacePath(organizationId: string): string {
  return `/userspace/organizations/${encodeURIComponent(organizationId)}`;
}
