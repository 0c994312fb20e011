/** The invitation screens' addresses (spec section 2). */
export const INVITATIONS_PAGE_PATH = '/userspace/invitation';

/** The query parameter that opens the invite dialog for one organization: /userspace/invitation?invite={organizationId}. */
export const INVITE_PARAM = 'invite';

export function invitationPath(token: string): string {
  return `/sts/invitation/${encodeURIComponent(token)}`;
}

/** The portal's Contact us form (an informational page): to ask the system administrators for an organization. */
export const CONTACT_US_PATH = '/sts/contactUs';

/** Where a member of an organization works in it (the organizations feature's workspace). */
export function organizationWorkspacePath(organizationId: string): string {
  return `/userspace/organizations/${encodeURIComponent(organizationId)}`;
}

/** The organization's Members tab (the organizations feature's), where "Invite member" is. */
export function organizationMembersPath(organizationId: string): string {
  return `${organizationWorkspacePath(organizationId)}/members`;
}

/**
 * Navigation state asking the organization's workspace to focus its heading once shown (the organizations
 * feature reads it): after accepting, the Accept button has left with its page.
 */
export const FOCUS_HEADING = { focus: 'heading' } as const;
