import useSWR, { useSWRConfig } from 'swr';
import { ApiError, del, get, post } from '../../../api/client';
import type { Invitation, InvitationStatus, NewInvitation } from './types';

/** GET /Invitation: the invitations of the organizations the caller administers (all for a system-admin). */
export const INVITATIONS_PATH = '/Invitation';

export async function getInvitations(status: InvitationStatus | '', organizationId: string | null): Promise<Invitation[]> {
  return (await get<Invitation[]>(INVITATIONS_PATH, { params: { status: status || undefined, organizationId } })) ?? [];
}

/**
 * Off (no request) for a user who administers nothing: the server would refuse. Read again when the person comes
 * back to the browser tab: an invitee may have accepted meanwhile, another administrator resent or revoked.
 */
export function useInvitations(status: InvitationStatus | '', enabled: boolean, organizationId: string | null = null) {
  return useSWR(enabled ? [INVITATIONS_PATH, status, organizationId] : null, () => getInvitations(status, organizationId), {
    revalidateOnFocus: true,
  });
}

/**
 * An answer saying the invitation is not as the screen showed it: gone (404), or already accepted, revoked or
 * declined (409).
 */
export function isSettledMeanwhile(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 409);
}

/** After a change, and after an answer that the lists were stale: every invitation list again. */
function useRevalidateInvitations() {
  const { mutate } = useSWRConfig();
  return () => mutate((key) => Array.isArray(key) && key[0] === INVITATIONS_PATH);
}

/** The change, then the lists read again (also when the answer says they were stale). */
async function changing<T>(change: () => Promise<T>, revalidate: () => Promise<unknown>): Promise<T> {
  try {
    const result = await change();
    await revalidate();
    return result;
  } catch (error) {
    if (isSettledMeanwhile(error)) await revalidate();
    throw error;
  }
}

/** POST /Invitation {email, isSystemAdmin, organizationId, roleName}: the email goes out with it. */
export function useCreateInvitation() {
  const revalidate = useRevalidateInvitations();
  return async (invitation: NewInvitation) => {
    const created = await post<Invitation>(INVITATIONS_PATH, invitation);
    await revalidate();
    return created;
  };
}

/** POST /Invitation/{id}/resend: a new link (the old one stops working). */
export function useResendInvitation() {
  const revalidate = useRevalidateInvitations();
  return (id: string) => changing(() => post<Invitation>(`${INVITATIONS_PATH}/${encodeURIComponent(id)}/resend`), revalidate);
}

/** DELETE /Invitation/{id}: revoke it (group administrators) or decline it (the invitee). */
export function useRevokeInvitation() {
  const revalidate = useRevalidateInvitations();
  return (id: string) => changing(() => del<Invitation>(`${INVITATIONS_PATH}/${encodeURIComponent(id)}`), revalidate);
}
