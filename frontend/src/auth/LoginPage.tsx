import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { Loading } from '../shell/Loading';
import { useSession } from './session';

export const LOGIN_SUCCESS_MESSAGE = 'loginSuccess';

/** The window that opened this page in a dialog (popup or iframe), if any. */
function parentWindow(): Window | null {
  if (window.opener && window.opener !== window) return window.opener as Window;
  if (window.parent && window.parent !== window) return window.parent;
  return null;
}

/**
 * The route named `login`: the target of login redirects. Signed in already → tell a parent
 * window ('loginSuccess') when opened in a dialog, else go home.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const session = useSession();
  const parent = parentWindow();

  useEffect(() => {
    if (session.status === 'signed-in' && parent) parent.postMessage(LOGIN_SUCCESS_MESSAGE, window.location.origin);
  }, [session.status, parent]);

  if (session.status === 'checking') return <Loading />;
  if (session.status === 'signed-in') return parent ? <p role="status">{t('auth.signedIn')}</p> : <Navigate to="/home" replace />;
  return (
    <section className="page" aria-labelledby="login-title">
      <h1 id="login-title">{t('auth.login.title')}</h1>
      <p>{t('auth.login.message')}</p>
      {session.enabled ? (
        <button type="button" className="button button-primary" onClick={session.signIn}>
          {t('auth.signIn')}
        </button>
      ) : (
        <p className="muted">{t('auth.login.unavailable')}</p>
      )}
    </section>
  );
}

export default LoginPage;
