import { useCallback } from 'react';
import { patch } from '../../../api/client';
import { useRevalidate } from './revalidate';
import type { User, UserInput } from './types';
import { USERS_PATH } from './users';

/** PATCH /user/{id}: change a user's email or name. */
export async function updateUser(id: string, changes: Partial<UserInput>): Promise<User | undefined> {
  return patch<User>(`${USERS_PATH}/${encodeURIComponent(id)}`, changes);
}

export function useUpdateUser() {
  const revalidate = useRevalidate();
  return useCallback(
    async (id: string, changes: Partial<UserInput>) => {
      const user = await updateUser(id, changes);
      await revalidate(USERS_PATH);
      return user;
    },
    [revalidate],
  );
}
