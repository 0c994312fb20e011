import type { TFunction } from 'i18next';

const ROLE_KEYS = {
  'simple-user': 'invitations.roles.simpleUser',
  'data-contributor': 'invitations.roles.dataContributor',
  'group-admin': 'invitations.roles.groupAdmin',
} as const;

/** A member role in the interface language (an unknown name as it is). */
export function roleLabel(t: TFunction, roleName: string | null | undefined): string {
  if (!roleName) return '';
  return roleName in ROLE_KEYS ? t(ROLE_KEYS[roleName as keyof typeof ROLE_KEYS]) : roleName;
}

const ROLE_DESCRIPTION_KEYS = {
  'simple-user': 'invitations.roleDescriptions.simpleUser',
  'data-contributor': 'invitations.roleDescriptions.dataContributor',
  'group-admin': 'invitations.roleDescriptions.groupAdmin',
} as const;

/** What a member role may do, in one line (as the server's rules grant it: chalicelib/auth/rules.py and the routes). */
export function roleDescription(t: TFunction, roleName: string): string {
  return roleName in ROLE_DESCRIPTION_KEYS ? t(ROLE_DESCRIPTION_KEYS[roleName as keyof typeof ROLE_DESCRIPTION_KEYS]) : '';
}

const STATUS_KEYS = {
  pending: 'invitations.status.pending',
  accepted: 'invitations.status.accepted',
  revoked: 'invitations.status.revoked',
  declined: 'invitations.status.declined',
  expired: 'invitations.status.expired',
} as const;

export function statusLabel(t: TFunction, status: string): string {
  return status in STATUS_KEYS ? t(STATUS_KEYS[status as keyof typeof STATUS_KEYS]) : status;
}
