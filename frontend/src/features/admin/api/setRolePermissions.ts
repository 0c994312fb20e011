import { useCallback } from 'react';
import { put } from '../../../api/client';
import { useRevalidate } from './revalidate';
import { rolePermissionsPath } from './rolePermissions';
import { ROLES_PATH } from './roles';
import type { Permission } from './types';

/** PUT /roles/{id}/permissions with the permission keys: replace what a role grants. */
export async function setRolePermissions(id: string, keys: string[]): Promise<Permission[]> {
  return (await put<Permission[]>(rolePermissionsPath(id), keys)) ?? [];
}

export function useSetRolePermissions() {
  const revalidate = useRevalidate();
  return useCallback(
    async (id: string, keys: string[]) => {
      const permissions = await setRolePermissions(id, keys);
      await revalidate(ROLES_PATH);
      return permissions;
    },
    [revalidate],
  );
}
