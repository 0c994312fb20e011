import { useCallback } from 'react';
import { del } from '../../../api/client';
import { useRevalidate } from './revalidate';
import { USERS_PATH } from './users';

/** DELETE /user/{id}: a user with their memberships and dashboards. */
export async function deleteUser(id: string): Promise<void> {
  await del(`${USERS_PATH}/${encodeURIComponent(id)}`);
}

export function useDeleteUser() {
  const revalidate = useRevalidate();
  return useCallback(
    async (id: string) => {
      await deleteUser(id);
      await revalidate(USERS_PATH);
    },
    [revalidate],
  );
}
