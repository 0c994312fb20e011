import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSWRConfig } from 'swr';
import { ApiError } from '../../../api/client';
import { useReloadProfile, useSession } from '../../../auth/session';
import { ConfirmDialog } from '../../../shell/Dialog';
import { toast } from '../../../shell/toast';
import { useRevokeInvitation } from '../api/invitations';
import { acceptInvitation, PENDING_PATH, usePendingInvitations } from '../api/pending';
import type { Invitation } from '../api/types';
import { roleLabel } from '../lib/labels';
import { FOCUS_HEADING, invitationPath, organizationWorkspacePath } from '../paths';
import '../../../shell/workspace.css';

/**
 * The signed-in user's open invitations, each with Accept and Decline (asked once more) and a link to its page;
 * on the home page, the Invitations page and an empty My organizations page, so that one passed over with "Not
 * now" is found again. Nothing when there are none, unless `emptyMessage` is given (then that is said).
 */
export function PendingInvitations({ emptyMessage, embedded = false }: { emptyMessage?: string; embedded?: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const pending = usePendingInvitations(session.status === 'signed-in' && !!session.profile);
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const reloadProfile = useReloadProfile();
  const revoke = useRevokeInvitation();
  const [busy, setBusy] = useState(false);
  const [declining, setDeclining] = useState<Invitation | null>(null);
  // After an answer the invitation's buttons leave with it: focus goes to the heading of the list.
  const heading = useRef<HTMLHeadingElement>(null);

  if (!pending.data) return null;
  if (!pending.data.length && !emptyMessage) return null;

  const organizationOf = (invitation: Invitation) => invitation.organizationName ?? t('invitations.page.unknownOrganization');
  const revalidatePending = () => mutate((key) => Array.isArray(key) && key[0] === PENDING_PATH);
  /** Answer an invitation; one that ended meanwhile (410) says so and leaves the list. */
  const answer = async (action: () => Promise<unknown>, done: () => void): Promise<boolean> => {
    if (busy) return false;
    setBusy(true);
    try {
      await action();
      done();
      return true;
    } catch (error) {
      toast.error(error);
      if (error instanceof ApiError && error.status === 410) await revalidatePending();
      return false;
    } finally {
      setBusy(false);
    }
  };
  const accept = (invitation: Invitation) =>
    answer(
      async () => {
        await acceptInvitation(invitation.id);
        // The new membership changes what this user may see, and the invitation is no longer open.
        await reloadProfile();
        await revalidatePending();
      },
      () => {
        toast.success(t('invitations.page.accepted', { organization: organizationOf(invitation) }));
        const workspace = invitation.organizationId ? organizationWorkspacePath(invitation.organizationId) : '/home';
        void navigate(workspace, { state: FOCUS_HEADING });
      },
    );
  const decline = (invitation: Invitation) =>
    answer(
      async () => {
        await revoke(invitation.id);
        await revalidatePending();
      },
      () => {
        toast.success(t('invitations.page.declined'));
        setDeclining(null);
      },
    );

  return (
    // A card of its own (the home page), or a part of a page (`embedded`: the Invitations page).
    <section className={embedded ? 'pending-invitations' : 'page pending-invitations'} aria-labelledby="pending-invitations-title">
      <h2 id="pending-invitations-title" ref={heading} tabIndex={-1}>
        {t('invitations.home.title')}
      </h2>
      {pending.data.length === 0 ? (
        <p>{emptyMessage}</p>
      ) : (
        <ul className="ws-cards" aria-label={t('invitations.home.title')}>
          {pending.data.map((invitation) => {
            const organization = organizationOf(invitation);
            return (
              <li key={invitation.id} className="ws-card">
                <h3>
                  <Link to={invitationPath(invitation.id)}>{t('invitations.home.item', { organization })}</Link>
                </h3>
                <p className="muted">
                  {t('invitations.home.role', {
                    role: invitation.isSystemAdmin ? t('invitations.roles.systemAdmin') : roleLabel(t, invitation.roleName),
                  })}
                </p>
                <div className="ws-actions">
                  {/* Not disabled while answering: a disabled button drops the focus to the page's body. */}
                  <button
                    type="button"
                    className="button button-primary button-small"
                    aria-label={t('invitations.home.acceptAction', { organization })}
                    aria-disabled={busy || undefined}
                    onClick={() => void accept(invitation)}
                  >
                    {t('invitations.page.accept')}
                  </button>
                  <button
                    type="button"
                    className="button button-small"
                    aria-label={t('invitations.home.declineAction', { organization })}
                    aria-disabled={busy || undefined}
                    onClick={() => !busy && setDeclining(invitation)}
                  >
                    {t('invitations.page.decline')}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {/* Declining ends the invitation for good (its link stops working): asked once more, as on its page. */}
      <ConfirmDialog
        open={!!declining}
        title={t('invitations.page.declineTitle')}
        message={t('invitations.page.declineMessage', { organization: declining ? organizationOf(declining) : '' })}
        confirmLabel={t('invitations.page.decline')}
        cancelLabel={t('common.cancel')}
        busy={busy}
        focusAfter={() => heading.current}
        onConfirm={() => declining && void decline(declining)}
        onClose={() => setDeclining(null)}
      />
    </section>
  );
}
