import { hasOrganizationRole } from '../../../auth/roles';
import type { Profile } from '../../../auth/profile';

/** The same checks as the server's routes (chalicelib/auth/rules.py), for showing or hiding controls. */
export const mayAdminister = (profile: Profile | undefined, organizationId: string) =>
  hasOrganizationRole(profile, organizationId, ['group-admin']);

export const mayContribute = (profile: Profile | undefined, organizationId: string) =>
  hasOrganizationRole(profile, organizationId, ['data-contributor', 'group-admin']);

export const isMember = (profile: Profile | undefined, organizationId: string) =>
  hasOrganizationRole(profile, organizationId, ['simple-user', 'data-contributor', 'group-admin']);
