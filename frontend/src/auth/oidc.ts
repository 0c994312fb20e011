/**
 * The SPA's OpenID Connect client (oidc-client-ts), configured from config.json (spec sections 4, 7, 8, 9).
 *
 * - Authorization code flow, PKCE S256 (a 96-character verifier), response mode `query`.
 * - The redirect comes back to the page itself (`/?code=...&state=...`); the hash route the user
 *   was on travels in the request's state and is restored after the callback.
 * - Tokens are kept in memory only: every page load runs the silent check (an iframe on
 *   `/silent-check-sso.html`, `prompt=none`), which restores the session while the identity
 *   provider's own session lasts, and leaves an anonymous visitor anonymous.
 * - Every 60 s the access token is checked and refreshed when fewer than 70 s of validity remain;
 *   a refresh the token endpoint refuses (400) clears the token: the session has ended, and the
 *   "Sign in again" dialog asks the user to sign in again, in a popup, over the page they were on.
 * - Callback state is kept 1 hour.
 */
import { ErrorResponse, ErrorTimeout, InMemoryWebStorage, User, UserManager, WebStorageStateStore } from 'oidc-client-ts';
import i18next from 'i18next';
import type { OidcConfig } from '../app/config';

export const TOKEN_CHECK_INTERVAL_MS = 60_000;
export const MIN_VALIDITY_SECONDS = 70;
export const CALLBACK_STATE_LIFETIME_SECONDS = 3600;
export const SILENT_CHECK_PAGE = 'silent-check-sso.html';
export const REFRESH_FAILED_MESSAGE = 'Failed to refresh token';
export const DEFAULT_SCOPE = 'openid profile email';
/** What `updateToken()` asks for when called without a minimum (seconds). */
export const DEFAULT_MIN_VALIDITY_SECONDS = 5;

/** The login client's errors (spec section 8). */
export const LOGIN_CLIENT_ERRORS = {
  responseMode: 'Invalid value for responseMode',
  flow: 'Invalid value for flow',
  pkceMethod: 'Invalid value for pkceMethod',
  onLoad: 'Invalid value for onLoad',
  notSupported: 'Not supported by the OIDC server',
  notAuthenticated: 'Not authenticated',
  minValidity: 'Invalid minValidity',
  iframeTimeout: 'Timeout when waiting for 3rd party check iframe message.',
} as const;

export interface LoginOptions {
  responseMode: 'query' | 'fragment';
  flow: 'standard';
  pkceMethod: 'S256';
  onLoad: 'check-sso' | 'login-required';
}

/** The product's choices: response mode query, the standard flow, PKCE S256, a silent check on load. */
export const DEFAULT_LOGIN_OPTIONS: LoginOptions = { responseMode: 'query', flow: 'standard', pkceMethod: 'S256', onLoad: 'check-sso' };

/**
 * The login options of config.json, checked. The implicit and hybrid flows are valid names but this
 * client speaks the standard (authorization code + PKCE) flow only, which every OIDC server offers.
 */
export function loginOptions(config: Pick<OidcConfig, 'responseMode' | 'flow' | 'pkceMethod' | 'onLoad'>): LoginOptions {
  const options = { ...DEFAULT_LOGIN_OPTIONS };
  if (config.responseMode !== undefined) {
    if (config.responseMode !== 'query' && config.responseMode !== 'fragment') throw new Error(LOGIN_CLIENT_ERRORS.responseMode);
    options.responseMode = config.responseMode;
  }
  if (config.flow !== undefined) {
    if (!['standard', 'implicit', 'hybrid'].includes(config.flow)) throw new Error(LOGIN_CLIENT_ERRORS.flow);
    if (config.flow !== 'standard') throw new Error(`${LOGIN_CLIENT_ERRORS.notSupported}: the ${config.flow} flow (use standard)`);
  }
  if (config.pkceMethod !== undefined && config.pkceMethod !== 'S256') throw new Error(LOGIN_CLIENT_ERRORS.pkceMethod);
  if (config.onLoad !== undefined) {
    if (config.onLoad !== 'check-sso' && config.onLoad !== 'login-required') throw new Error(LOGIN_CLIENT_ERRORS.onLoad);
    options.onLoad = config.onLoad;
  }
  return options;
}

/** The identity provider's account page; generic OIDC servers (Cognito) have none. */
export function accountUrl(config: Pick<OidcConfig, 'accountUrl'>): string {
  if (!config.accountUrl) throw new Error(LOGIN_CLIENT_ERRORS.notSupported);
  return config.accountUrl;
}

/** What the sign-in request carries through the provider and back. */
export interface SignInState {
  returnTo?: string;
}

/** The app's own address without query or hash: where the provider sends the browser back. */
export function appUrl(location: Pick<Location, 'origin' | 'pathname'> = window.location): string {
  return `${location.origin}${location.pathname}`;
}

const optionsOfManager = new WeakMap<UserManager, LoginOptions>();

/** The login options a manager was made with. */
export function loginOptionsOf(manager: UserManager): LoginOptions {
  return optionsOfManager.get(manager) ?? DEFAULT_LOGIN_OPTIONS;
}

export function createUserManager(config: OidcConfig, location: Location = window.location): UserManager {
  const options = loginOptions(config);
  const base = appUrl(location);
  const manager = new UserManager({
    authority: config.authority,
    client_id: config.clientId,
    scope: config.scope ?? DEFAULT_SCOPE,
    redirect_uri: base,
    // Signing in again in a popup comes back to the same address (the provider knows no other).
    popup_redirect_uri: base,
    post_logout_redirect_uri: base,
    silent_redirect_uri: new URL(SILENT_CHECK_PAGE, base).href,
    response_type: 'code',
    response_mode: options.responseMode,
    // The product checks and refreshes the token itself (every 60 s, under 70 s left).
    automaticSilentRenew: false,
    // The provider offers no session-check iframe (check_session_iframe); the silent check covers it.
    monitorSession: false,
    staleStateAgeInSeconds: CALLBACK_STATE_LIFETIME_SECONDS,
    stateStore: new WebStorageStateStore({ store: window.localStorage }),
    userStore: new WebStorageStateStore({ store: new InMemoryWebStorage() }),
  });
  optionsOfManager.set(manager, options);
  return manager;
}

/** True when the page was opened by the provider's redirect (code or error, with state). */
export function isSignInCallback(location: Pick<Location, 'search'> = window.location): boolean {
  const params = new URLSearchParams(location.search);
  return params.has('state') && (params.has('code') || params.has('error'));
}

/** What `completeSignIn` found when this page is the popup of "Sign in again": its opener takes the answer and closes it. */
export const HANDED_TO_OPENER = 'handed-to-opener';

/**
 * Finish a sign-in redirect before the router starts: exchange the code, then put the address
 * back to the hash route the user was on (without the code in the query). In the popup of "Sign in
 * again" the answer goes to the window that opened it instead (HANDED_TO_OPENER: show nothing).
 */
export async function completeSignIn(manager: UserManager, location: Location = window.location): Promise<User | null | typeof HANDED_TO_OPENER> {
  if (!isSignInCallback(location)) return null;
  let user: User | null = null;
  try {
    user = await manager.signinCallback(location.href) ?? null;
    // Only a redirect's callback resolves with the user; a popup's has passed the answer on.
    if (!user) return HANDED_TO_OPENER;
  } catch (error) {
    console.warn('Sign-in could not be completed.', error);
  }
  const returnTo = (user?.state as SignInState | undefined)?.returnTo ?? '';
  window.history.replaceState(null, '', `${location.pathname}${returnTo.startsWith('#') ? returnTo : ''}`);
  return user;
}

/** Seconds of validity left, or 0 when unknown. */
export function secondsLeft(user: Pick<User, 'expires_at'> | null | undefined, nowSeconds = Date.now() / 1000): number {
  if (!user?.expires_at) return 0;
  return user.expires_at - nowSeconds;
}


/** A refusal by the token endpoint (HTTP 400, e.g. `invalid_grant`), as opposed to a network error. */
export function isRefusedRefresh(error: unknown): boolean {
  return error instanceof ErrorResponse;
}

/**
 * Make sure the access token stays valid for at least `minValidity` seconds, refreshing it if not.
 * Rejects with 'Invalid minValidity' for a bad argument and 'Not authenticated' without a session.
 */
export async function updateToken(
  manager: UserManager,
  minValidity: number = DEFAULT_MIN_VALIDITY_SECONDS,
  nowSeconds = Date.now() / 1000,
): Promise<User> {
  if (typeof minValidity !== 'number' || !Number.isFinite(minValidity) || minValidity < 0) {
    throw new Error(LOGIN_CLIENT_ERRORS.minValidity);
  }
  const user = await manager.getUser();
  if (!user) throw new Error(LOGIN_CLIENT_ERRORS.notAuthenticated);
  if (secondsLeft(user, nowSeconds) >= minValidity) return user;
  const renewed = await manager.signinSilent();
  if (!renewed) throw new Error(LOGIN_CLIENT_ERRORS.notAuthenticated);
  return renewed;
}

/** What `checkToken` resolves with when the provider refused the refresh: the session has ended. */
export const SESSION_ENDED = 'session-ended';

/** Has the session of this user ended (its tokens dropped after a refused refresh)? */
export function hasEnded(user: User): boolean {
  return !user.access_token;
}

/**
 * Drop the tokens of an ended session, keeping who was signed in: no call carries the token any more,
 * while the page (and what the user typed) stays as it is, the user still named in the header, until
 * they sign in again. (Removing the user instead would turn every screen to its signed-out state.)
 */
async function dropTokens(manager: UserManager, user: User): Promise<void> {
  await manager.storeUser(new User({ ...user, access_token: '', refresh_token: undefined, expires_at: 0 }));
}

/**
 * The periodic check: refresh when under the minimum validity (70 s). Resolves with the (new)
 * user, or SESSION_ENDED when the refresh was refused (HTTP 400) and the token was cleared. An
 * ended session is left alone until the user signs in again.
 */
export async function checkToken(manager: UserManager, nowSeconds = Date.now() / 1000): Promise<User | null | typeof SESSION_ENDED> {
  const user = await manager.getUser();
  if (!user || hasEnded(user)) return user;
  try {
    return await updateToken(manager, MIN_VALIDITY_SECONDS, nowSeconds);
  } catch (error) {
    console.error(REFRESH_FAILED_MESSAGE, error);
    if (isRefusedRefresh(error)) {
      await dropTokens(manager, user);
      return SESSION_ENDED;
    }
    return user;
  }
}

/**
 * The silent check on load: ask the provider, in a hidden iframe with `prompt=none`, whether the
 * browser is signed in there. Anonymous visitors stay anonymous (no error shown).
 */
export async function silentCheck(manager: UserManager): Promise<User | null> {
  const existing = await manager.getUser();
  if (existing && !existing.expired) return existing;
  try {
    return await manager.signinSilent();
  } catch (error) {
    // No answer from the provider's page in the hidden iframe (blocked third-party cookies, provider down).
    if (error instanceof ErrorTimeout) console.warn(LOGIN_CLIENT_ERRORS.iframeTimeout);
    return null;
  }
}

/** The languages the provider's pages should speak (OIDC ui_locales): the interface's, then English. */
function uiLocales(): string {
  const language = i18next.language || 'en';
  return language === 'en' ? 'en' : `${language} en`;
}

/** Start the provider's sign-in page, in the interface's language, coming back to the current hash route. */
export function signIn(manager: UserManager, returnTo: string = window.location.hash): Promise<void> {
  const state: SignInState = { returnTo };
  return manager.signinRedirect({ state, ui_locales: uiLocales() });
}

/** The popup was closed before signing in (or the provider refused): the user stays where they were. */
function popupGaveUp(error: unknown): boolean {
  return error instanceof ErrorResponse || (error instanceof Error && error.message === 'Popup closed by user');
}

/**
 * Sign in again after the session ended, in a popup: the page stays as it is, with what the user typed.
 * Resolves with the new user, or null when the popup was closed. Where popups are blocked, the usual
 * redirect (the page reloads, coming back to the current route).
 */
export async function signInAgain(manager: UserManager, returnTo: string = window.location.hash): Promise<User | null> {
  const state: SignInState = { returnTo };
  try {
    return await manager.signinPopup({ state, ui_locales: uiLocales(), popupAbortOnClose: true });
  } catch (error) {
    if (popupGaveUp(error)) return null;
    await signIn(manager, returnTo);
    return null;
  }
}

const ROUTE_AFTER_SIGN_OUT = 'owd-route-after-sign-out';

/** On start after a sign-out: back to the public page it was started from (once). */
export function restoreRouteAfterSignOut(location: Location = window.location): void {
  const route = sessionStorage.getItem(ROUTE_AFTER_SIGN_OUT);
  if (route === null) return;
  sessionStorage.removeItem(ROUTE_AFTER_SIGN_OUT);
  if (!location.hash && route.startsWith('#/')) window.history.replaceState(null, '', location.pathname + location.search + route);
}

/**
 * Sign out: clear the session, empty the URL hash, and reload. With an identity provider the
 * reload is the provider's logout redirect back to the app (ending its session too, so the
 * silent check does not sign the user in again).
 */
export async function signOut(manager: UserManager | null, location: Location = window.location, stayOn?: string): Promise<void> {
  // The provider sends the browser back to the app's address without its route (a return address may
  // not carry a fragment): the public page to come back to waits in the session storage.
  if (stayOn?.startsWith('#/')) sessionStorage.setItem(ROUTE_AFTER_SIGN_OUT, stayOn);
  const user = manager ? await manager.getUser() : null;
  if (manager) await manager.removeUser();
  if (location.hash) window.history.replaceState(null, '', location.pathname + location.search);
  if (manager) {
    try {
      await manager.signoutRedirect({ id_token_hint: user?.id_token, post_logout_redirect_uri: appUrl(location) });
      return;
    } catch (error) {
      console.warn('The identity provider could not be told about the sign-out.', error);
    }
  }
  location.reload();
}
