import { del, get, patch } from '../api/client';
import { isLanguage, type Language } from '../i18n/languages';

/** GET /auth/profile: who the signed-in user is and what they may do. */
export interface Profile {
  id?: string;
  email?: string | null;
  name?: string | null;
  preferences?: Record<string, unknown>;
  systemRoles?: { id?: string; roleName: string }[];
  permissions?: string[];
  organizationRole?: OrganizationRole | null;
  organizationRoles?: OrganizationRole[];
}

export interface OrganizationRole {
  organizationId: string;
  roleName: string;
  /** The organization's name (absent when it is gone). */
  organizationName?: string | null;
}

export const PROFILE_PATH = '/auth/profile';

export function getProfile(): Promise<Profile | undefined> {
  return get<Profile>(PROFILE_PATH);
}

/** The interface language the user saved in their profile, if any. */
export function savedLanguage(profile: Profile | undefined): Language | undefined {
  const locale = profile?.preferences?.locale;
  return isLanguage(locale) ? locale : undefined;
}

/** PATCH /auth/profile: change the own display name or preferences; the updated profile. */
export async function updateProfile(changes: Pick<Profile, 'name' | 'preferences'>): Promise<Profile | undefined> {
  return patch<Profile>(PROFILE_PATH, changes);
}

/** Delete the signed-in user's own account (memberships and dashboards with it). */
export async function deleteOwnAccount(): Promise<Profile> {
  await del(PROFILE_PATH);
  return {};
}
