import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { isSystemAdmin } from '../../../auth/roles';
import { useSession } from '../../../auth/session';
import { ConfirmDialog } from '../../../shell/Dialog';
import { Spinner } from '../../../shell/LazyView';
import { messageOf, toast } from '../../../shell/toast';
import { isSettledMeanwhile, useInvitations, useResendInvitation, useRevokeInvitation } from '../api/invitations';
import { useOrganizationNames } from '../api/organizations';
import { INVITATION_STATUSES, type Invitation, type InvitationStatus } from '../api/types';
import { InviteDialog } from '../components/InviteDialog';
import { PendingInvitations } from '../components/PendingInvitations';
import { formatDateTime } from '../../../lib/dates';
import { roleLabel, statusLabel } from '../lib/labels';
import { CONTACT_US_PATH, INVITE_PARAM, organizationMembersPath } from '../paths';
import '../../../shell/workspace.css';
import './invitations.css';

/**
 * /userspace/invitation: the signed-in user's own open invitations (accept or decline them: one passed over with
 * "Not now" is found here), and the invitations of the organizations I administer (all for a system-admin):
 * invite (email, role), resend, revoke, filter by status.
 */
export function InvitationsPage() {
  const { t, i18n } = useTranslation();
  const { profile } = useSession();
  const admin = isSystemAdmin(profile);
  const administered = useMemo(
    () => (profile?.organizationRoles ?? []).filter((r) => r.roleName === 'group-admin').map((r) => r.organizationId),
    [profile],
  );
  const names = useOrganizationNames();
  const organizations = (names.data ?? []).filter((o) => admin || administered.includes(o.id));
  const [status, setStatus] = useState<InvitationStatus | ''>('');
  const mayList = admin || administered.length > 0;
  const invitations = useInvitations(status, mayList);
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  // The organization the invite dialog is open for (null: closed).
  const [inviting, setInviting] = useState<string | null>(null);
  const inviteButton = useRef<HTMLButtonElement>(null);
  // Arrived from an organization's "Invite member" (?invite={organizationId}): the dialog opens for it at once, once
  // the organizations are known; the address loses the request, so Back or a reload does not open it again.
  const [params, setParams] = useSearchParams();
  const inviteFor = params.get(INVITE_PARAM);
  const namesLoaded = !!names.data;
  // The organization whose Members tab sent the person here: remembered in the history entry's state (kept on a
  // reload, not in the address), so the page offers the way back to its members.
  const fromMembersOf = (useLocation().state as { fromMembersOf?: string } | null)?.fromMembersOf;
  const membersOf = organizations.find((o) => o.id === fromMembersOf);
  useEffect(() => {
    if (!inviteFor || !profile || (mayList && !namesLoaded)) return;
    if (organizations.some((o) => o.id === inviteFor)) {
      // As if "Invite someone" had been pressed: the dialog gives the focus back to it when it closes.
      inviteButton.current?.focus();
      setInviting(inviteFor);
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(INVITE_PARAM);
        return next;
      },
      { replace: true, state: organizations.some((o) => o.id === inviteFor) ? { fromMembersOf: inviteFor } : undefined },
    );
  }, [inviteFor, profile, mayList, namesLoaded]);
  const [revoking, setRevoking] = useState<Invitation | null>(null);
  // After a revocation the row's buttons are gone: focus goes to the table.
  const table = useRef<HTMLDivElement>(null);

  if (!profile) return <Spinner />;
  if (!mayList) {
    return (
      // Not a landmark of its own (no name): the page is the main landmark, its h1 says what it is.
      <section className="page">
        <h1 id="invitations-title">{t('invitations.list.title')}</h1>
        <PendingInvitations embedded emptyMessage={t('invitations.list.noneForYou')} />
        <p className="muted">{t('invitations.list.notAnAdmin')}</p>
        {/* Only system administrators create organizations (POST /organization): who they are, and how to ask. */}
        <p className="muted">
          {t('invitations.list.whoCreates')} <Link to={CONTACT_US_PATH}>{t('invitations.list.askForOne')}</Link>
        </p>
      </section>
    );
  }

  const doResend = async (invitation: Invitation) => {
    try {
      await resend(invitation.id);
      toast.success(t('invitations.list.resent', { email: invitation.email }));
    } catch (error) {
      toast.error(error);
    }
  };
  const doRevoke = async () => {
    if (!revoking) return;
    try {
      await revoke(revoking.id);
      toast.success(t('invitations.list.revoked', { email: revoking.email }));
      setRevoking(null);
    } catch (error) {
      toast.error(error);
      // Accepted, revoked or gone meanwhile: the list, read again, shows how it stands; there is nothing to confirm.
      if (isSettledMeanwhile(error)) setRevoking(null);
    }
  };

  return (
    // Not a landmark of its own (no name): named "Invitations" it would be a second region of that name beside the
    // table's scrolling region (axe landmark-unique); the page is the main landmark, its h1 says what it is.
    <section className="page">
      {membersOf && (
        <p>
          <Link to={organizationMembersPath(membersOf.id)}>{t('invitations.list.backToMembers', { organization: membersOf.name })}</Link>
        </p>
      )}
      <div className="ws-head">
        <div>
          <h1 id="invitations-title">{t('invitations.list.title')}</h1>
          <p className="muted">{t('invitations.list.intro')}</p>
        </div>
        <button
          ref={inviteButton}
          type="button"
          className="button button-primary"
          onClick={() => setInviting(organizations[0]?.id ?? null)}
          disabled={organizations.length === 0}
        >
          {t('invitations.list.invite')}
        </button>
      </div>
      {/* An administrator may be invited too (into another organization): said first, when there is one. */}
      <PendingInvitations embedded />
      <div className="ws-toolbar">
        <div className="ws-field">
          <label htmlFor="invitation-status">{t('invitations.list.statusFilter')}</label>
          <select id="invitation-status" value={status} onChange={(e) => setStatus(e.target.value as InvitationStatus | '')}>
            <option value="">{t('invitations.list.allStatuses')}</option>
            {INVITATION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusLabel(t, s)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {invitations.error ? (
        <p className="alert alert-error" role="alert">
          {messageOf(invitations.error)}
        </p>
      ) : !invitations.data ? (
        <Spinner />
      ) : invitations.data.length === 0 ? (
        <p>{t('invitations.list.empty')}</p>
      ) : (
        <div ref={table} className="ws-table-wrap" tabIndex={0} role="region" aria-label={t('invitations.list.title')}>
          {/* On a phone each invitation is a card, each value under its column's name (data-label); the explicit
              roles keep the table's meaning there (shell/workspace.css .card-table). */}
          <table className="ws-table card-table invitations-table" role="table">
            <caption className="visually-hidden">{t('invitations.list.title')}</caption>
            <thead role="rowgroup">
              <tr role="row">
                <th scope="col" role="columnheader">{t('invitations.fields.email')}</th>
                <th scope="col" role="columnheader">{t('invitations.fields.organization')}</th>
                <th scope="col" role="columnheader">{t('invitations.fields.role')}</th>
                <th scope="col" role="columnheader">{t('invitations.fields.status')}</th>
                <th scope="col" role="columnheader">{t('invitations.fields.sent')}</th>
                <th scope="col" role="columnheader">{t('invitations.fields.expires')}</th>
                <th scope="col" role="columnheader">{t('common.actions')}</th>
              </tr>
            </thead>
            <tbody role="rowgroup">
              {invitations.data.map((invitation) => {
                const open = invitation.status === 'pending' || invitation.status === 'expired';
                return (
                  <tr key={invitation.id} role="row">
                    <td role="cell" className="ws-card-title invitation-email">
                      {invitation.email}
                    </td>
                    <td role="cell" data-label={t('invitations.fields.organization')}>
                      {/* The organization was deleted (its invitations were revoked with it): said, not left blank. */}
                      {invitation.organizationName ?? (invitation.organizationId ? <span className="muted">{t('invitations.list.deletedOrganization')}</span> : '')}
                    </td>
                    <td role="cell" className="invitation-role" data-label={t('invitations.fields.role')}>
                      {invitation.isSystemAdmin ? t('invitations.roles.systemAdmin') : roleLabel(t, invitation.roleName)}
                    </td>
                    <td role="cell" data-label={t('invitations.fields.status')}>
                      <span>
                        <span className="ws-badge">{statusLabel(t, invitation.status)}</span>
                      </span>
                    </td>
                    <td role="cell" data-label={t('invitations.fields.sent')}>
                      {formatDateTime(invitation.createdAt, i18n.language)}
                    </td>
                    <td role="cell" data-label={t('invitations.fields.expires')}>
                      {formatDateTime(invitation.expiresAt, i18n.language)}
                    </td>
                    <td role="cell">
                      {open && (
                        <div className="ws-actions">
                          <button
                            type="button"
                            className="button button-small"
                            aria-label={t('invitations.list.resendAction', { email: invitation.email })}
                            onClick={() => void doResend(invitation)}
                          >
                            {t('invitations.list.resend')}
                          </button>
                          <button
                            type="button"
                            className="button button-small button-danger"
                            aria-label={t('invitations.list.revokeAction', { email: invitation.email })}
                            onClick={() => setRevoking(invitation)}
                          >
                            {t('invitations.list.revoke')}
                          </button>
                        </div>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {inviting && organizations.length > 0 && (
        <InviteDialog
          organizations={organizations}
          initialOrganizationId={inviting}
          canInviteSystemAdmin={admin}
          onClose={() => setInviting(null)}
        />
      )}
      <ConfirmDialog
        open={!!revoking}
        title={t('invitations.list.revokeTitle')}
        message={t('invitations.list.revokeMessage', { email: revoking?.email ?? '' })}
        confirmLabel={t('invitations.list.revoke')}
        cancelLabel={t('common.cancel')}
        focusAfter={() => table.current}
        onConfirm={() => void doRevoke()}
        onClose={() => setRevoking(null)}
      />
    </section>
  );
}

export default InvitationsPage;
