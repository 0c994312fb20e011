import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiBase } from '../../../api/client';
import { changeLanguage } from '../../../i18n';
import { toast } from '../../../shell/toast';
import { fakeAdminServer } from '../test/fakeAdminServer';
import { PROFILES, renderAdmin } from '../test/renderAdmin';

let server: ReturnType<typeof fakeAdminServer>;

beforeAll(async () => {
  await import('./PermissionsPage');
});

beforeEach(() => {
  setApiBase(undefined);
  toast.clear();
  server = fakeAdminServer();
  vi.stubGlobal('fetch', vi.fn(server.fetch));
});

const table = () => screen.getByRole('table', { name: 'Permissions' });
const keys = () => within(table()).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[0]!.textContent);
const rowOf = (key: string) => within(table()).getByText(key).closest('tr')!;

describe('permissions screen', () => {
  it('lists the catalogue by key with descriptions and the roles granting each', async () => {
    renderAdmin('/admin/permissions', PROFILES.admin);
    expect(await screen.findByRole('heading', { level: 1, name: 'Permissions' })).toBeInTheDocument();
    await within(table()).findByText('manage-users');
    expect(keys()).toEqual(['manage-organizations', 'manage-roles', 'manage-system-settings', 'manage-users']);
    expect(within(rowOf('manage-users')).getByText('Manage users and their roles')).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf('manage-system-settings')).getByText('editor')).toBeInTheDocument());
    expect(within(rowOf('manage-system-settings')).getByText('system-admin')).toBeInTheDocument();
    expect(within(rowOf('manage-users')).queryByText('editor')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Give permissions to roles' })).toHaveAttribute('href', '/admin/roles');
  });

  it('searches and sorts in the browser', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/permissions', PROFILES.admin);
    await within(await screen.findByRole('table', { name: 'Permissions' })).findByText('manage-users');
    await user.type(screen.getByRole('searchbox', { name: 'Search permissions' }), 'ROLES{Enter}');
    await waitFor(() => expect(keys()).toEqual(['manage-roles', 'manage-users']));
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toHaveTextContent('2 in total');

    await user.click(within(screen.getByRole('columnheader', { name: /Permission/ })).getByRole('button'));
    await waitFor(() => expect(keys()).toEqual(['manage-users', 'manage-roles']));
    await user.type(screen.getByRole('searchbox', { name: 'Search permissions' }), 'x{Enter}');
    expect(await screen.findByText('No permissions match.')).toBeInTheDocument();
    expect(server.callsTo('GET', '/permissions')).toHaveLength(1);
  });

  it('speaks Simplified Chinese, the catalogue\'s descriptions too', async () => {
    await changeLanguage('zh-CN');
    renderAdmin('/admin/permissions', PROFILES.admin);
    expect(await screen.findByRole('heading', { level: 1, name: '权限' })).toBeInTheDocument();
    expect(await screen.findByText('管理用户及其角色')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /授予角色/ })).toBeInTheDocument();
  });
});
