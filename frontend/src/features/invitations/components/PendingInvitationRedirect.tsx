import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isProfileLoaded } from '../../../auth/roles';
import { useSession } from '../../../auth/session';
import { usePendingInvitations } from '../api/pending';
import { invitationPath } from '../paths';

// Once per page load: after the user has seen (or left) the invitation, they move about freely.
let offered = false;

/** Exported for tests: a fresh page load. */
export function resetPendingInvitationOffer(): void {
  offered = false;
}

/**
 * Spec section 2: on start, a signed-in user with pending invitations is sent to the invitation
 * page of the first one (only the first is offered). Renders nothing; it rides along as a header tool.
 */
export function PendingInvitationRedirect() {
  const session = useSession();
  const signedIn = session.status === 'signed-in' && isProfileLoaded(session.profile);
  const pending = usePendingInvitations(signedIn && !offered);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const first = pending.data?.[0];
  useEffect(() => {
    if (offered || !pending.data) return;
    offered = true;
    if (first && !pathname.startsWith('/sts/invitation/')) void navigate(invitationPath(first.id));
  }, [pending.data, first, pathname, navigate]);
  return null;
}
