import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiBase } from '../../../api/client';
import type { Profile } from '../../../auth/profile';
import { changeLanguage } from '../../../i18n';
import { toast } from '../../../shell/toast';
import { fakeAdminServer } from '../test/fakeAdminServer';
import { PROFILES, renderAdmin } from '../test/renderAdmin';

let server: ReturnType<typeof fakeAdminServer>;

beforeAll(async () => {
  await import('./RolesPage');
});

beforeEach(() => {
  setApiBase(undefined);
  toast.clear();
  server = fakeAdminServer();
  vi.stubGlobal('fetch', vi.fn(server.fetch));
});

const table = () => screen.getByRole('table', { name: 'Roles' });
const rowOf = (name: string) => within(table()).getByText(name).closest('tr')!;

async function openRoles(profile: Profile = PROFILES.admin) {
  const result = renderAdmin('/admin/roles', profile);
  await screen.findByRole('heading', { level: 1, name: 'Roles' });
  await within(table()).findByText('editor');
  return result;
}

describe('roles screen', () => {
  it('lists roles by name with description and permissions; built-in roles cannot be edited or deleted', async () => {
    await openRoles();
    const admin = rowOf('system-admin');
    expect(within(admin).getByText('Built-in')).toBeInTheDocument();
    expect(within(admin).getByText('All permissions')).toBeInTheDocument();
    expect(within(admin).getByText('Administers the whole system')).toBeInTheDocument();
    expect(within(admin).queryByRole('button', { name: /Edit|Delete/ })).not.toBeInTheDocument();
    expect(within(admin).getByRole('button', { name: 'Permissions of system-admin' })).toBeInTheDocument();

    const editor = rowOf('editor');
    expect(within(editor).getByText('Edits shared dashboards')).toBeInTheDocument();
    expect(within(editor).getByText('manage-system-settings')).toBeInTheDocument();
    expect(within(editor).getByRole('button', { name: 'Edit editor' })).toBeInTheDocument();
    expect(within(editor).getByRole('button', { name: 'Delete editor' })).toBeInTheDocument();
    const query = server.callsTo('GET', '/roles')[0]!.query;
    expect(query.get('sort[0]')).toBe('roleName,ASC');
    expect(query.get('page')).toBe('1');
  });

  it('searches roles by name or description', async () => {
    const user = userEvent.setup();
    await openRoles();
    await user.type(screen.getByRole('searchbox', { name: 'Search roles' }), 'shared{Enter}');
    await waitFor(() => expect(within(table()).queryByText('system-admin')).not.toBeInTheDocument());
    expect(within(table()).getByText('editor')).toBeInTheDocument();
    const search = JSON.parse(server.callsTo('GET', '/roles').at(-1)!.query.get('s')!);
    expect(search).toEqual({ $or: [{ roleName: { $contL: 'shared' } }, { description: { $contL: 'shared' } }] });
  });

  it('creates a role: the name is required, the server refusal at the name, success a toast and a row', async () => {
    const user = userEvent.setup();
    await openRoles();
    await user.click(screen.getByRole('button', { name: 'New role' }));
    const dialog = screen.getByRole('dialog', { name: 'New role' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('Please enter a role name.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/roles')).toHaveLength(0);

    const name = within(dialog).getByRole('textbox', { name: /Role name/ });
    await user.type(name, 'editor');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    // The name clash is said at the name, as the dashboards' forms do, not in a toast.
    await waitFor(() => expect(name).toHaveAccessibleDescription('A role named editor already exists.'));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText('A role named editor already exists.')).toHaveAttribute('role', 'alert');
    expect(screen.getAllByText('A role named editor already exists.')).toHaveLength(1);

    await user.clear(name);
    await user.type(name, 'auditor');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Reads everything');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Role auditor created.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/roles').at(-1)!.body).toEqual({ roleName: 'auditor', description: 'Reads everything' });
    expect(await within(table()).findByText('auditor')).toBeInTheDocument();
    expect(within(rowOf('auditor')).getByText('No permissions')).toBeInTheDocument();
  });

  it('renames a role', async () => {
    const user = userEvent.setup();
    await openRoles();
    await user.click(screen.getByRole('button', { name: 'Edit editor' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit role' });
    const name = within(dialog).getByRole('textbox', { name: /Role name/ });
    expect(name).toHaveValue('editor');
    await user.clear(name);
    await user.type(name, 'dashboard editor');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Role dashboard editor saved.')).toBeInTheDocument();
    // Only the field changed is sent, for the version shown (docs/decisions/0016).
    expect(server.callsTo('PATCH', '/roles/r-editor')[0]!.body).toEqual({ roleName: 'dashboard editor' });
    expect(server.callsTo('PATCH', '/roles/r-editor')[0]!.ifMatch).toBe('"2024-01-01T09:00:00Z"');
    expect(await within(table()).findByText('dashboard editor')).toBeInTheDocument();
  });

  it('chooses the permissions a role grants', async () => {
    const user = userEvent.setup();
    await openRoles();
    await user.click(screen.getByRole('button', { name: 'Permissions of editor' }));
    const dialog = screen.getByRole('dialog', { name: 'Permissions of editor' });
    const share = await within(dialog).findByRole('checkbox', { name: 'manage-system-settings' });
    expect(share).toBeChecked();
    expect(share).toHaveAccessibleDescription('Change system settings such as the map service');
    const users = within(dialog).getByRole('checkbox', { name: 'manage-users' });
    expect(users).not.toBeChecked();
    await user.click(users);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Permissions of editor saved.')).toBeInTheDocument();
    expect(server.callsTo('PUT', '/roles/r-editor/permissions')[0]!.body).toEqual(['manage-system-settings', 'manage-users']);
    await waitFor(() => expect(within(rowOf('editor')).getByText('manage-users')).toBeInTheDocument());
  });

  it('puts the focus on the first permission once they are loaded: Space ticks it, the dialog stays', async () => {
    const user = userEvent.setup();
    await openRoles();
    await user.click(screen.getByRole('button', { name: 'Permissions of editor' }));
    const dialog = screen.getByRole('dialog', { name: 'Permissions of editor' });
    const first = await within(dialog).findByRole('checkbox', { name: 'manage-users' });
    await waitFor(() => expect(first).toHaveFocus());
    await user.keyboard(' ');
    expect(first).toBeChecked();
    expect(screen.getByRole('dialog', { name: 'Permissions of editor' })).toBeInTheDocument();
  });

  it('puts the focus on the first permission in Simplified Chinese too', async () => {
    await changeLanguage('zh-CN');
    try {
      const user = userEvent.setup();
      renderAdmin('/admin/roles', PROFILES.admin);
      await user.click(await screen.findByRole('button', { name: 'editor 的权限' }));
      const dialog = screen.getByRole('dialog', { name: 'editor 的权限' });
      const [first] = await within(dialog).findAllByRole('checkbox');
      await waitFor(() => expect(first).toHaveFocus());
      await user.keyboard(' ');
      expect(first).toBeChecked();
      expect(screen.getByRole('dialog', { name: 'editor 的权限' })).toBeInTheDocument();
    } finally {
      await changeLanguage('en');
    }
  });

  it('a role manager may tick only the permissions they hold: the others are disabled, saying why', async () => {
    const user = userEvent.setup();
    server.state.roles.push({ id: 'r-helper', roleName: 'helper', description: '', permissions: [], builtIn: false });
    await openRoles(PROFILES.roleManager);
    await user.click(await within(table()).findByRole('button', { name: 'Permissions of helper' }));
    const dialog = screen.getByRole('dialog', { name: 'Permissions of helper' });
    const roles = await within(dialog).findByRole('checkbox', { name: 'manage-roles' });
    expect(roles).toBeEnabled();
    const locked = within(dialog).getByRole('group', { name: /Permissions you do not hold/ });
    for (const key of ['manage-users', 'manage-organizations', 'manage-system-settings']) {
      const box = within(locked).getByRole('checkbox', { name: key });
      // Locked but reachable by Tab (aria-disabled): Space does not tick it.
      expect(box).toHaveAttribute('aria-disabled', 'true');
      expect(box).not.toBeDisabled();
      box.focus();
      await user.keyboard(' ');
      expect(box).not.toBeChecked();
    }
    expect(within(locked).queryByRole('checkbox', { name: 'manage-roles' })).not.toBeInTheDocument();
    await user.click(roles);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Permissions of helper saved.')).toBeInTheDocument();
    expect(server.callsTo('PUT', '/roles/r-helper/permissions')[0]!.body).toEqual(['manage-roles']);
  });

  it('a role granting a permission the role manager does not hold is shown, not changed, in both languages', async () => {
    const user = userEvent.setup();
    await openRoles(PROFILES.roleManager);
    await user.click(screen.getByRole('button', { name: 'Permissions of editor' }));
    const dialog = screen.getByRole('dialog', { name: 'Permissions of editor' });
    const why = 'This role grants permissions you do not hold: manage-system-settings. Only someone who holds them all changes it.';
    expect(within(dialog).getByText(why)).toBeInTheDocument();
    // The boxes are locked yet reachable by the keyboard, and their group says why.
    expect(within(dialog).getByRole('group', { name: 'Permissions granted by this role' })).toHaveAccessibleDescription(why);
    for (const box of await within(dialog).findAllByRole('checkbox')) {
      expect(box).toHaveAttribute('aria-disabled', 'true');
      const was = (box as HTMLInputElement).checked;
      box.focus();
      expect(box).toHaveFocus();
      await user.keyboard(' ');
      expect((box as HTMLInputElement).checked).toBe(was);
    }
    expect(within(dialog).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await changeLanguage('zh-CN');
    try {
      await user.click(screen.getByRole('button', { name: 'editor 的权限' }));
      const zh = screen.getByRole('dialog', { name: 'editor 的权限' });
      expect(within(zh).getByText('此角色授予您未持有的权限：manage-system-settings。只有持有全部这些权限的人才能更改它。')).toBeInTheDocument();
    } finally {
      await changeLanguage('en');
    }
  });

  it('shows a built-in role\'s permissions without letting them change', async () => {
    const user = userEvent.setup();
    await openRoles();
    await user.click(screen.getByRole('button', { name: 'Permissions of system-admin' }));
    const dialog = screen.getByRole('dialog', { name: 'Permissions of system-admin' });
    expect(within(dialog).getByText('Built-in roles cannot be changed.')).toBeInTheDocument();
    const boxes = await within(dialog).findAllByRole('checkbox');
    expect(boxes).toHaveLength(4);
    for (const box of boxes) {
      expect(box).toBeChecked();
      expect(box).toHaveAttribute('aria-disabled', 'true');
      await user.click(box);
      expect(box).toBeChecked();
    }
    expect(within(dialog).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('deletes a role after confirmation', async () => {
    const user = userEvent.setup();
    await openRoles();
    await user.click(screen.getByRole('button', { name: 'Delete editor' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete role' });
    // Carl holds it: the system administrator may list users, so the dialog says how many lose its permissions.
    await waitFor(() => expect(dialog).toHaveTextContent('Delete the role editor? 1 user holds it and loses its permissions.'));
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Role editor deleted.')).toBeInTheDocument();
    await waitFor(() => expect(within(table()).queryByText('editor')).not.toBeInTheDocument());
    // The button that opened the dialog left with its row: focus goes to the page's heading, not the page's body.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Roles' })).toHaveFocus());
  });

  it('says how many users hold a role in the delete confirmation, counted by the server, in both languages', async () => {
    const user = userEvent.setup();
    server.state.users.push({ id: 'u-eve', email: 'eve@demo.example', name: 'Eve Editor', roles: ['r-editor'], preRegistered: true, createdAt: '2024-04-05T10:00:00Z' });
    server.state.roles.push({ id: 'r-helper', roleName: 'helper', description: '', permissions: [], builtIn: false });
    await openRoles();
    await user.click(screen.getByRole('button', { name: 'Delete editor' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete role' });
    await waitFor(() => expect(dialog).toHaveTextContent('Delete the role editor? 2 users hold it and lose its permissions.'));
    // One row asked for: the answer's total is the count (GET /user filtered on the role, $contArr).
    const count = server.callsTo('GET', '/user').at(-1)!.query;
    expect(JSON.parse(count.get('s')!)).toEqual({ roles: { $contArr: ['r-editor'] } });
    expect(count.get('limit')).toBe('1');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Delete helper' }));
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Delete role' })).toHaveTextContent('Delete the role helper? No user holds it.'));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete role' })).getByRole('button', { name: 'Cancel' }));

    await changeLanguage('zh-CN');
    try {
      await user.click(screen.getByRole('button', { name: '删除 editor' }));
      const zh = screen.getByRole('dialog', { name: '删除角色' });
      await waitFor(() => expect(zh).toHaveTextContent('删除角色 editor？2 位用户拥有该角色，将失去其权限。'));
      await user.click(within(zh).getByRole('button', { name: '取消' }));
      await user.click(screen.getByRole('button', { name: '删除 helper' }));
      await waitFor(() => expect(screen.getByRole('dialog', { name: '删除角色' })).toHaveTextContent('删除角色 helper？没有用户拥有该角色。'));
    } finally {
      await changeLanguage('en');
    }
  });

  it('keeps the delete confirmation general for a role manager who may not list users (nothing asked of /user)', async () => {
    const user = userEvent.setup();
    server.state.roles.push({ id: 'r-helper', roleName: 'helper', description: '', permissions: ['manage-roles'], builtIn: false });
    await openRoles(PROFILES.roleManager);
    await user.click(screen.getByRole('button', { name: 'Delete helper' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete role' });
    expect(dialog).toHaveTextContent('Delete the role helper? Users who hold it lose its permissions.');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(dialog).toHaveTextContent('Delete the role helper? Users who hold it lose its permissions.');
    expect(server.callsTo('GET', '/user')).toHaveLength(0);
  });

  it('disables Edit and Delete of a role granting a permission the role manager does not hold, saying why, in both languages', async () => {
    const user = userEvent.setup();
    server.state.roles.push({ id: 'r-helper', roleName: 'helper', description: '', permissions: ['manage-roles'], builtIn: false });
    await openRoles(PROFILES.roleManager);
    const why = 'You cannot edit or delete this role: it grants permissions you do not hold: manage-system-settings.';
    const editor = rowOf('editor');
    // Said on the page (not only in a tooltip, which keyboard and screen-reader users never reach).
    expect(within(editor).getByText(why)).not.toHaveClass('visually-hidden');
    for (const name of ['Edit editor', 'Delete editor']) {
      const button = within(editor).getByRole('button', { name });
      // aria-disabled, not disabled: Tab still reaches it, and a screen reader says it is unavailable and why.
      expect(button).toHaveAttribute('aria-disabled', 'true');
      expect(button).not.toBeDisabled();
      expect(button).not.toHaveAttribute('title');
      expect(button).toHaveAccessibleDescription(why);
      button.focus();
      expect(button).toHaveFocus();
      await user.keyboard('{Enter}');
      await user.keyboard(' ');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    }
    // Its permissions can still be looked at (read-only there).
    expect(within(editor).getByRole('button', { name: 'Permissions of editor' })).toBeEnabled();
    // A role whose permissions they all hold stays theirs to change; built-in roles stay as they were.
    const helper = rowOf('helper');
    for (const name of ['Edit helper', 'Delete helper']) {
      const button = within(helper).getByRole('button', { name });
      expect(button).toBeEnabled();
      expect(button).toHaveAccessibleDescription('');
    }
    expect(within(rowOf('system-admin')).queryByRole('button', { name: /Edit|Delete/ })).not.toBeInTheDocument();
    await user.click(within(helper).getByRole('button', { name: 'Edit helper' }));
    expect(screen.getByRole('dialog', { name: 'Edit role' })).toBeInTheDocument();
    await user.click(within(screen.getByRole('dialog', { name: 'Edit role' })).getByRole('button', { name: 'Cancel' }));

    await changeLanguage('zh-CN');
    try {
      const zh = '您不能编辑或删除此角色：它授予您未持有的权限：manage-system-settings。';
      for (const name of ['编辑 editor', '删除 editor']) {
        const row = within(await screen.findByRole('table', { name: '角色' })).getByText('editor').closest('tr')!;
        const button = await within(row).findByRole('button', { name });
        expect(button).toHaveAttribute('aria-disabled', 'true');
        expect(button).toHaveAccessibleDescription(zh);
        expect(within(row).getByText(zh)).toBeVisible();
      }
    } finally {
      await changeLanguage('en');
    }
  });

  it('leaves Edit and Delete of every role that is not built in to a system administrator, without a lock', async () => {
    await openRoles(PROFILES.admin);
    const editor = rowOf('editor');
    for (const name of ['Edit editor', 'Delete editor']) {
      const button = within(editor).getByRole('button', { name });
      expect(button).toBeEnabled();
      expect(button).toHaveAccessibleDescription('');
    }
  });

  it('shows the server message when a delete is refused', async () => {
    const user = userEvent.setup();
    server.fail('DELETE', /^\/roles\/r-editor$/, 409, 'The role is still in use.');
    await openRoles();
    await user.click(screen.getByRole('button', { name: 'Delete editor' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete role' })).getByRole('button', { name: 'Delete' }));
    const message = await screen.findByText('The role is still in use.');
    expect(message.closest('[role="alert"]')).toBeInTheDocument();
    expect(rowOf('editor')).toBeInTheDocument();
  });

  it('speaks Simplified Chinese, the built-in role\'s description too', async () => {
    await changeLanguage('zh-CN');
    renderAdmin('/admin/roles', PROFILES.admin);
    expect(await screen.findByRole('heading', { level: 1, name: '角色' })).toBeInTheDocument();
    expect(await screen.findByText('管理整个系统')).toBeInTheDocument();
    expect(screen.getByText('内置')).toBeInTheDocument();
    expect(screen.getByText('全部权限')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '新建角色' })).toBeInTheDocument();
  });
});

describe('a role someone else changed while this dialog was open (docs/decisions/0016)', () => {
  const editor = () => server.state.roles.find((role) => role.id === 'r-editor')!;
  /** Another administrator saves a change to the editor role (straight in the server's data). */
  const someoneElseSaves = (change: Partial<ReturnType<typeof editor>>, updatedAt: string) => Object.assign(editor(), change, { updatedAt });

  it('their change to another field is kept without a word; the same field shows theirs under it until saved again', async () => {
    const user = userEvent.setup();
    await openRoles();
    await user.click(screen.getByRole('button', { name: 'Edit editor' }));
    let dialog = screen.getByRole('dialog', { name: 'Edit role' });
    someoneElseSaves({ description: 'Edits every dashboard' }, '2026-11-27T09:00:00.000Z');
    const name = within(dialog).getByRole('textbox', { name: /Role name/ });
    await user.clear(name);
    await user.type(name, 'dashboard editor');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Role dashboard editor saved.')).toBeInTheDocument();
    // Refused for the version shown, read again, sent again for theirs: both changes stay.
    expect(server.callsTo('PATCH', '/roles/r-editor').map((call) => [call.ifMatch, call.body])).toEqual([
      ['"2024-01-01T09:00:00Z"', { roleName: 'dashboard editor' }],
      ['"2026-11-27T09:00:00.000Z"', { roleName: 'dashboard editor' }],
    ]);
    expect(editor()).toMatchObject({ roleName: 'dashboard editor', description: 'Edits every dashboard' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // Now both rename it; they change the description too.
    await user.click(await within(table()).findByRole('button', { name: 'Edit dashboard editor' }));
    dialog = screen.getByRole('dialog', { name: 'Edit role' });
    const theirs = '2026-11-27T09:30:00.000Z';
    someoneElseSaves({ roleName: 'board editor', description: 'Edits the board' }, theirs);
    const renamed = within(dialog).getByRole('textbox', { name: /Role name/ });
    await user.clear(renamed);
    await user.type(renamed, 'chief editor');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Someone else changed this while you were editing it.');
    expect(renamed).toHaveAccessibleDescription('Changed meanwhile by someone else to: board editor');
    expect(renamed).toHaveValue('chief editor');
    // The field left alone here takes their value: saving again must not put the old one back.
    expect(within(dialog).getByRole('textbox', { name: 'Description' })).toHaveValue('Edits the board');
    expect(editor().roleName).toBe('board editor');
    expect(screen.queryByText('Role chief editor saved.')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Role chief editor saved.')).toBeInTheDocument();
    expect(server.callsTo('PATCH', '/roles/r-editor').at(-1)).toMatchObject({ ifMatch: `"${theirs}"`, body: { roleName: 'chief editor' } });
    expect(editor()).toMatchObject({ roleName: 'chief editor', description: 'Edits the board' });
  }, 15_000);

  it('its permissions are one field: a rename meanwhile is kept, their other permissions are shown under the choice', async () => {
    const user = userEvent.setup();
    await openRoles();
    await user.click(screen.getByRole('button', { name: 'Permissions of editor' }));
    let dialog = screen.getByRole('dialog', { name: 'Permissions of editor' });
    someoneElseSaves({ roleName: 'dashboard editor' }, '2026-11-27T09:00:00.000Z');
    await user.click(await within(dialog).findByRole('checkbox', { name: 'manage-users' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Permissions of editor saved.')).toBeInTheDocument();
    expect(server.callsTo('PUT', '/roles/r-editor/permissions').map((call) => call.ifMatch)).toEqual([
      '"2024-01-01T09:00:00Z"',
      '"2026-11-27T09:00:00.000Z"',
    ]);
    expect(editor()).toMatchObject({ roleName: 'dashboard editor', permissions: ['manage-system-settings', 'manage-users'] });

    // Now both change its permissions.
    await user.click(await within(table()).findByRole('button', { name: 'Permissions of dashboard editor' }));
    dialog = screen.getByRole('dialog', { name: 'Permissions of dashboard editor' });
    const theirs = '2026-11-27T09:30:00.000Z';
    someoneElseSaves({ permissions: ['manage-roles'] }, theirs);
    const organizations = await within(dialog).findByRole('checkbox', { name: 'manage-organizations' });
    await user.click(organizations);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Someone else changed this while you were editing it.');
    expect(within(dialog).getByText('Changed meanwhile by someone else to: manage-roles')).toBeInTheDocument();
    // This one's choice stays ticked: saving again replaces theirs.
    expect(organizations).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'manage-users' })).toBeChecked();
    expect(editor().permissions).toEqual(['manage-roles']);

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Permissions of dashboard editor saved.')).toBeInTheDocument();
    expect(server.callsTo('PUT', '/roles/r-editor/permissions').at(-1)!.ifMatch).toBe(`"${theirs}"`);
    expect(editor().permissions).toEqual(['manage-organizations', 'manage-system-settings', 'manage-users']);
  }, 15_000);

  it('says it in Simplified Chinese, an emptied list of theirs too', async () => {
    await changeLanguage('zh-CN');
    try {
      const user = userEvent.setup();
      renderAdmin('/admin/roles', PROFILES.admin);
      await user.click(await screen.findByRole('button', { name: 'editor 的权限' }));
      const dialog = screen.getByRole('dialog', { name: 'editor 的权限' });
      someoneElseSaves({ permissions: [] }, '2026-11-27T09:00:00.000Z');
      await user.click(await within(dialog).findByRole('checkbox', { name: 'manage-users' }));
      await user.click(within(dialog).getByRole('button', { name: '保存' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('在您编辑期间，其他人更改了此内容。');
      expect(within(dialog).getByText('其他人已将其改为：无权限')).toBeInTheDocument();
    } finally {
      await changeLanguage('en');
    }
  });
});
