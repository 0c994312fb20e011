import useSWR from 'swr';
import { get } from '../../../api/client';
import type { RoleRef } from './types';
import { USERS_PATH } from './users';

/** GET /user/{id}/roles: a user's system roles, with their names. */
export function userRolesPath(id: string): string {
  return `${USERS_PATH}/${encodeURIComponent(id)}/roles`;
}

export async function getUserRoles(id: string): Promise<RoleRef[]> {
  return (await get<RoleRef[]>(userRolesPath(id))) ?? [];
}

/** `id` null: nothing is fetched. */
export function useUserRoles(id: string | null) {
  return useSWR(id ? [USERS_PATH, id, 'roles'] : null, () => getUserRoles(id!));
}
