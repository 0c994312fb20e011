import { useCallback } from 'react';
import { put } from '../../../api/client';
import { useRevalidate } from './revalidate';
import type { RoleRef } from './types';
import { userRolesPath } from './userRoles';
import { USERS_PATH } from './users';

/** PUT /user/{id}/roles with the role ids: replace a user's system roles (nobody changes their own). */
export async function setUserRoles(id: string, roleIds: string[]): Promise<RoleRef[]> {
  return (await put<RoleRef[]>(userRolesPath(id), roleIds)) ?? [];
}

export function useSetUserRoles() {
  const revalidate = useRevalidate();
  return useCallback(
    async (id: string, roleIds: string[]) => {
      const roles = await setUserRoles(id, roleIds);
      await revalidate(USERS_PATH);
      return roles;
    },
    [revalidate],
  );
}
