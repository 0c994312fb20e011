import { useCallback } from 'react';
import { patch } from '../../../api/client';
import { useRevalidate } from './revalidate';
import { ROLES_PATH } from './roles';
import type { Role, RoleInput } from './types';
import { USERS_PATH } from './users';

/** PATCH /roles/{id}: rename a role or change its description (built-in roles refuse). */
export async function updateRole(id: string, changes: Partial<RoleInput>): Promise<Role | undefined> {
  return patch<Role>(`${ROLES_PATH}/${encodeURIComponent(id)}`, changes);
}

export function useUpdateRole() {
  const revalidate = useRevalidate();
  return useCallback(
    async (id: string, changes: Partial<RoleInput>) => {
      const role = await updateRole(id, changes);
      // Users' role names come from the roles.
      await revalidate(ROLES_PATH, USERS_PATH);
      return role;
    },
    [revalidate],
  );
}
