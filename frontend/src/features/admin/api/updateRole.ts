import { useCallback } from 'react';
import { patch } from '../../../api/client';
import { ifMatch } from '../../../api/versions';
import { changeSeen } from './changeSeen';
import { useRevalidate } from './revalidate';
import { getRole, ROLES_PATH } from './roles';
import type { Role, RoleInput } from './types';
import { USERS_PATH } from './users';

/**
 * PATCH /roles/{id}: rename a role or change its description (built-in roles refuse). Only the fields changed from
 * the role as shown (`seen`) are sent, for its version (api/changeSeen.ts); nothing when none changed.
 */
export async function updateRole(seen: Role, values: Partial<RoleInput>): Promise<Role | undefined> {
  const path = `${ROLES_PATH}/${encodeURIComponent(seen.id)}`;
  return changeSeen<Role, Role | undefined>(
    seen,
    values,
    (changes, version) => patch<Role>(path, changes, { headers: ifMatch(version) }),
    () => getRole(seen.id),
  );
}

export function useUpdateRole() {
  const revalidate = useRevalidate();
  return useCallback(
    async (seen: Role, values: Partial<RoleInput>) => {
      const role = await updateRole(seen, values);
      // Users' role names come from the roles.
      await revalidate(ROLES_PATH, USERS_PATH);
      return role;
    },
    [revalidate],
  );
}
