import type { UserManager } from 'oidc-client-ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createHashRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { setApiBase } from '../api/client';
import { completeSignIn, createUserManager, HANDED_TO_OPENER, restoreRouteAfterSignOut } from '../auth/oidc';
import { connectClient } from '../auth/session';
import { initI18n } from '../i18n';
import { loadConfig, type OidcConfig } from './config';
import { registerModules } from './modules';
import { AppProviders } from './providers';
import { routes } from './routes';
import './styles.css';

/**
 * Read the runtime configuration and the language first; finish a sign-in redirect (so the
 * router starts on the route the user left), then render. The silent check runs after the first
 * render, so the page never waits for the identity provider.
 */
/** A configuration the login client refuses leaves the app usable, anonymously, with the reason logged. */
function userManagerOrNone(oidc: OidcConfig): UserManager | null {
  try {
    return createUserManager(oidc);
  } catch (error) {
    console.error('Sign-in is disabled: config.json has an invalid login setting.', error);
    return null;
  }
}

async function start(): Promise<void> {
  const [config] = await Promise.all([loadConfig(), initI18n()]);
  setApiBase(config.apiBase);

  const manager = config.oidc ? userManagerOrNone(config.oidc) : null;
  if (manager) {
    connectClient(manager, () => undefined);
    // The popup of "Sign in again" has passed its answer to the page that opened it, which closes it.
    if ((await completeSignIn(manager)) === HANDED_TO_OPENER) return;
  }
  registerModules();

  restoreRouteAfterSignOut();
  const router = createHashRouter(routes);
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element.');
  createRoot(container).render(
    <StrictMode>
      <AppProviders manager={manager}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

void start();
