import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isSystemAdmin, MEMBER_ROLES } from '../../../auth/roles';
import { useReloadProfile, useSession } from '../../../auth/session';
import { ConfirmDialog } from '../../../shell/Dialog';
import { Spinner } from '../../../shell/LazyView';
import { LoadError } from '../../../shell/LoadError';
import { toast } from '../../../shell/toast';
import { isNoLongerMember, useMemberActions, useMembers } from '../api/members';
import type { Member } from '../api/types';
import { mayAdminister } from '../lib/access';
import { roleLabel } from '../lib/labels';
import { useAction } from '../lib/useAction';
import { ORGANIZATIONS_PAGE_PATH } from '../paths';
import '../organizations.css';

/** The invitations page with its invite dialog open for this organization (the invitations feature reads ?invite=). */
const invitePath = (organizationId: string) => `/userspace/invitation?invite=${encodeURIComponent(organizationId)}`;
const GROUP_ADMIN = 'group-admin';

/** A role chosen for a member and not sent yet. */
type RoleChange = { member: Member; roleName: string };

/**
 * Members with their roles: a group administrator changes roles and removes members; anyone may leave.
 * A role chosen in a row's list is only sent with that row's "Save role" (arrow keys in the list send
 * nothing); taking a role from oneself, or making someone a group administrator, is confirmed first,
 * saying what it means. After a change of the own role the profile is loaded again, so the page shows
 * what the user may now do.
 */
export function MembersTab({ organizationId, organizationName }: { organizationId: string; organizationName: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const me = session.profile?.id;
  const admin = mayAdminister(session.profile, organizationId);
  const systemAdmin = isSystemAdmin(session.profile);
  const members = useMembers(organizationId);
  const actions = useMemberActions(organizationId);
  const reloadProfile = useReloadProfile();
  const { busy, run } = useAction();
  const navigate = useNavigate();
  const [removing, setRemoving] = useState<Member | null>(null);
  /** Roles chosen in the lists and not saved yet, by user id. */
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState<RoleChange | null>(null);
  const table = useRef<HTMLDivElement>(null);
  const roleLists = useRef(new Map<string, HTMLSelectElement>());
  // After a role is saved or its change cancelled, the row's Save and Cancel leave the page: focus goes back
  // to the row's role list, or to the table when the list is gone too (the user is no longer an administrator).
  const [focusRoleOf, setFocusRoleOf] = useState<{ userId: string } | null>(null);
  useEffect(() => {
    if (focusRoleOf) (roleLists.current.get(focusRoleOf.userId) ?? table.current)?.focus();
  }, [focusRoleOf]);

  if (members.error) return <LoadError error={members.error} title={t('organizations.members.loadFailed')} onRetry={() => members.mutate()} />;
  if (!members.data) return <Spinner />;

  const nameOf = (m: Member) => m.name || m.email || m.userId;
  const forget = (userId: string) =>
    setChosen((current) => {
      const { [userId]: _, ...rest } = current;
      return rest;
    });
  const choose = (member: Member, roleName: string) =>
    roleName === member.roleName ? forget(member.userId) : setChosen((current) => ({ ...current, [member.userId]: roleName }));

  /**
   * A member someone else removed meanwhile (404): said in plain words instead of the server's, the list (read
   * again by the action) no longer shows them, their unsaved role is forgotten. Answers whether it was that.
   */
  const noLongerMember = (member: Member, error: unknown, removing = false) => {
    if (!isNoLongerMember(error)) return false;
    const message =
      member.userId === me
        ? t('organizations.members.youNoLongerMember', { organization: organizationName })
        : t('organizations.members.noLongerMember', { name: nameOf(member), organization: organizationName });
    // A removal then stands as asked (said, not as a failure); a role change was not made.
    if (removing) toast.info(message);
    else toast.error(message);
    forget(member.userId);
    return true;
  };

  const saveRole = async ({ member, roleName }: RoleChange) => {
    const own = member.userId === me;
    const role = roleLabel(t, roleName);
    let gone = false;
    const done = await run(
      () => actions.setRole(member.userId, roleName),
      own ? t('organizations.members.ownRoleChanged', { role, organization: organizationName }) : t('organizations.members.roleChanged', { name: nameOf(member), role }),
      (error) => (gone = noLongerMember(member, error)),
    );
    setConfirming(null);
    if (gone) {
      // Their row left with them: focus goes to the members table. Oneself removed: the page follows the profile.
      setFocusRoleOf({ userId: member.userId });
      if (own) await reloadProfile().catch((error: unknown) => toast.error(error));
    }
    if (!done) return;
    if (own) {
      // What this user may do here changed with the role: the controls follow the new profile.
      try {
        await reloadProfile();
      } catch (error) {
        toast.error(error);
      }
    }
    forget(member.userId);
    setFocusRoleOf({ userId: member.userId });
  };
  const requestRole = (member: Member) => {
    const roleName = chosen[member.userId];
    if (busy || !roleName || roleName === member.roleName) return;
    const change = { member, roleName };
    if (member.userId === me || roleName === GROUP_ADMIN) setConfirming(change);
    else void saveRole(change);
  };
  const cancelRole = (member: Member) => {
    forget(member.userId);
    setFocusRoleOf({ userId: member.userId });
  };

  const remove = async () => {
    if (!removing) return;
    const leaving = removing.userId === me;
    let gone = false;
    const done = await run(
      () => actions.remove(removing.userId),
      leaving ? t('organizations.members.left', { organization: organizationName }) : t('organizations.members.removed', { name: nameOf(removing) }),
      (error) => (gone = noLongerMember(removing, error, true)),
    );
    // Removed meanwhile by someone else: there is nothing left to confirm (the list, read again, no longer shows them).
    if (!done && !gone) return;
    setRemoving(null);
    if (leaving) {
      // The membership is gone: what this user may see changes with the profile.
      try {
        await reloadProfile();
      } catch (error) {
        toast.error(error);
      }
      void navigate(ORGANIZATIONS_PAGE_PATH);
    }
  };

  /** What confirming a role change says: taking a role from oneself, or making someone a group administrator. */
  const roleConfirmation = ({ member, roleName }: RoleChange) => {
    const role = roleLabel(t, roleName);
    if (member.userId === me) {
      return {
        title: t('organizations.members.ownRoleTitle'),
        message: systemAdmin
          ? t('organizations.members.ownRoleMessageSystemAdmin', { role, organization: organizationName })
          : t('organizations.members.ownRoleMessage', { role, organization: organizationName }),
        confirmLabel: t('organizations.members.ownRoleConfirm'),
      };
    }
    return {
      title: t('organizations.members.promoteTitle'),
      message: t('organizations.members.promoteMessage', { name: nameOf(member), organization: organizationName }),
      confirmLabel: t('organizations.members.promoteConfirm'),
    };
  };
  const confirmation = confirming && roleConfirmation(confirming);

  return (
    <div>
      {admin && (
        <p>
          <Link to={invitePath(organizationId)} className="button">
            {t('organizations.members.invite')}
          </Link>
        </p>
      )}
      <div ref={table} className="ws-table-wrap" tabIndex={0} role="region" aria-label={t('organizations.members.title')}>
        {/* No members (the last one left or was removed): said, not an empty table; the region stays, to take the
            focus after that removal. On a phone each member is a card, each value under its column's name
            (data-label); the explicit roles keep the table's meaning there (organizations.css). */}
        {members.data.length === 0 ? (
          <p>{t('organizations.members.empty')}</p>
        ) : (
          <table className="ws-table card-table members-table" role="table">
            <caption>{t('organizations.members.title')}</caption>
            <thead role="rowgroup">
              <tr role="row">
                <th scope="col" role="columnheader">{t('organizations.members.name')}</th>
                <th scope="col" role="columnheader">{t('organizations.members.email')}</th>
                <th scope="col" role="columnheader">{t('organizations.members.role')}</th>
                <th scope="col" role="columnheader">{t('common.actions')}</th>
              </tr>
            </thead>
            <tbody role="rowgroup">
              {members.data.map((member) => {
                const own = member.userId === me;
                const name = nameOf(member);
                const pending = chosen[member.userId];
                const changed = !!pending && pending !== member.roleName;
                return (
                  <tr key={member.userId} role="row">
                    <td role="cell" className="ws-card-title ws-wrap">
                      {name} {own && <span className="ws-badge">{t('organizations.members.you')}</span>}
                    </td>
                    <td role="cell" className="ws-wrap" data-label={t('organizations.members.email')}>
                      {member.email}
                    </td>
                    <td role="cell" data-label={t('organizations.members.role')}>
                      {admin ? (
                        <div className="ws-actions">
                          <select
                            className="ws-control"
                            ref={(element) => {
                              if (element) roleLists.current.set(member.userId, element);
                              else roleLists.current.delete(member.userId);
                            }}
                            aria-label={t('organizations.members.roleOf', { name })}
                            value={pending ?? member.roleName}
                            onChange={(e) => choose(member, e.target.value)}
                          >
                            {MEMBER_ROLES.map((role) => (
                              <option key={role} value={role}>
                                {roleLabel(t, role)}
                              </option>
                            ))}
                          </select>
                          {changed && (
                            <>
                              <button
                                type="button"
                                className="button button-small button-primary"
                                aria-label={t('organizations.members.saveRoleOf', { name })}
                                aria-disabled={busy || undefined}
                                onClick={() => requestRole(member)}
                              >
                                {t('organizations.members.saveRole')}
                              </button>
                              <button
                                type="button"
                                className="button button-small"
                                aria-label={t('organizations.members.cancelRoleOf', { name })}
                                onClick={() => cancelRole(member)}
                              >
                                {t('common.cancel')}
                              </button>
                            </>
                          )}
                        </div>
                      ) : (
                        roleLabel(t, member.roleName)
                      )}
                    </td>
                    <td role="cell">
                      {(own || admin) && (
                        <div className="ws-actions">
                          {own ? (
                            <button type="button" className="button button-small" onClick={() => setRemoving(member)}>
                              {t('organizations.members.leave')}
                            </button>
                          ) : (
                            <button
                              type="button"
                              className="button button-small button-danger"
                              aria-label={t('organizations.members.removeAction', { name })}
                              onClick={() => setRemoving(member)}
                            >
                              {t('organizations.members.remove')}
                            </button>
                          )}
                        </div>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </div>
      <ConfirmDialog
        open={!!confirmation}
        title={confirmation?.title ?? ''}
        message={confirmation?.message ?? ''}
        confirmLabel={confirmation?.confirmLabel ?? ''}
        cancelLabel={t('common.cancel')}
        busy={busy}
        onConfirm={() => confirming && void saveRole(confirming)}
        onClose={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={!!removing}
        title={removing?.userId === me ? t('organizations.members.leaveTitle') : t('organizations.members.removeTitle')}
        message={
          removing?.userId === me
            ? t('organizations.members.leaveMessage', { organization: organizationName })
            : t('organizations.members.removeMessage', { name: removing ? nameOf(removing) : '', organization: organizationName })
        }
        confirmLabel={removing?.userId === me ? t('organizations.members.leave') : t('organizations.members.remove')}
        cancelLabel={t('common.cancel')}
        busy={busy}
        focusAfter={() => table.current}
        onConfirm={() => void remove()}
        onClose={() => setRemoving(null)}
      />
    </div>
  );
}
