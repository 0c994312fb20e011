import { ErrorResponse, ErrorTimeout, type User, type UserManager } from 'oidc-client-ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  accountUrl,
  checkToken,
  completeSignIn,
  createUserManager,
  DEFAULT_LOGIN_OPTIONS,
  HANDED_TO_OPENER,
  isSignInCallback,
  LOGIN_CLIENT_ERRORS,
  loginOptions,
  loginOptionsOf,
  MIN_VALIDITY_SECONDS,
  REFRESH_FAILED_MESSAGE,
  restoreRouteAfterSignOut,
  SESSION_ENDED,
  signIn,
  signInAgain,
  signOut,
  silentCheck,
  updateToken,
} from './oidc';

const NOW = 1_800_000_000;

function user(secondsLeft: number): User {
  return { access_token: `token-${secondsLeft}`, expires_at: NOW + secondsLeft, expired: secondsLeft <= 0 } as unknown as User;
}

/** A user manager whose stored user and silent sign-in the test decides. */
function manager(current: User | null, silent: () => Promise<User | null>) {
  let stored = current;
  return {
    getUser: vi.fn(async () => stored),
    storeUser: vi.fn(async (user: User) => {
      stored = user;
    }),
    signinSilent: vi.fn(silent),
    removeUser: vi.fn(async () => undefined),
  } as unknown as UserManager & { signinSilent: ReturnType<typeof vi.fn>; removeUser: ReturnType<typeof vi.fn> };
}

afterEach(() => vi.restoreAllMocks());

describe('login options from config.json', () => {
  it('default to response mode query, the standard flow, PKCE S256 and a silent check on load', () => {
    expect(loginOptions({})).toEqual({ responseMode: 'query', flow: 'standard', pkceMethod: 'S256', onLoad: 'check-sso' });
    expect(loginOptions({ responseMode: 'fragment', onLoad: 'login-required' })).toMatchObject({ responseMode: 'fragment', onLoad: 'login-required' });
  });

  it.each([
    [{ responseMode: 'form_post' }, 'Invalid value for responseMode'],
    [{ flow: 'device' }, 'Invalid value for flow'],
    [{ pkceMethod: 'plain' }, 'Invalid value for pkceMethod'],
    [{ onLoad: 'always' }, 'Invalid value for onLoad'],
  ])('refuse %o with "%s"', (config, message) => {
    expect(() => loginOptions(config)).toThrow(message);
  });

  it('name the implicit and hybrid flows as not supported', () => {
    expect(() => loginOptions({ flow: 'implicit' })).toThrow('Not supported by the OIDC server: the implicit flow (use standard)');
    expect(() => loginOptions({ flow: 'hybrid' })).toThrow(LOGIN_CLIENT_ERRORS.notSupported);
  });

  it('shape the user manager: query response mode, code flow, the app as redirect, the silent check page', () => {
    const location = { origin: 'http://127.0.0.1:8000', pathname: '/' } as Location;
    const created = createUserManager({ authority: 'http://127.0.0.1:8002', clientId: 'spa' }, location);
    expect(created.settings).toMatchObject({
      response_mode: 'query',
      response_type: 'code',
      redirect_uri: 'http://127.0.0.1:8000/',
      popup_redirect_uri: 'http://127.0.0.1:8000/',
      silent_redirect_uri: 'http://127.0.0.1:8000/silent-check-sso.html',
      staleStateAgeInSeconds: 3600,
      automaticSilentRenew: false,
    });
    expect(loginOptionsOf(created)).toEqual(DEFAULT_LOGIN_OPTIONS);
    expect(() => createUserManager({ authority: 'x', clientId: 'spa', pkceMethod: 'none' }, location)).toThrow('Invalid value for pkceMethod');
  });

  it('have no account page unless the provider has one', () => {
    expect(() => accountUrl({})).toThrow('Not supported by the OIDC server');
    expect(accountUrl({ accountUrl: 'https://sso.example/realms/owd/account' })).toBe('https://sso.example/realms/owd/account');
  });
});

describe('updateToken', () => {
  it('refuses a minimum validity that is not a non-negative number: "Invalid minValidity"', async () => {
    const m = manager(user(300), async () => user(300));
    await expect(updateToken(m, -1, NOW)).rejects.toThrow('Invalid minValidity');
    await expect(updateToken(m, Number.NaN, NOW)).rejects.toThrow(LOGIN_CLIENT_ERRORS.minValidity);
    await expect(updateToken(m, '5' as unknown as number, NOW)).rejects.toThrow(LOGIN_CLIENT_ERRORS.minValidity);
  });

  it('without a session: "Not authenticated"', async () => {
    await expect(updateToken(manager(null, async () => null), 5, NOW)).rejects.toThrow('Not authenticated');
  });

  it('keeps a token valid long enough (default 5 s) and refreshes one that is not', async () => {
    const fresh = manager(user(6), async () => user(300));
    await expect(updateToken(fresh, undefined, NOW)).resolves.toMatchObject({ access_token: 'token-6' });
    expect(fresh.signinSilent).not.toHaveBeenCalled();

    const stale = manager(user(4), async () => user(300));
    await expect(updateToken(stale, undefined, NOW)).resolves.toMatchObject({ access_token: 'token-300' });
  });
});

describe('the periodic token check (every 60 s, minimum 70 s)', () => {
  it('leaves a token with more than 70 s alone and refreshes one with less', async () => {
    const fine = manager(user(MIN_VALIDITY_SECONDS + 1), async () => user(300));
    await expect(checkToken(fine, NOW)).resolves.toMatchObject({ access_token: 'token-71' });
    expect(fine.signinSilent).not.toHaveBeenCalled();

    const due = manager(user(MIN_VALIDITY_SECONDS - 1), async () => user(300));
    await expect(checkToken(due, NOW)).resolves.toMatchObject({ access_token: 'token-300' });
  });

  it('a refresh answered 400 clears the token and ends the session, keeping who was signed in; the failure is logged as "Failed to refresh token"', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const refused = manager(user(10), async () => {
      throw new ErrorResponse({ error: 'invalid_grant', error_description: 'Refresh token expired' });
    });

    await expect(checkToken(refused, NOW)).resolves.toBe(SESSION_ENDED);

    // Not removed: that would turn every screen to its signed-out state under the user's hands.
    expect(refused.removeUser).not.toHaveBeenCalled();
    const kept = await refused.getUser();
    expect(kept).toMatchObject({ access_token: '', refresh_token: undefined, expired: true });
    expect(error).toHaveBeenCalledWith(REFRESH_FAILED_MESSAGE, expect.any(ErrorResponse));
    expect(REFRESH_FAILED_MESSAGE).toBe('Failed to refresh token');

    // The ended session is left alone until the user signs in again.
    await expect(checkToken(refused, NOW)).resolves.toBe(kept);
    expect(refused.signinSilent).toHaveBeenCalledTimes(1);
  });

  it('a network failure keeps the session (the next check tries again)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const offline = manager(user(10), async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(checkToken(offline, NOW)).resolves.toMatchObject({ access_token: 'token-10' });
    expect(offline.removeUser).not.toHaveBeenCalled();
  });
});

describe('the silent check on load', () => {
  it('leaves an anonymous visitor anonymous, and says so when the iframe never answers', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const timedOut = manager(null, async () => {
      throw new ErrorTimeout('IFrame timed out without a response');
    });
    await expect(silentCheck(timedOut)).resolves.toBeNull();
    expect(warn).toHaveBeenCalledWith('Timeout when waiting for 3rd party check iframe message.');

    const refused = manager(null, async () => {
      throw new ErrorResponse({ error: 'login_required' });
    });
    await expect(silentCheck(refused)).resolves.toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
  });
});

describe('sign-in callback', () => {
  it('is recognised by code (or error) with state in the query', () => {
    expect(isSignInCallback({ search: '?code=abc&state=xyz' })).toBe(true);
    expect(isSignInCallback({ search: '?error=access_denied&state=xyz' })).toBe(true);
    expect(isSignInCallback({ search: '?code=abc' })).toBe(false);
    expect(isSignInCallback({ search: '' })).toBe(false);
  });
});

describe('the sign-in redirect', () => {
  it("asks the provider's page for the interface language (ui_locales) and comes back to the current route", async () => {
    const { changeLanguage } = await import('../i18n');
    await changeLanguage('zh-CN');
    const signinRedirect = vi.fn(async () => undefined);
    await signIn({ signinRedirect } as unknown as UserManager, '#/sts/overview');
    expect(signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '#/sts/overview' }, ui_locales: 'zh-CN en' });
    await changeLanguage('en');
    await signIn({ signinRedirect } as unknown as UserManager, '#/home');
    expect(signinRedirect).toHaveBeenLastCalledWith({ state: { returnTo: '#/home' }, ui_locales: 'en' });
  });
});

describe('signing in again after the session ended', () => {
  const PROVIDER_PAGE = { state: { returnTo: '#/userspace/dashboard-management' }, ui_locales: 'en', popupAbortOnClose: true };

  it('happens in a popup, the page staying as it is', async () => {
    const renewed = user(300);
    const signinPopup = vi.fn(async () => renewed);
    const signinRedirect = vi.fn();
    await expect(signInAgain({ signinPopup, signinRedirect } as unknown as UserManager, '#/userspace/dashboard-management')).resolves.toBe(renewed);
    expect(signinPopup).toHaveBeenCalledWith(PROVIDER_PAGE);
    expect(signinRedirect).not.toHaveBeenCalled();
  });

  it('stays on the page when the popup is closed before signing in', async () => {
    const signinPopup = vi.fn(async () => {
      throw new Error('Popup closed by user');
    });
    const signinRedirect = vi.fn();
    await expect(signInAgain({ signinPopup, signinRedirect } as unknown as UserManager, '#/home')).resolves.toBeNull();
    expect(signinRedirect).not.toHaveBeenCalled();
  });

  it('falls back to the redirect where the browser blocks popups', async () => {
    const signinPopup = vi.fn(async () => {
      throw new Error('Attempted to navigate on a disposed window');
    });
    const signinRedirect = vi.fn(async () => undefined);
    await expect(signInAgain({ signinPopup, signinRedirect } as unknown as UserManager, '#/userspace/dashboard-management')).resolves.toBeNull();
    expect(signinRedirect).toHaveBeenCalledWith({ state: PROVIDER_PAGE.state, ui_locales: 'en' });
  });

  it("in the popup, hands the provider's answer to the page that opened it", async () => {
    const signinCallback = vi.fn(async () => undefined);
    const location = { search: '?code=abc&state=xyz', href: 'http://localhost/?code=abc&state=xyz', pathname: '/' } as Location;
    await expect(completeSignIn({ signinCallback } as unknown as UserManager, location)).resolves.toBe(HANDED_TO_OPENER);
    expect(signinCallback).toHaveBeenCalledWith(location.href);
  });
});

describe('sign-out', () => {
  it('comes back to the public page it was started from, and to the home page otherwise', async () => {
    const reload = vi.fn();
    const location = { hash: '#/sts/overview?mode=table', pathname: '/', search: '', origin: 'http://localhost', reload } as unknown as Location;
    window.history.replaceState(null, '', '/#/sts/overview?mode=table');
    await signOut(null, location, '#/sts/overview?mode=table');
    expect(reload).toHaveBeenCalled();
    expect(window.location.hash).toBe('');
    restoreRouteAfterSignOut();
    expect(window.location.hash).toBe('#/sts/overview?mode=table');
    // Once only: a later start goes where its address says.
    window.history.replaceState(null, '', '/');
    restoreRouteAfterSignOut();
    expect(window.location.hash).toBe('');

    await signOut(null, { ...location, hash: '#/profile' } as unknown as Location);
    restoreRouteAfterSignOut();
    expect(window.location.hash).toBe('');
  });
});
