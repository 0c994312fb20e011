import { useCallback } from 'react';
import { post } from '../../../api/client';
import { useRevalidate } from './revalidate';
import { ROLES_PATH } from './roles';
import type { Role, RoleInput } from './types';

/** POST /roles: a new role ({roleName, description}); its permissions are given separately. */
export async function createRole(input: RoleInput): Promise<Role | undefined> {
  return post<Role>(ROLES_PATH, input);
}

export function useCreateRole() {
  const revalidate = useRevalidate();
  return useCallback(
    async (input: RoleInput) => {
      const role = await createRole(input);
      await revalidate(ROLES_PATH);
      return role;
    },
    [revalidate],
  );
}
