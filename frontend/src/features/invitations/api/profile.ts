import { useSWRConfig } from 'swr';
import { getProfile, PROFILE_PATH } from '../../../auth/profile';
import { useSession } from '../../../auth/session';

/**
 * Load the signed-in user's profile again after joining an organization, so the screens show the new
 * membership: the session's profile is replaced by the server's answer, and the cached GET /auth/profile with it.
 */
export function useReloadProfile() {
  const session = useSession();
  const { mutate } = useSWRConfig();
  return async () => {
    const profile = await getProfile();
    if (!profile) return;
    session.setProfile(profile);
    await mutate((key) => Array.isArray(key) && key[0] === PROFILE_PATH, profile, { revalidate: false });
  };
}
