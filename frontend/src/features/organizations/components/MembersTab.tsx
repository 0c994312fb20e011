import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSWRConfig } from 'swr';
import { PROFILE_PATH } from '../../../auth/profile';
import { MEMBER_ROLES } from '../../../auth/roles';
import { useSession } from '../../../auth/session';
import { ConfirmDialog } from '../../../shell/Dialog';
import { Spinner } from '../../../shell/LazyView';
import { messageOf } from '../../../shell/toast';
import { useMemberActions, useMembers } from '../api/members';
import type { Member } from '../api/types';
import { mayAdminister } from '../lib/access';
import { roleLabel } from '../lib/labels';
import { useAction } from '../lib/useAction';
import { ORGANIZATIONS_PAGE_PATH } from '../paths';

const INVITATIONS_PAGE_PATH = '/userspace/invitation';

/** Members with their roles: a group administrator changes roles and removes members; anyone may leave. */
export function MembersTab({ organizationId, organizationName }: { organizationId: string; organizationName: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const me = session.profile?.id;
  const admin = mayAdminister(session.profile, organizationId);
  const members = useMembers(organizationId);
  const actions = useMemberActions(organizationId);
  const { busy, run } = useAction();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const [removing, setRemoving] = useState<Member | null>(null);

  if (members.error) return <p className="alert alert-error" role="alert">{messageOf(members.error)}</p>;
  if (!members.data) return <Spinner />;

  const nameOf = (m: Member) => m.name || m.email || m.userId;
  const remove = async () => {
    if (!removing) return;
    const leaving = removing.userId === me;
    const done = await run(
      () => actions.remove(removing.userId),
      leaving ? t('organizations.members.left', { organization: organizationName }) : t('organizations.members.removed', { name: nameOf(removing) }),
    );
    if (!done) return;
    setRemoving(null);
    if (leaving) {
      // The membership is gone: what this user may see changes with the profile.
      await mutate((key) => Array.isArray(key) && key[0] === PROFILE_PATH);
      void navigate(ORGANIZATIONS_PAGE_PATH);
    }
  };

  return (
    <div>
      {admin && (
        <p>
          <Link to={INVITATIONS_PAGE_PATH} className="button">
            {t('organizations.members.invite')}
          </Link>
        </p>
      )}
      <div className="ws-table-wrap" tabIndex={0} role="region" aria-label={t('organizations.members.title')}>
        <table className="ws-table">
          <caption>{t('organizations.members.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('organizations.members.name')}</th>
              <th scope="col">{t('organizations.members.email')}</th>
              <th scope="col">{t('organizations.members.role')}</th>
              <th scope="col">{t('common.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {members.data.map((member) => {
              const own = member.userId === me;
              const name = nameOf(member);
              return (
                <tr key={member.userId}>
                  <td>
                    {name} {own && <span className="ws-badge">{t('organizations.members.you')}</span>}
                  </td>
                  <td>{member.email}</td>
                  <td>
                    {admin ? (
                      <select
                        aria-label={t('organizations.members.roleOf', { name })}
                        value={member.roleName}
                        disabled={busy}
                        onChange={(e) =>
                          void run(() => actions.setRole(member.userId, e.target.value), t('organizations.members.roleChanged', { name, role: roleLabel(t, e.target.value) }))
                        }
                      >
                        {MEMBER_ROLES.map((role) => (
                          <option key={role} value={role}>
                            {roleLabel(t, role)}
                          </option>
                        ))}
                      </select>
                    ) : (
                      roleLabel(t, member.roleName)
                    )}
                  </td>
                  <td>
                    <div className="ws-actions">
                      {own ? (
                        <button type="button" className="button button-small" onClick={() => setRemoving(member)}>
                          {t('organizations.members.leave')}
                        </button>
                      ) : (
                        admin && (
                          <button
                            type="button"
                            className="button button-small button-danger"
                            aria-label={t('organizations.members.removeAction', { name })}
                            onClick={() => setRemoving(member)}
                          >
                            {t('organizations.members.remove')}
                          </button>
                        )
                      )}
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
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
        onConfirm={() => void remove()}
        onClose={() => setRemoving(null)}
      />
    </div>
  );
}
