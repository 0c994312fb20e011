import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiBase } from '../api/client';
import { registerModules } from '../app/modules';
import { routes } from '../app/routes';
import i18n, { changeLanguage, initI18n, type Language } from '../i18n';
import { jsonResponse, renderApp, renderWithProviders } from '../test/render';
import { toast, Toasts } from '../shell/toast';
import ProfilePage from './ProfilePage';
import { ANONYMOUS_SESSION, SessionContext, type Session } from './session';
import type { Profile } from './profile';

const PROFILE: Profile = {
  id: 'u-olga',
  name: 'Olga Orgadmin',
  email: 'orgadmin@demo.example',
  preferences: { theme: 'light' },
  systemRoles: [],
  organizationRoles: [
    { organizationId: 'org-1', roleName: 'group-admin', organizationName: 'Demo Watershed Council' },
    { organizationId: 'org-2', roleName: 'simple-user', organizationName: 'River Keepers' },
  ],
};

let patches: unknown[];

function renderProfile(setProfile = vi.fn(), profile = PROFILE, signOut = vi.fn()) {
  const session: Session = { ...ANONYMOUS_SESSION, enabled: true, status: 'signed-in', profile, displayName: 'Olga', setProfile, signOut };
  renderWithProviders(
    <MemoryRouter initialEntries={['/profile']}>
      <SessionContext.Provider value={session}>
        <ProfilePage />
        <Toasts />
      </SessionContext.Provider>
    </MemoryRouter>,
  );
  return setProfile;
}

beforeEach(() => {
  setApiBase(undefined);
  toast.clear();
  patches = [];
  vi.stubGlobal('fetch', vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body));
    patches.push(body);
    return jsonResponse(200, { ...PROFILE, ...body });
  }));
});

describe('profile page', () => {
  it("names each organization with the user's role in words, not internal codes", () => {
    renderProfile();
    expect(screen.getByText('Demo Watershed Council — Group administrator')).toBeInTheDocument();
    expect(screen.getByText('River Keepers — Member')).toBeInTheDocument();
    expect(screen.queryByText(/group-admin|simple-user/)).not.toBeInTheDocument();
  });

  it('changes the display name and the language', async () => {
    const user = userEvent.setup();
    const setProfile = renderProfile();
    const name = screen.getByRole('textbox', { name: 'Display name' });
    expect(name).toHaveValue('Olga Orgadmin');
    await user.clear(name);
    await user.type(name, 'Olga O.');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), '简体中文');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches).toEqual([{ name: 'Olga O.', preferences: { theme: 'light', locale: 'zh-CN', importEmails: true } }]));
    await waitFor(() => expect(i18n.language).toBe('zh-CN'));
    expect(setProfile).toHaveBeenCalledWith(expect.objectContaining({ name: 'Olga O.' }));
    expect(await screen.findByText('个人资料已保存。')).toBeInTheDocument();
    await changeLanguage('en');
  });

  it("takes the imports' emails unless told not to, and keeps the choice", async () => {
    const user = userEvent.setup();
    renderProfile();
    const emails = screen.getByRole('checkbox', { name: 'Email me when an import of mine that took a while ends, or an import source I set up starts failing' });
    expect(emails).toBeChecked();
    await user.click(emails);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches).toEqual([{ name: 'Olga Orgadmin', preferences: { theme: 'light', locale: 'en', importEmails: false } }]));
    cleanup();
    renderProfile(vi.fn(), { ...PROFILE, preferences: { importEmails: false } });
    expect(screen.getByRole('checkbox', { name: /^Email me when an import of mine/ })).not.toBeChecked();
  });

  it('says at the field that a name is needed', async () => {
    const user = userEvent.setup();
    renderProfile();
    await user.clear(screen.getByRole('textbox', { name: 'Display name' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('textbox', { name: 'Display name' })).toHaveAccessibleDescription('Enter a name.');
    expect(patches).toEqual([]);
  });

  it('keeps keyboard focus on Save while saving and after (a disabled button would drop it to the page)', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderProfile();
    const save = screen.getByRole('button', { name: 'Save' });

    await user.click(save);
    expect(save).toHaveFocus();
    expect(save).toBeEnabled();
    expect(save).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Enter}');
    expect(fetch).toHaveBeenCalledTimes(1);

    answer(jsonResponse(200, PROFILE));
    expect(await screen.findByText('Profile saved.')).toBeInTheDocument();
    expect(save).toHaveFocus();
    expect(save).not.toHaveAttribute('aria-disabled');
  });
});

describe('the language on the profile page', () => {
  it('shows the language saved in the profile as chosen', () => {
    renderProfile(vi.fn(), { ...PROFILE, preferences: { locale: 'zh-CN' } });
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveDisplayValue('简体中文');
  });
});

describe('deleting the own account', () => {
  for (const [lang, deleted] of [['en', 'Your account has been deleted.'], ['zh-CN', '您的账户已删除。']] as [Language, string][]) {
    it(`signs out, and the app says so when it is back from the sign-out (${lang})`, async () => {
      await initI18n(lang);
      vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(200, {})));
      const user = userEvent.setup();
      const signOut = vi.fn();
      renderProfile(vi.fn(), PROFILE, signOut);
      await user.click(screen.getByRole('button', { name: i18n.t('auth.profile.deleteAccount') }));
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: i18n.t('common.delete') }));
      await waitFor(() => expect(signOut).toHaveBeenCalledTimes(1));

      // The sign-out reloads the app (the provider's redirect) on the route it was given, signed out.
      const [comeBackTo] = signOut.mock.calls[0] as [string];
      cleanup();
      const { router } = renderApp(comeBackTo.replace(/^#/, ''));
      const notice = await screen.findByText(deleted);
      expect(notice.closest('[role="status"]')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/home');
      // Once: the address no longer asks for it.
      await waitFor(() => expect(router.state.location.search).toBe(''));
    });
  }

  for (const [lang, removed] of [
    ['en', 'Your account has been deleted, so you were signed out. Signing in again starts a new, empty account.'],
    ['zh-CN', '您的账户已被删除，因此您已退出登录。再次登录将创建一个新的空账户。'],
  ] as [Language, string][]) {
    it(`tells someone whose account another person deleted as news, not as a success of theirs (${lang})`, async () => {
      // An administrator's walk: the person whose account had just been deleted was shown a green success toast.
      await initI18n(lang);
      const { router } = renderApp('/home?notice=account-removed');
      const notice = (await screen.findByText(removed)).closest('[role="status"]');
      expect(notice).toHaveClass('toast-info');
      expect(screen.queryByText(i18n.t('auth.profile.deleted'))).not.toBeInTheDocument();
      await waitFor(() => expect(router.state.location.search).toBe(''));
    });
  }

  it('says nothing to a signed-in user following such an address', async () => {
    const session: Session = { ...ANONYMOUS_SESSION, enabled: true, status: 'signed-in', profile: PROFILE, displayName: 'Olga' };
    registerModules();
    const router = createMemoryRouter(routes, { initialEntries: ['/home?notice=account-deleted'] });
    renderWithProviders(
      <SessionContext.Provider value={session}>
        <RouterProvider router={router} />
      </SessionContext.Provider>,
    );
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByText('Your account has been deleted.')).not.toBeInTheDocument();
  });
});

describe('deleting the account of the only system administrator', () => {
  const ADMIN: Profile = {
    id: 'u-ada',
    name: 'Ada Admin',
    email: 'admin@demo.example',
    systemRoles: [{ id: 'system-admin', roleName: 'system-admin' }],
    organizationRoles: [],
  };

  /** The server: GET /user answers `admins` system administrators (or fails with `countStatus`); DELETE /auth/profile succeeds. */
  function fakeServer({ admins = 1, countStatus = 200 }: { admins?: number; countStatus?: number } = {}) {
    const calls: { method: string; url: URL }[] = [];
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://app.test');
      const method = init?.method ?? 'GET';
      calls.push({ method, url });
      if (method === 'GET' && url.pathname.endsWith('/user')) {
        if (countStatus !== 200) return jsonResponse(countStatus, { message: 'Internal Server Error' });
        const data = [{ id: 'u-ada', email: 'admin@demo.example', name: 'Ada Admin', roles: ['system-admin'] }];
        return jsonResponse(200, { data, count: data.length, total: admins, page: 1, pageCount: admins });
      }
      if (method === 'DELETE' && url.pathname.endsWith('/auth/profile')) return jsonResponse(200, {});
      return jsonResponse(404, { message: 'Not found' });
    }));
    const countCalls = () => calls.filter((c) => c.method === 'GET' && c.url.pathname.endsWith('/user'));
    const deleteCalls = () => calls.filter((c) => c.method === 'DELETE');
    return { calls, countCalls, deleteCalls };
  }

  async function openDialog(profile: Profile, signOut = vi.fn()) {
    const user = userEvent.setup();
    renderProfile(vi.fn(), profile, signOut);
    await user.click(screen.getByRole('button', { name: i18n.t('auth.profile.deleteAccount') }));
    return { user, dialog: screen.getByRole('dialog', { name: i18n.t('auth.profile.deleteAccount') }), signOut };
  }

  it('says it as the dialog opens, the count having come with the page', async () => {
    await initI18n('en');
    const server = fakeServer({ admins: 1 });
    const user = userEvent.setup();
    renderProfile(vi.fn(), ADMIN, vi.fn());
    await waitFor(() => expect(server.countCalls()).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20)); // the answer arrives
    await user.click(screen.getByRole('button', { name: i18n.t('auth.profile.deleteAccount') }));
    const dialog = screen.getByRole('dialog', { name: i18n.t('auth.profile.deleteAccount') });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(i18n.t('auth.profile.onlyAdmin'));
    // Read with the dialog as it opens, the focus on Cancel: the question, then the warning.
    expect(screen.getByRole('button', { name: i18n.t('common.cancel') })).toHaveFocus();
    expect(dialog).toHaveAccessibleDescription(expect.stringContaining(i18n.t('auth.profile.deleteConfirm')));
    expect(dialog).toHaveAccessibleDescription(expect.stringContaining(i18n.t('auth.profile.onlyAdmin')));
  });

  for (const lang of ['en', 'zh-CN'] as Language[]) {
    it(`warns the only system administrator, links to Users, and still deletes when confirmed (${lang})`, async () => {
      await initI18n(lang);
      const server = fakeServer({ admins: 1 });
      const { user, dialog, signOut } = await openDialog(ADMIN);
      const warning = await within(dialog).findByRole('alert');
      expect(warning).toHaveTextContent(i18n.t('auth.profile.onlyAdmin'));
      expect(warning).toHaveTextContent(i18n.t('auth.profile.onlyAdminSuggestion'));
      expect(within(warning).getByRole('link', { name: i18n.t('auth.profile.onlyAdminLink') })).toHaveAttribute('href', '/admin/users');
      // Said before the confirming button, and the dialog's first words are still the question.
      const confirm = within(dialog).getByRole('button', { name: i18n.t('common.delete') });
      expect(warning.compareDocumentPosition(confirm) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(dialog).toHaveTextContent(i18n.t('auth.profile.deleteConfirm'));

      // Asked with the page and again as the dialog opened: the users holding system-admin, one row, the total being
      // the count.
      expect(server.countCalls()).toHaveLength(2);
      const query = server.countCalls()[0]!.url.searchParams;
      expect(JSON.parse(query.get('s')!)).toEqual({ roles: { $contArr: ['system-admin'] } });
      expect(query.get('limit')).toBe('1');
      expect(query.get('page')).toBe('1');

      // Not blocked: they may mean it.
      await user.click(confirm);
      await waitFor(() => expect(signOut).toHaveBeenCalledTimes(1));
      expect(server.deleteCalls()).toHaveLength(1);
    });

    it(`does not warn when another system administrator remains (${lang})`, async () => {
      await initI18n(lang);
      const server = fakeServer({ admins: 2 });
      const { user, dialog, signOut } = await openDialog(ADMIN);
      await waitFor(() => expect(server.countCalls()).toHaveLength(2));
      // Let the answer arrive and render.
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
      expect(dialog).not.toHaveTextContent(i18n.t('auth.profile.onlyAdmin'));
      expect(dialog).toHaveTextContent(i18n.t('auth.profile.deleteConfirm'));
      await user.click(within(dialog).getByRole('button', { name: i18n.t('common.delete') }));
      await waitFor(() => expect(signOut).toHaveBeenCalledTimes(1));
    });

    it(`asks nothing about administrators for a user who is none (${lang})`, async () => {
      await initI18n(lang);
      const server = fakeServer({ admins: 1 });
      const { user, dialog, signOut } = await openDialog(PROFILE);
      expect(dialog).toHaveTextContent(i18n.t('auth.profile.deleteConfirm'));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
      expect(dialog).not.toHaveTextContent(i18n.t('auth.profile.onlyAdmin'));
      await user.click(within(dialog).getByRole('button', { name: i18n.t('common.delete') }));
      await waitFor(() => expect(signOut).toHaveBeenCalledTimes(1));
      expect(server.countCalls()).toHaveLength(0);
      expect(server.calls.map((c) => c.method)).toEqual(['DELETE']);
    });
  }

  it('shows the dialog as before when the count cannot be had, and deletes all the same', async () => {
    const server = fakeServer({ countStatus: 500 });
    const { user, dialog, signOut } = await openDialog(ADMIN);
    // Asked with the page and as the dialog opened (a failure may be asked again).
    await waitFor(() => expect(server.countCalls().length).toBeGreaterThanOrEqual(2));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(dialog).toHaveTextContent('Delete your account, your memberships and your dashboards? This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(signOut).toHaveBeenCalledTimes(1));
  });

  it('says it in words in both languages', async () => {
    expect(i18n.t('auth.profile.onlyAdmin')).toMatch(/only system administrator.*ADMIN_EMAILS/);
    await changeLanguage('zh-CN');
    expect(i18n.t('auth.profile.onlyAdmin')).toMatch(/唯一的系统管理员.*ADMIN_EMAILS/);
    expect(i18n.t('auth.profile.onlyAdminLink')).toBe('打开“用户”页面');
    await changeLanguage('en');
  });
});
