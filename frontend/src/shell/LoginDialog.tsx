import { useTranslation } from 'react-i18next';
import { useSession } from '../auth/session';
import { Dialog } from './Dialog';
import { useOneAtATime } from './useOneAtATime';

/**
 * Shown when the token expires, its refresh is refused or a call answers 401 (its visibility is the
 * session's flag). Above any other dialog, which keeps what the user typed: signing in happens in a
 * popup, and the page is as it was when this dialog closes.
 */
export function LoginDialog() {
  const { t } = useTranslation();
  const session = useSession();
  const signingIn = useOneAtATime();
  const close = () => session.setLoginDialogVisible(false);
  return (
    <Dialog
      open={session.loginDialogVisible}
      layer="session"
      title={t('auth.dialog.title')}
      onClose={close}
      footer={
        <>
          <button type="button" className="button" onClick={close}>
            {t('common.cancel')}
          </button>
          {/* aria-disabled while the popup is open: a second press would open a second one. */}
          <button
            type="button"
            className="button button-primary"
            aria-disabled={signingIn.busy || undefined}
            onClick={() => void signingIn.run(session.signInAgain)}
          >
            {t('auth.signIn')}
          </button>
        </>
      }
    >
      <p>{t('auth.dialog.message')}</p>
    </Dialog>
  );
}
