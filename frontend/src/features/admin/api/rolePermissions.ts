import useSWR from 'swr';
import { get } from '../../../api/client';
import { ROLES_PATH } from './roles';
import type { Permission } from './types';

/** GET /roles/{id}/permissions: the catalogue entries a role grants. */
export function rolePermissionsPath(id: string): string {
  return `${ROLES_PATH}/${encodeURIComponent(id)}/permissions`;
}

export async function getRolePermissions(id: string): Promise<Permission[]> {
  return (await get<Permission[]>(rolePermissionsPath(id))) ?? [];
}

/** `id` null: nothing is fetched. */
export function useRolePermissions(id: string | null) {
  return useSWR(id ? [ROLES_PATH, id, 'permissions'] : null, () => getRolePermissions(id!));
}
