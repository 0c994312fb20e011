import { useCallback } from 'react';
import { put } from '../../../api/client';
import { ifMatch } from '../../../api/versions';
import { changeSeen } from './changeSeen';
import { useRevalidate } from './revalidate';
import type { RoleRef, User } from './types';
import { userRolesPath } from './userRoles';
import { getUser, USERS_PATH } from './users';

/**
 * PUT /user/{id}/roles with the role ids: replace a user's system roles (nobody changes their own), for the version
 * of the user as shown (`seen`, their roles one field: api/changeSeen.ts). Nothing is sent when they are those shown.
 */
export async function setUserRoles(seen: User, roleIds: string[]): Promise<RoleRef[] | undefined> {
  return changeSeen<User, RoleRef[] | undefined>(
    seen,
    { roles: roleIds },
    (changes, version) => put<RoleRef[]>(userRolesPath(seen.id), changes.roles, { headers: ifMatch(version) }),
    () => getUser(seen.id),
  );
}

export function useSetUserRoles() {
  const revalidate = useRevalidate();
  return useCallback(
    async (seen: User, roleIds: string[]) => {
      const roles = await setUserRoles(seen, roleIds);
      await revalidate(USERS_PATH);
      return roles;
    },
    [revalidate],
  );
}
