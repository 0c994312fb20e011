import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../shell/Dialog';
import { Spinner } from '../shell/LazyView';
import { toast } from '../shell/toast';
import { deleteOwnAccount } from './profile';
import { useSession } from './session';

/** The signed-in user's profile: name, email, roles; and deleting the own account. */
export function ProfilePage() {
  const { t } = useTranslation();
  const session = useSession();
  const [confirming, setConfirming] = useState(false);
  const profile = session.profile;
  if (!profile) return <Spinner />;
  const remove = async () => {
    try {
      session.setProfile(await deleteOwnAccount());
      setConfirming(false);
      session.signOut();
    } catch (error) {
      toast.error(error);
    }
  };
  const organizationRoles = profile.organizationRoles ?? [];
  return (
    <section className="page" aria-labelledby="profile-title">
      <h1 id="profile-title">{t('auth.profile.title')}</h1>
      <dl className="facts">
        <dt>{t('auth.profile.name')}</dt>
        <dd>{profile.name}</dd>
        <dt>{t('auth.profile.email')}</dt>
        <dd>{profile.email}</dd>
        <dt>{t('auth.profile.systemRoles')}</dt>
        <dd>{(profile.systemRoles ?? []).map((r) => r.roleName).join(', ') || t('common.none')}</dd>
        <dt>{t('auth.profile.organizationRoles')}</dt>
        <dd>{organizationRoles.map((r) => r.roleName).join(', ') || t('common.none')}</dd>
      </dl>
      <p>
        <button type="button" className="button button-danger" onClick={() => setConfirming(true)}>
          {t('auth.profile.deleteAccount')}
        </button>
      </p>
      <ConfirmDialog
        open={confirming}
        title={t('auth.profile.deleteAccount')}
        message={t('auth.profile.deleteConfirm')}
        confirmLabel={t('common.delete')}
        cancelLabel={t('common.cancel')}
        onConfirm={() => void remove()}
        onClose={() => setConfirming(false)}
      />
    </section>
  );
}

export default ProfilePage;
