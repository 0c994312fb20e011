export const INVITATION_STATUSES = ['pending', 'accepted', 'revoked', 'declined', 'expired'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/** An invitation as the API shows it (never its token). */
export interface Invitation {
  id: string;
  email: string;
  organizationId: string | null;
  organizationName: string | null;
  roleName: string | null;
  isSystemAdmin: boolean;
  status: InvitationStatus;
  createdAt: string;
  createdBy: string;
  expiresAt: string;
  resendCount: number;
  acceptedAt: string | null;
}

export interface NewInvitation {
  email: string;
  isSystemAdmin: boolean;
  organizationId: string;
  roleName: string;
}
