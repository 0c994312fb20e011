import useSWR, { useSWRConfig } from 'swr';
import { del, get, put } from '../../../api/client';
import { organizationPath } from './organizations';
import type { Member } from './types';

/** GET /organization/{id}/members; PUT and DELETE /organization/{id}/members/{userId}. */
function membersPath(organizationId: string): string {
  return `${organizationPath(organizationId)}/members`;
}

export function useMembers(organizationId: string) {
  return useSWR([membersPath(organizationId)], async () => (await get<Member[]>(membersPath(organizationId))) ?? []);
}

export function useMemberActions(organizationId: string) {
  const { mutate } = useSWRConfig();
  const path = membersPath(organizationId);
  const refresh = () => mutate([path]);
  return {
    setRole: async (userId: string, roleName: string) => {
      await put(`${path}/${encodeURIComponent(userId)}`, { roleName });
      await refresh();
    },
    remove: async (userId: string) => {
      await del(`${path}/${encodeURIComponent(userId)}`);
      await refresh();
    },
  };
}
