import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorResponse, User } from 'oidc-client-ts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiBase } from '../api/client';
import { registerModules } from '../app/modules';
import { AppProviders } from '../app/providers';
import { routes } from '../app/routes';
import i18n, { initI18n, type Language } from '../i18n';
import { jsonResponse } from '../test/render';
import { createUserManager, TOKEN_CHECK_INTERVAL_MS } from './oidc';
import type { Profile } from './profile';

const OLGA: Profile = {
  id: 'u-olga',
  name: 'Olga Orgadmin',
  email: 'orgadmin@demo.example',
  preferences: { theme: 'light' },
  systemRoles: [],
  organizationRoles: [],
};

let profile: Profile;
let patches: unknown[];

/** The API: GET and PATCH /auth/profile (the PATCH replaces what it names), nothing else of note. */
function serveApi() {
  patches = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/auth/profile')) {
        if (init?.method === 'PATCH') {
          const changes = JSON.parse(String(init.body)) as Partial<Profile>;
          patches.push(changes);
          profile = { ...profile, ...changes };
        }
        return jsonResponse(200, profile);
      }
      return jsonResponse(200, []);
    }),
  );
}

/** A user manager holding Olga's session, its access token valid for `secondsLeft` more seconds. */
async function signedIn(secondsLeft: number) {
  const manager = createUserManager({ authority: 'http://idp.test', clientId: 'spa' });
  await manager.storeUser(
    new User({
      access_token: 'access-1',
      refresh_token: 'refresh-1',
      token_type: 'Bearer',
      profile: { sub: 'u-olga', name: 'Olga Orgadmin', iss: 'http://idp.test', aud: 'spa', exp: 0, iat: 0 },
      expires_at: Math.floor(Date.now() / 1000) + secondsLeft,
    }),
  );
  return manager;
}

async function renderSignedIn(path: string, secondsLeft = 300) {
  registerModules();
  const manager = await signedIn(secondsLeft);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders manager={manager} swr={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return manager;
}

beforeEach(() => {
  setApiBase(undefined);
  profile = OLGA;
  serveApi();
});

afterEach(() => vi.useRealTimers());

const WORDS = {
  en: { profile: 'Profile', displayName: 'Display name', dialog: 'Sign in again', ended: 'Your session has ended. Sign in again to continue.', signIn: 'Sign in' },
  'zh-CN': { profile: '个人资料', displayName: '显示名称', dialog: '重新登录', ended: '您的会话已结束。请重新登录以继续。', signIn: '登录' },
} as const;

describe('a refresh the identity provider refuses (400 invalid_grant)', () => {
  for (const lang of ['en', 'zh-CN'] as Language[]) {
    it(`asks to sign in again over the page, which keeps what was typed (${lang})`, async () => {
      await initI18n(lang);
      const words = WORDS[lang];
      vi.useFakeTimers({ shouldAdvanceTime: true });
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      // 65 s left: the check after 60 s refreshes (under 70 s), before the token itself expires.
      const manager = await renderSignedIn('/profile', 65);
      vi.spyOn(manager, 'signinSilent').mockRejectedValue(new ErrorResponse({ error: 'invalid_grant', error_description: 'Refresh token revoked' }));

      const name = await screen.findByRole('textbox', { name: words.displayName });
      await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).type(name, ' (draft)');
      await act(async () => vi.advanceTimersByTimeAsync(TOKEN_CHECK_INTERVAL_MS));

      const dialog = await screen.findByRole('dialog', { name: words.dialog });
      expect(dialog).toHaveTextContent(words.ended);
      // The page, what was typed and the signed-in header stay until the user chooses.
      expect(screen.getByRole('heading', { level: 1, name: words.profile })).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: words.displayName })).toHaveValue('Olga Orgadmin (draft)');
      expect(within(screen.getByRole('banner')).getByRole('button', { name: /Olga Orgadmin/ })).toBeInTheDocument();
      expect(within(screen.getByRole('banner')).queryByRole('button', { name: words.signIn })).not.toBeInTheDocument();
      // The ended session's token is no longer sent.
      expect((await manager.getUser())?.access_token).toBe('');
    });
  }
});

describe('the language saved in the profile', () => {
  it('becomes the interface language when the profile loads after sign-in, and the profile shows it chosen', async () => {
    profile = { ...OLGA, preferences: { theme: 'light', locale: 'zh-CN' } };
    await renderSignedIn('/profile');

    expect(await screen.findByRole('heading', { level: 1, name: '个人资料' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: '语言' })).toHaveDisplayValue('简体中文');
    expect(document.documentElement.lang).toBe('zh-CN');
  });

  it('follows a switch in the header, which saves it in the profile (and is not switched back)', async () => {
    const user = userEvent.setup();
    profile = { ...OLGA, preferences: { theme: 'light', locale: 'zh-CN' } };
    await renderSignedIn('/profile');
    await screen.findByRole('heading', { level: 1, name: '个人资料' });

    await user.click(screen.getByRole('button', { name: '语言：简体中文' }));
    await user.click(within(screen.getByRole('listbox', { name: '语言' })).getByRole('option', { name: 'English' }));

    await waitFor(() => expect(patches).toEqual([{ preferences: { theme: 'light', locale: 'en' } }]));
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveDisplayValue('English');
    expect(i18n.language).toBe('en');
  });
});

describe('an account deleted since this sign-in (401 Account Deleted)', () => {
  it('signs out, to come back to the home page that says the account was deleted, instead of offering to sign in again', async () => {
    await initI18n('en');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(401, {
          statusCode: 401,
          message: 'This account has been deleted. Sign in again to start a new account.',
          error: 'Account Deleted',
        }),
      ),
    );
    const manager = await renderSignedIn('/profile');
    const signOut = vi.spyOn(manager, 'signoutRedirect').mockResolvedValue(undefined);

    await waitFor(() => expect(signOut).toHaveBeenCalled());
    expect(sessionStorage.getItem('owd-route-after-sign-out')).toBe('#/home?notice=account-removed');
    expect(await manager.getUser()).toBeNull();
    expect(screen.queryByRole('dialog', { name: 'Sign in again' })).not.toBeInTheDocument();
  });
});
