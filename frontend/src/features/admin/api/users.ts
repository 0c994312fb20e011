import useSWR from 'swr';
import { get } from '../../../api/client';
import { buildListQuery, byIdQuery, holdingRoleQuery, toPage, type ListQuery } from './listQuery';
import type { Page, User } from './types';

/** GET /user?{query}: users, searched by name or email, sorted and paged (manage-users). */
export const USERS_PATH = '/user';
export const USER_SEARCH_FIELDS = ['name', 'email'] as const;
export const USER_SORT_FIELDS = ['name', 'email', 'createdAt'] as const;

export async function getUsers(query: string): Promise<Page<User>> {
  return toPage<User>(await get(`${USERS_PATH}?${query}`));
}

/** One user as stored now, with its version (read from the list: there is no GET of one user). */
export async function getUser(id: string): Promise<User | undefined> {
  return (await getUsers(byIdQuery(id))).data.find((user) => user.id === id);
}

/** How many users hold a role (pre-registered ones too): the total of GET /user filtered on it (manage-users). */
export async function countUsersHolding(roleId: string): Promise<number> {
  return (await getUsers(holdingRoleQuery(roleId))).total;
}

/** `roleId` null (no role asked about, or the user may not list users): nothing is fetched. */
export function useUsersHolding(roleId: string | null) {
  return useSWR(roleId === null ? null : [USERS_PATH, 'holding', roleId], () => countUsersHolding(roleId!));
}

export function useUsers(query: Omit<ListQuery, 'searchFields'>) {
  const queryString = buildListQuery({ ...query, searchFields: USER_SEARCH_FIELDS });
  return useSWR([USERS_PATH, 'list', queryString], () => getUsers(queryString), { keepPreviousData: true });
}
