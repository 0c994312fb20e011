import { act, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiBase } from '../../../api/client';
import { toast } from '../../../shell/toast';
import { fakeAdminServer } from '../test/fakeAdminServer';
import { PROFILES, renderAdmin } from '../test/renderAdmin';

beforeEach(() => {
  setApiBase(undefined);
  toast.clear();
  vi.stubGlobal('fetch', vi.fn(fakeAdminServer().fetch));
});

const menu = () => screen.getByRole('navigation', { name: 'Main menu' });
const adminMenu = () => within(menu()).queryByRole('list', { name: 'Administration' });

describe('who sees the administration screens', () => {
  it('a system administrator sees the Administration group with users, roles, permissions, the audit trail and the system settings', async () => {
    renderAdmin('/admin/users', PROFILES.admin);
    await screen.findByRole('heading', { level: 1, name: 'Users' });
    const group = adminMenu()!;
    expect(within(group).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['⚇Users', '/admin/users'],
      ['⚑Roles', '/admin/roles'],
      ['✓Permissions', '/admin/permissions'],
      ['✎Audit trail', '/admin/audit'],
      ['⚒System settings', '/admin/settings'],
    ]);
  });

  it('with manage-users only: the users entry, and the forbidden page on the roles screen', async () => {
    renderAdmin('/admin/roles', PROFILES.userManager);
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeInTheDocument();
    expect(within(adminMenu()!).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/admin/users']);
  });

  it('with manage-roles only: /admin opens the roles screen', async () => {
    const { router } = renderAdmin('/admin', PROFILES.roleManager);
    expect(await screen.findByRole('heading', { level: 1, name: 'Roles' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/roles');
    expect(within(adminMenu()!).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/admin/roles', '/admin/permissions']);
  });

  it('without an administration permission: no Administration menu, and the forbidden page', async () => {
    renderAdmin('/admin/users', PROFILES.viewer);
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeInTheDocument();
    expect(adminMenu()).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('/admin sends a signed-in user without permissions to the forbidden page', async () => {
    const { router } = renderAdmin('/admin', PROFILES.viewer);
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/403');
  });

  it('an anonymous visitor is asked to sign in', async () => {
    renderAdmin('/admin/permissions', null);
    expect(await within(screen.getByRole('main')).findByText('Sign in to see this page.')).toBeInTheDocument();
    expect(adminMenu()).not.toBeInTheDocument();
  });
});

describe('moving between the administration screens', () => {
  it('shows each screen, also when going back to one already visited', async () => {
    const { router } = renderAdmin('/admin/users', PROFILES.admin);
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    await act(() => router.navigate('/admin/permissions'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Permissions' })).toBeInTheDocument();
    await act(() => router.navigate('/admin/users'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    await act(() => router.navigate('/admin/permissions'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Permissions' })).toBeInTheDocument();
  });
});
