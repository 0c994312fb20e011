import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { ApiError } from '../../../api/client';
import { formatDate } from '../../../lib/dates';
import { useReloadProfile, useSession } from '../../../auth/session';
import { ConfirmDialog } from '../../../shell/Dialog';
import { Spinner } from '../../../shell/LazyView';
import { messageOf, toast } from '../../../shell/toast';
import { useRevokeInvitation } from '../api/invitations';
import type { InvitationOfferState } from '../components/PendingInvitationRedirect';
import { PendingInvitations } from '../components/PendingInvitations';
import { acceptInvitation, PENDING_PATH, usePendingInvitations } from '../api/pending';
import type { Invitation } from '../api/types';
import { roleLabel } from '../lib/labels';
import { FOCUS_HEADING, invitationPath, organizationWorkspacePath } from '../paths';
import '../../../shell/workspace.css';

/**
 * /sts/invitation/{token}: which organization and role; Accept or Decline. A signed-out visitor is
 * asked to sign in first and comes back here (the sign-in returns to the current address). An invitation that
 * can no longer be used (revoked, declined, expired) says why in the server's words, also when that happened
 * while the page was open (Accept or Decline then refused).
 */
export function InvitationPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const session = useSession();
  const signedIn = session.status === 'signed-in';
  const pending = usePendingInvitations(signedIn, token);
  const invitation = pending.data?.[0];
  // Accept or Decline refused because the invitation ended meanwhile: the server's reason, focused (the buttons left).
  const [endedOf, setEndedOf] = useState<{ token: string; message: string } | null>(null);
  const ended = endedOf?.token === token ? endedOf.message : null;
  const endedAlert = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (ended) endedAlert.current?.focus();
  }, [ended]);

  let body;
  if (session.status === 'checking') body = <Spinner />;
  else if (!signedIn) {
    body = (
      <>
        <p>{t('invitations.page.signInFirst')}</p>
        {session.enabled ? (
          <button type="button" className="button button-primary" onClick={session.signIn}>
            {t('auth.signIn')}
          </button>
        ) : (
          <p className="muted">{t('auth.login.unavailable')}</p>
        )}
      </>
    );
  } else if (!ended && isForeign(pending.error)) {
    // Opened while signed in with another account: which one, and the way to the invited one (signing out comes
    // back to this invitation, where signing in again returns here too).
    const email = session.profile?.email || session.user?.profile.email;
    body = (
      <div className="alert alert-error" role="alert">
        <p>{messageOf(pending.error)}</p>
        <p>{email ? t('invitations.page.signedInAs', { email }) : t('invitations.page.signedInAsUnknown')}</p>
        <div className="ws-actions">
          <button type="button" className="button button-primary" onClick={() => session.signOut(`#${invitationPath(token)}`)}>
            {t('invitations.page.switchAccount')}
          </button>
          <Link to="/home">{t('common.goHome')}</Link>
        </div>
        <p>{t('invitations.page.switchAccountHint')}</p>
      </div>
    );
  } else if (pending.error || ended) {
    // The user's open invitations follow, if any: a link replaced by a newer one (the invitation sent again) had
    // left its invitee on this refusal, though the invitation it became was open.
    body = (
      <>
        <div ref={endedAlert} className="alert alert-error" role="alert" tabIndex={-1}>
          <p>{ended ?? messageOf(pending.error)}</p>
          <Link to="/home">{t('common.goHome')}</Link>
        </div>
        <PendingInvitations embedded />
      </>
    );
  } else if (!invitation) body = <Spinner />;
  else body = <InvitationDetails invitation={invitation} token={token} onEnded={(message) => setEndedOf({ token, message })} />;

  return (
    <section className="page ws-wrap" aria-labelledby="invitation-title">
      <h1 id="invitation-title">{t('invitations.page.title')}</h1>
      {body}
    </section>
  );
}

/** The invitation names another email address than the signed-in account's (403). */
function isForeign(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 403;
}

/** The invitation can no longer be used: revoked, declined or expired (410 Gone). */
function hasEnded(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 410;
}

function InvitationDetails({ invitation, token, onEnded }: { invitation: Invitation; token: string; onEnded: (message: string) => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const reloadProfile = useReloadProfile();
  const revoke = useRevokeInvitation();
  const [busy, setBusy] = useState(false);
  const [declining, setDeclining] = useState(false);
  const organization = invitation.organizationName ?? t('invitations.page.unknownOrganization');
  const workspace = invitation.organizationId ? organizationWorkspacePath(invitation.organizationId) : '/home';
  // Sent here on arrival (PendingInvitationRedirect): where the user was going, for "Not now".
  const from = (useLocation().state as InvitationOfferState | null)?.from;

  if (invitation.status === 'accepted') {
    return (
      <p>
        {t('invitations.page.alreadyAccepted', { organization })} <Link to={workspace}>{t('invitations.page.open', { organization })}</Link>
      </p>
    );
  }

  const act = async (action: () => Promise<unknown>, done: () => void) => {
    if (busy) return;
    setBusy(true);
    try {
      await action();
      done();
    } catch (error) {
      if (hasEnded(error)) onEnded(error.message);
      else toast.error(error);
    } finally {
      setBusy(false);
    }
  };
  const accept = () =>
    act(
      async () => {
        await acceptInvitation(token);
        // The new membership changes what this user may see, and the invitation is no longer open.
        await reloadProfile();
        await mutate((key) => Array.isArray(key) && key[0] === PENDING_PATH);
      },
      () => {
        toast.success(t('invitations.page.accepted', { organization }));
        // The Accept button leaves with this page: focus goes to the organization's heading there.
        void navigate(workspace, { state: FOCUS_HEADING });
      },
    );
  const decline = () =>
    act(
      () => revoke(invitation.id),
      () => {
        toast.success(t('invitations.page.declined'));
        void navigate('/home');
      },
    );

  const expires = formatDate(invitation.expiresAt, i18n.language);
  return (
    <>
      <p className="invitation-lead">
        {invitation.isSystemAdmin
          ? t('invitations.page.leadSystemAdmin')
          : t('invitations.page.lead', { organization, role: roleLabel(t, invitation.roleName) })}
      </p>
      <dl className="facts">
        <dt>{t('invitations.fields.organization')}</dt>
        <dd>{organization}</dd>
        <dt>{t('invitations.fields.role')}</dt>
        <dd>{invitation.isSystemAdmin ? t('invitations.roles.systemAdmin') : roleLabel(t, invitation.roleName)}</dd>
        <dt>{t('invitations.fields.email')}</dt>
        <dd>{invitation.email}</dd>
        <dt>{t('invitations.fields.expires')}</dt>
        <dd>{expires}</dd>
      </dl>
      <div className="ws-actions">
        {/* Not disabled while accepting: a disabled button drops the focus to the page's body (and leaves it there after a refusal). */}
        <button type="button" className="button button-primary" onClick={() => void accept()} aria-disabled={busy || undefined}>
          {t('invitations.page.accept')}
        </button>
        <button type="button" className="button" onClick={() => !busy && setDeclining(true)} aria-disabled={busy || undefined}>
          {t('invitations.page.decline')}
        </button>
        {from && <Link to={from}>{t('invitations.page.notNow')}</Link>}
      </div>
      {/* Declining ends the invitation for good (its link stops working): asked once more, as removals are. */}
      <ConfirmDialog
        open={declining}
        title={t('invitations.page.declineTitle')}
        message={t('invitations.page.declineMessage', { organization })}
        confirmLabel={t('invitations.page.decline')}
        cancelLabel={t('common.cancel')}
        busy={busy}
        onConfirm={() => void decline()}
        onClose={() => setDeclining(false)}
      />
    </>
  );
}

export default InvitationPage;
