import { useTranslation } from 'react-i18next';
import { useRef } from 'react';
import { Link, Outlet, useMatches } from 'react-router';
import { useAccountDeletedNotice } from '../auth/accountDeleted';
import { meets, type Requirement } from '../auth/roles';
import { profileUnavailable, useSession } from '../auth/session';
import { LoginPage } from '../auth/LoginPage';
import { DocumentTitle, useDocumentTitle, type RouteTitle } from '../shell/documentTitle';
import { useFocusAfterNavigation } from '../shell/focusAfterNavigation';
import { Spinner } from '../shell/LazyView';
import { LoginDialog } from '../shell/LoginDialog';
import { useMenuCollapsed, useOverlayMenu } from '../shell/menuState';
import { shell } from '../shell/registry';
import { SideMenu } from '../shell/SideMenu';
import { MAIN_CONTENT_ID, SkipLink } from '../shell/SkipLink';
import { Toasts } from '../shell/toast';
import { ForbiddenPage, ServerUnreachablePage } from './ErrorPages';
import { HOME_PATH } from './paths';

/** What a route may declare in its `handle`. */
export interface RouteHandle {
  name?: string;
  requires?: Requirement;
  /** The page's name in the browser tab (an i18n key, or a function of the route's params giving one). */
  title?: RouteTitle;
}

/** The sign-in page, in place of a page that needs a signed-in user: named so in the browser tab. */
function SignInFirst() {
  const { t } = useTranslation();
  useDocumentTitle(t('auth.login.title'));
  return <LoginPage />;
}

/**
 * Pages of routes that require roles show only to users holding them (sign-in first); while the profile cannot be
 * loaded because of an outage, a page saying so with "Try again" (a refusal of the profile is still "Access denied").
 */
function RouteGate({ children }: { children: React.ReactNode }) {
  const session = useSession();
  const requirements = useMatches()
    .map((m) => (m.handle as RouteHandle | undefined)?.requires)
    .filter((r): r is Requirement => !!r);
  if (requirements.length === 0) return <>{children}</>;
  if (session.status === 'checking' || (session.status === 'signed-in' && !session.profile && !session.profileError)) {
    return <Spinner />;
  }
  if (session.status === 'anonymous') return <SignInFirst />;
  // The profile could not be loaded (an outage, not a refusal): nothing is known of the user's roles yet.
  if (profileUnavailable(session)) return <ServerUnreachablePage error={session.profileError} onRetry={session.retryProfile} />;
  if (!requirements.every((r) => meets(session.profile, r))) return <ForbiddenPage />;
  return <>{children}</>;
}

/** The app layout: header (menu toggle, product name, header tools), side menu, the page; the page's name in the browser tab. */
export function Layout() {
  const { t } = useTranslation();
  const session = useSession();
  const [collapsed, toggle, collapseForNow] = useMenuCollapsed();
  const menu = useRef<HTMLElement>(null);
  const menuToggle = useRef<HTMLButtonElement>(null);
  useOverlayMenu(menu, menuToggle, collapsed, collapseForNow);
  useFocusAfterNavigation();
  useAccountDeletedNotice();
  const tools = shell.headerToolsFor(session.profile);
  return (
    <DocumentTitle>
      <div className={`app${collapsed ? ' menu-collapsed' : ''}`}>
        {/* First in the tab order: past the header and the menu to the page. */}
        <SkipLink />
        <header className="app-header">
          <button
            ref={menuToggle}
            type="button"
            className="header-button menu-toggle"
            aria-expanded={!collapsed}
            aria-controls="side-menu"
            aria-label={collapsed ? t('shell.menu.expand') : t('shell.menu.collapse')}
            onClick={toggle}
          >
            <span aria-hidden="true">☰</span>
          </button>
          <Link to={HOME_PATH} className="brand">
            {t('app.name')}
          </Link>
          <div className="header-tools">
            {tools.map(({ key, component: Tool }) => (
              <Tool key={key} />
            ))}
          </div>
        </header>
        <div className="app-body">
          <nav ref={menu} id="side-menu" className="side-menu" aria-label={t('shell.menu.label')}>
            <SideMenu collapsed={collapsed} />
          </nav>
          <main id={MAIN_CONTENT_ID} className="app-main" tabIndex={-1}>
            <RouteGate>
              <Outlet />
            </RouteGate>
          </main>
        </div>
        <Toasts />
        <LoginDialog />
      </div>
    </DocumentTitle>
  );
}
