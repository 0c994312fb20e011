import useSWR from 'swr';
import { get } from '../../../api/client';
import { buildListQuery, toPage, type ListQuery } from './listQuery';
import type { Page, User } from './types';

/** GET /user?{query}: users, searched by name or email, sorted and paged (manage-users). */
export const USERS_PATH = '/user';
export const USER_SEARCH_FIELDS = ['name', 'email'] as const;
export const USER_SORT_FIELDS = ['name', 'email', 'createdAt'] as const;

export async function getUsers(query: string): Promise<Page<User>> {
  return toPage<User>(await get(`${USERS_PATH}?${query}`));
}

export function useUsers(query: Omit<ListQuery, 'searchFields'>) {
  const queryString = buildListQuery({ ...query, searchFields: USER_SEARCH_FIELDS });
  return useSWR([USERS_PATH, 'list', queryString], () => getUsers(queryString), { keepPreviousData: true });
}
