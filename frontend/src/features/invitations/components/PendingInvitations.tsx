import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../auth/session';
import { usePendingInvitations } from '../api/pending';
import { invitationPath } from '../paths';

/** On the home page: the signed-in user's open invitations, each leading to its page. */
export function PendingInvitations() {
  const { t } = useTranslation();
  const session = useSession();
  const pending = usePendingInvitations(session.status === 'signed-in' && !!session.profile);
  if (!pending.data?.length) return null;
  return (
    <section className="page" aria-labelledby="pending-invitations-title">
      <h2 id="pending-invitations-title">{t('invitations.home.title')}</h2>
      <ul>
        {pending.data.map((invitation) => (
          <li key={invitation.id}>
            <Link to={invitationPath(invitation.id)}>
              {t('invitations.home.item', { organization: invitation.organizationName ?? t('invitations.page.unknownOrganization') })}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
