import { useCallback } from 'react';
import { del } from '../../../api/client';
import { useRevalidate } from './revalidate';
import { ROLES_PATH } from './roles';
import { USERS_PATH } from './users';

/** DELETE /roles/{id} (built-in roles stay). */
export async function deleteRole(id: string): Promise<void> {
  await del(`${ROLES_PATH}/${encodeURIComponent(id)}`);
}

export function useDeleteRole() {
  const revalidate = useRevalidate();
  return useCallback(
    async (id: string) => {
      await deleteRole(id);
      await revalidate(ROLES_PATH, USERS_PATH);
    },
    [revalidate],
  );
}
