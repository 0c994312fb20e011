import useSWR from 'swr';
import { get } from '../../../api/client';
import { buildListQuery, byIdQuery, toPage, type ListQuery } from './listQuery';
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

export function useUsers(query: Omit<ListQuery, 'searchFields'>) {
  const queryString = buildListQuery({ ...query, searchFields: USER_SEARCH_FIELDS });
  return useSWR([USERS_PATH, 'list', queryString], () => getUsers(queryString), { keepPreviousData: true });
}
