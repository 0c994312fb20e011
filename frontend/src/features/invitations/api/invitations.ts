import useSWR, { useSWRConfig } from 'swr';
import { del, get, post } from '../../../api/client';
import type { Invitation, InvitationStatus, NewInvitation } from './types';

/** GET /Invitation: the invitations of the organizations the caller administers (all for a system-admin). */
export const INVITATIONS_PATH = '/Invitation';

export async function getInvitations(status: InvitationStatus | '', organizationId: string | null): Promise<Invitation[]> {
  return (await get<Invitation[]>(INVITATIONS_PATH, { params: { status: status || undefined, organizationId } })) ?? [];
}

/** Off (no request) for a user who administers nothing: the server would refuse. */
export function useInvitations(status: InvitationStatus | '', enabled: boolean, organizationId: string | null = null) {
  return useSWR(enabled ? [INVITATIONS_PATH, status, organizationId] : null, () => getInvitations(status, organizationId));
}

/** After a change: every invitation list again. */
function useRevalidateInvitations() {
  const { mutate } = useSWRConfig();
  return () => mutate((key) => Array.isArray(key) && key[0] === INVITATIONS_PATH);
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
  return async (id: string) => {
    const resent = await post<Invitation>(`${INVITATIONS_PATH}/${encodeURIComponent(id)}/resend`);
    await revalidate();
    return resent;
  };
}

/** DELETE /Invitation/{id}: revoke it (group administrators) or decline it (the invitee). */
export function useRevokeInvitation() {
  const revalidate = useRevalidateInvitations();
  return async (id: string) => {
    const revoked = await del<Invitation>(`${INVITATIONS_PATH}/${encodeURIComponent(id)}`);
    await revalidate();
    return revoked;
  };
}
