import { act, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiBase } from '../api/client';
import type { Profile } from '../auth/profile';
import { ANONYMOUS_SESSION, SessionContext, type Session } from '../auth/session';
import { changeLanguage } from '../i18n';
import { jsonResponse, renderWithProviders } from '../test/render';
import { registerModules } from './modules';
import { routes } from './routes';

const ADMIN: Profile = { id: 'u-ada', name: 'Ada', systemRoles: [{ id: 'system-admin', roleName: 'system-admin' }], permissions: ['manage-users', 'manage-roles'] };
const MEMBER: Profile = { id: 'u-vera', name: 'Vera', systemRoles: [], permissions: [] };

beforeEach(() => {
  setApiBase(undefined);
  document.title = 'Open Water Data';
  vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(200, [])));
});

function renderAt(path: string, profile: Profile | null = null) {
  registerModules();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const session: Session = profile
    ? { ...ANONYMOUS_SESSION, enabled: true, status: 'signed-in', profile, displayName: profile.name ?? '' }
    : { ...ANONYMOUS_SESSION, enabled: true, status: 'anonymous' };
  renderWithProviders(
    <SessionContext.Provider value={session}>
      <RouterProvider router={router} />
    </SessionContext.Provider>,
  );
  return router;
}

const titled = (title: string) => waitFor(() => expect(document.title).toBe(title));

describe('the browser tab names the page', () => {
  it('from the menu entry leading to the route, in both languages', async () => {
    renderAt('/admin/users', ADMIN);
    await titled('Users – Open Water Data');
    await act(() => changeLanguage('zh-CN'));
    await titled('用户 – Open Water Data');
    await act(() => changeLanguage('en'));
  });

  it('from the route: the home page, an informational page, the profile, a station view', async () => {
    const router = renderAt('/home');
    await titled('Home – Open Water Data');
    await act(() => router.navigate('/sts/history'));
    await titled('History – Open Water Data');
    await act(() => router.navigate('/sts/station/s-1/info'));
    await titled('Station information – Open Water Data');
  });

  it('names the 404 and 403 pages, also when shown in place of a page', async () => {
    const router = renderAt('/no/such/page');
    await titled('Page not found – Open Water Data');
    await act(() => router.navigate('/403'));
    await titled('Access denied – Open Water Data');
    await act(() => changeLanguage('zh-CN'));
    await titled('无权访问 – Open Water Data');
    await act(() => router.navigate('/404'));
    await titled('页面未找到 – Open Water Data');
    await act(() => changeLanguage('en'));
  });

  it('says "Access denied" or "Sign in" where the user may not see the page', async () => {
    renderAt('/admin/users', MEMBER);
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeInTheDocument();
    await titled('Access denied – Open Water Data');
  });

  it('names the sign-in page a visitor gets in place of a page', async () => {
    renderAt('/profile');
    await titled('Sign in – Open Water Data');
  });

  it("names a dashboard after its label, and the dashboards' management page", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).includes('/dashboards/d-1')
          ? jsonResponse(200, { id: 'd-1', label: 'River temperatures', widgets: [] })
          : jsonResponse(200, []),
      ),
    );
    const router = renderAt('/userspace/dashboards/d-1', MEMBER);
    await titled('River temperatures – Open Water Data');
    await act(() => router.navigate('/userspace/dashboard-management'));
    await titled('All dashboards – Open Water Data');
  });
});
