import { patch } from '../../../api/client';
import { PROFILE_PATH, type Profile } from '../../../auth/profile';

/** PATCH /auth/profile {currentOrganizationId}: the organization the user works in, kept in their profile. */
export async function setCurrentOrganization(organizationId: string): Promise<Profile | undefined> {
  return patch<Profile>(PROFILE_PATH, { currentOrganizationId: organizationId });
}
