import { useId, useRef, useState } from 'react';
import { closeOnEscape, closeOnFocusOut, useDismissOnOutsidePress } from './useDismiss';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useMatches } from 'react-router';
import { useSession } from '../auth/session';
import { shell } from './registry';

/** The user menu: the signed-in user's name, then their profile and sign out; else 'Sign in'. */
export function UserMenu() {
  const { t } = useTranslation();
  const session = useSession();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  // A page nobody needs to sign in for (no route on the way asks for roles) stays after signing out.
  const isPublic = useMatches().every((match) => !(match.handle as { requires?: unknown } | undefined)?.requires);
  const stayOn = isPublic ? `#${location.pathname}${location.search}` : undefined;

  useDismissOnOutsidePress(root, open, () => setOpen(false));

  if (!session.enabled) return null;
  if (session.status === 'checking') {
    return <span className="header-placeholder" aria-hidden="true" />;
  }
  if (session.status === 'anonymous') {
    return (
      <button type="button" className="header-button" onClick={session.signIn}>
        {t('auth.signIn')}
      </button>
    );
  }
  const extra = shell.userMenuFor(session.profile);
  return (
    <div className="dropdown user-menu" ref={root} onKeyDown={closeOnEscape(trigger, () => setOpen(false))} onBlur={closeOnFocusOut(() => setOpen(false))}>
      <button
        ref={trigger}
        type="button"
        className="header-button"
        // A disclosure, not a menu (its panel holds buttons, links and a form, not menu items): "haspopup" would
        // announce a menu that arrow keys do not walk.
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((v) => !v)}
      >
        <span className="avatar" aria-hidden="true">
          {(session.displayName || '?').slice(0, 1).toUpperCase()}
        </span>
        {/* A long name ends in '…' here (the menu's heading gives it whole). */}
        <span className="header-button-text user-name" title={session.displayName}>
          {session.displayName}
        </span>
      </button>
      {open && (
        <ul id={menuId} className="dropdown-menu dropdown-menu-end" aria-label={t('auth.userMenu')}>
          <li className="dropdown-heading">{session.displayName}</li>
          <li>
            <Link to="/profile" onClick={() => setOpen(false)}>
              {t('auth.profile.title')}
            </Link>
          </li>
          {extra.map((item) => (
            <li key={item.key}>
              <Link to={item.to} onClick={() => setOpen(false)}>
                {t(item.label as never)}
              </Link>
            </li>
          ))}
          <li>
            <button type="button" onClick={() => session.signOut(stayOn)}>
              {t('auth.signOut')}
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
