import { useCallback } from 'react';
import { put } from '../../../api/client';
import { ifMatch } from '../../../api/versions';
import { changeSeen } from './changeSeen';
import { useRevalidate } from './revalidate';
import { rolePermissionsPath } from './rolePermissions';
import { getRole, ROLES_PATH } from './roles';
import type { Permission, Role } from './types';

/**
 * PUT /roles/{id}/permissions with the permission keys: replace what a role grants, for the version of the role as
 * shown (`seen`, its permissions one field: api/changeSeen.ts). Nothing is sent when they are those shown.
 */
export async function setRolePermissions(seen: Role, keys: string[]): Promise<Permission[] | undefined> {
  return changeSeen<Role, Permission[] | undefined>(
    seen,
    { permissions: keys },
    (changes, version) => put<Permission[]>(rolePermissionsPath(seen.id), changes.permissions, { headers: ifMatch(version) }),
    () => getRole(seen.id),
  );
}

export function useSetRolePermissions() {
  const revalidate = useRevalidate();
  return useCallback(
    async (seen: Role, keys: string[]) => {
      const permissions = await setRolePermissions(seen, keys);
      await revalidate(ROLES_PATH);
      return permissions;
    },
    [revalidate],
  );
}
