import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isProfileLoaded } from '../../../auth/roles';
import { useSession } from '../../../auth/session';
import { usePendingInvitations } from '../api/pending';
import { invitationPath } from '../paths';

// Once per page load: after the user has seen (or left) the invitation, they move about freely.
let offered = false;
/** The invitations offered in this tab already (sessionStorage): a reload or another link opens what it names. */
const OFFERED_KEY = 'invitations-offered';

function offeredBefore(id: string): boolean {
  try {
    return (JSON.parse(sessionStorage.getItem(OFFERED_KEY) ?? '[]') as string[]).includes(id);
  } catch {
    return false;
  }
}

function rememberOffered(id: string): void {
  try {
    const ids = JSON.parse(sessionStorage.getItem(OFFERED_KEY) ?? '[]') as string[];
    sessionStorage.setItem(OFFERED_KEY, JSON.stringify([...ids, id]));
  } catch {
    // No storage (a private window's quota): offered again at the next load, as before.
  }
}

/** Exported for tests: a fresh page load. */
export function resetPendingInvitationOffer(): void {
  offered = false;
}

/** Where a user sent to an invitation was going (the invitation page's "Not now" returns there). */
export interface InvitationOfferState {
  from: string;
}

/**
 * Spec section 2: on start, a signed-in user with pending invitations is sent to the invitation
 * page of the first one (only the first is offered), once per tab (a walk: every reload and link had been sent
 * there, losing the page asked for); the invitation page's "Not now" goes on to that page. Renders nothing; it
 * rides along as a header tool.
 */
export function PendingInvitationRedirect() {
  const session = useSession();
  const signedIn = session.status === 'signed-in' && isProfileLoaded(session.profile);
  const pending = usePendingInvitations(signedIn && !offered);
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const first = pending.data?.[0];
  useEffect(() => {
    if (offered || !pending.data) return;
    offered = true;
    if (!first || pathname.startsWith('/sts/invitation/') || offeredBefore(first.id)) return;
    rememberOffered(first.id);
    const state: InvitationOfferState = { from: `${pathname}${search}` };
    void navigate(invitationPath(first.id), { state });
  }, [pending.data, first, pathname, search, navigate]);
  return null;
}
