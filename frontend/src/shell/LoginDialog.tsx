import { useTranslation } from 'react-i18next';
import { useSession } from '../auth/session';
import { Dialog } from './Dialog';

/** Shown when the token expires or a call answers 401 (its visibility is the session's flag). */
export function LoginDialog() {
  const { t } = useTranslation();
  const session = useSession();
  const close = () => session.setLoginDialogVisible(false);
  return (
    <Dialog
      open={session.loginDialogVisible}
      title={t('auth.dialog.title')}
      onClose={close}
      footer={
        <>
          <button type="button" className="button" onClick={close}>
            {t('common.cancel')}
          </button>
          <button type="button" className="button button-primary" onClick={session.signIn}>
            {t('auth.signIn')}
          </button>
        </>
      }
    >
      <p>{t('auth.dialog.message')}</p>
    </Dialog>
  );
}
