import useSWR from 'swr';
import { get } from '../../../api/client';
import { buildListQuery, byIdQuery, toPage, type ListQuery } from './listQuery';
import type { Page, Role } from './types';

/** GET /roles?{query}: system roles, searched by name or description, sorted and paged (manage-roles). */
export const ROLES_PATH = '/roles';
export const ROLE_SEARCH_FIELDS = ['roleName', 'description'] as const;
export const ROLE_SORT_FIELDS = ['roleName', 'description'] as const;
/** The server's largest page. */
const ALL_PAGE_SIZE = 100;

export async function getRoles(query: string): Promise<Page<Role>> {
  return toPage<Role>(await get(`${ROLES_PATH}?${query}`));
}

/** One role as stored now, with its version (read from the list: there is no GET of one role). */
export async function getRole(id: string): Promise<Role | undefined> {
  return (await getRoles(byIdQuery(id))).data.find((role) => role.id === id);
}

export function useRoles(query: Omit<ListQuery, 'searchFields'>) {
  const queryString = buildListQuery({ ...query, searchFields: ROLE_SEARCH_FIELDS });
  return useSWR([ROLES_PATH, 'list', queryString], () => getRoles(queryString), { keepPreviousData: true });
}

/** Every role by name, page after page (to offer them to choose from, and to name a user's roles). */
export async function getAllRoles(): Promise<Role[]> {
  const roles: Role[] = [];
  for (let page = 1; ; page++) {
    const query = buildListQuery({ search: '', searchFields: [], sort: { field: 'roleName', order: 'ASC' }, page, pageSize: ALL_PAGE_SIZE });
    const answer = await getRoles(query);
    roles.push(...answer.data);
    if (page >= answer.pageCount || answer.data.length === 0) return roles;
  }
}

/** `enabled` false (the user may not list roles): nothing is fetched. */
export function useAllRoles(enabled = true) {
  return useSWR(enabled ? [ROLES_PATH, 'all'] : null, getAllRoles);
}
