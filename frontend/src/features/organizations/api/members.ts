import useSWR, { useSWRConfig } from 'swr';
import { ApiError, del, get, put } from '../../../api/client';
import { organizationPath } from './organizations';
import type { Member } from './types';

/** GET /organization/{id}/members; PUT and DELETE /organization/{id}/members/{userId}. */
function membersPath(organizationId: string): string {
  return `${organizationPath(organizationId)}/members`;
}

/** Read again when the person comes back to the browser tab: another administrator may have changed the members. */
export function useMembers(organizationId: string) {
  return useSWR([membersPath(organizationId)], async () => (await get<Member[]>(membersPath(organizationId))) ?? [], {
    revalidateOnFocus: true,
  });
}

/** The member is no longer one (someone else removed them, or they left, meanwhile): the server answers 404. */
export function isNoLongerMember(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/**
 * An answer saying the members changed since the list was read: gone (404), a conflict with them as they are (409),
 * or a refusal (403: the user's own role was changed meanwhile; the session reads their profile again too).
 */
const changedMeanwhile = (error: unknown) => error instanceof ApiError && (error.status === 403 || error.status === 404 || error.status === 409);

export function useMemberActions(organizationId: string) {
  const { mutate } = useSWRConfig();
  const path = membersPath(organizationId);
  const refresh = () => mutate([path]);
  /** The change, then the list read again: after a success, and after an answer that the list was stale. */
  const changing = async (change: () => Promise<unknown>) => {
    try {
      await change();
    } catch (error) {
      if (changedMeanwhile(error)) await refresh();
      throw error;
    }
    await refresh();
  };
  return {
    setRole: (userId: string, roleName: string) => changing(() => put(`${path}/${encodeURIComponent(userId)}`, { roleName })),
    remove: (userId: string) => changing(() => del(`${path}/${encodeURIComponent(userId)}`)),
  };
}
