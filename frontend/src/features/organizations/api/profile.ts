import { useSWRConfig } from 'swr';
import { getProfile, PROFILE_PATH } from '../../../auth/profile';
import { useSession } from '../../../auth/session';

/**
 * Load the signed-in user's profile again after a change to their own membership (a new role), so
 * the screens show what they may now do: the session's profile is replaced by the server's answer,
 * and the cached GET /auth/profile with it.
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
