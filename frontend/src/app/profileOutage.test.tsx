import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiBase } from '../api/client';
import type { Profile } from '../auth/profile';
import { initI18n } from '../i18n';
import { jsonResponse, renderAppSignedIn } from '../test/render';

const VERA: Profile = { id: 'u-vera', name: 'Vera Volunteer', email: 'vera@example.org', systemRoles: [], permissions: [], organizationRoles: [] };

/** How GET /auth/profile answers now: a status and body, or no answer at all ('offline'). */
let profileAnswer: { status: number; body: unknown } | 'offline';

function serveApi() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      if (String(input).endsWith('/auth/profile')) {
        if (profileAnswer === 'offline') throw new TypeError('Failed to fetch');
        return jsonResponse(profileAnswer.status, profileAnswer.body);
      }
      return jsonResponse(200, []);
    }),
  );
}

/** Vera signed in (a real OIDC session), the app at `path`. */
const renderSignedIn = (path: string) => renderAppSignedIn(path, { sub: 'u-vera', name: 'Vera Volunteer' });

beforeEach(async () => {
  await initI18n('en');
  setApiBase(undefined);
  serveApi();
});

afterEach(() => initI18n('en'));

describe('a signed-in page while the profile cannot be loaded', () => {
  it('says the server is not answering (not "Access denied"), keeps the menu, and shows the page after "Try again"', async () => {
    profileAnswer = { status: 503, body: { message: 'Service Unavailable' } };
    await renderSignedIn('/userspace/organizations');

    const page = screen.getByRole('main');
    expect(await within(page).findByRole('heading', { level: 1, name: 'The server is not answering' })).toBeInTheDocument();
    expect(page).toHaveTextContent('Your account could not be loaded, so this page cannot be shown yet. This is not a question of permission.');
    expect(within(page).getByRole('alert')).toHaveTextContent(
      'The server did not answer in time or is unavailable (HTTP 503). Try again in a moment.',
    );
    expect(within(page).getByRole('alert')).toHaveTextContent('Details: Service Unavailable');
    expect(screen.queryByText('Access denied')).not.toBeInTheDocument();
    // The menu keeps its groups for any signed-in user.
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('link', { name: 'My organizations' })).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Invitations' })).toBeInTheDocument();

    profileAnswer = { status: 200, body: VERA };
    await userEvent.setup().click(within(page).getByRole('button', { name: 'Try again' }));
    expect(await within(page).findByRole('heading', { level: 1, name: 'Organizations' })).toBeInTheDocument();
    expect(screen.queryByText('The server is not answering')).not.toBeInTheDocument();
  });

  it('says the server could not be reached when no answer came at all', async () => {
    profileAnswer = 'offline';
    await renderSignedIn('/profile');

    const page = screen.getByRole('main');
    expect(await within(page).findByRole('heading', { level: 1, name: 'The server is not answering' })).toBeInTheDocument();
    expect(within(page).getByRole('alert')).toHaveTextContent('Could not reach the server. Check your connection, then try again.');
    expect(within(page).getByRole('alert')).toHaveTextContent('Details: Failed to fetch');
    expect(within(page).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('says a server failure (500) in plain words, in Chinese too', async () => {
    await initI18n('zh-CN');
    profileAnswer = { status: 500, body: { message: 'Internal Server Error' } };
    await renderSignedIn('/userspace/invitation');

    const page = screen.getByRole('main');
    expect(await within(page).findByRole('heading', { level: 1, name: '服务器没有应答' })).toBeInTheDocument();
    expect(within(page).getByRole('alert')).toHaveTextContent('服务器出现问题，未能应答。请重试；如果问题持续，请告知管理员（联系我们）。');
    expect(within(page).getByRole('alert')).toHaveTextContent('详细信息：HTTP 500 · Internal Server Error');
    expect(within(page).getByRole('button', { name: '重试' })).toBeInTheDocument();
    expect(screen.queryByText('无权访问')).not.toBeInTheDocument();
  });

  it('still says "Access denied" when the server refuses the profile (403)', async () => {
    profileAnswer = { status: 403, body: { message: 'Forbidden' } };
    await renderSignedIn('/userspace/organizations');

    expect(await screen.findByRole('heading', { level: 1, name: 'Access denied' })).toBeInTheDocument();
    expect(screen.queryByText('The server is not answering')).not.toBeInTheDocument();
  });
});
