import { useCallback } from 'react';
import { patch } from '../../../api/client';
import { ifMatch } from '../../../api/versions';
import { useSession } from '../../../auth/session';
import { changeSeen } from './changeSeen';
import { useRevalidate } from './revalidate';
import type { User, UserInput } from './types';
import { getUser, USERS_PATH } from './users';

/**
 * PATCH /user/{id}: change a user's email or name. Only the fields changed from the user as shown (`seen`) are
 * sent, for their version (api/changeSeen.ts); nothing when none changed.
 */
export async function updateUser(seen: User, values: Partial<UserInput>): Promise<User | undefined> {
  const path = `${USERS_PATH}/${encodeURIComponent(seen.id)}`;
  return changeSeen<User, User | undefined>(
    seen,
    values,
    (changes, version) => patch<User>(path, changes, { headers: ifMatch(version) }),
    () => getUser(seen.id),
  );
}

/**
 * The change, then the lists of users again; and the signed-in profile when the record was the own one (the header
 * shows its name). A failed re-read of the profile is no failed save.
 */
export function useUpdateUser() {
  const revalidate = useRevalidate();
  const { profile, retryProfile } = useSession();
  const ownId = profile?.id;
  return useCallback(
    async (seen: User, values: Partial<UserInput>) => {
      const user = await updateUser(seen, values);
      await revalidate(USERS_PATH);
      if (seen.id === ownId) void retryProfile().catch(() => undefined);
      return user;
    },
    [revalidate, ownId, retryProfile],
  );
}
