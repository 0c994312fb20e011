import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiBase } from '../../../api/client';
import type { Profile } from '../../../auth/profile';
import type { Session } from '../../../auth/session';
import { changeLanguage } from '../../../i18n';
import { toast } from '../../../shell/toast';
import { fakeAdminServer, manyUsers } from '../test/fakeAdminServer';
import { PROFILES, renderAdmin } from '../test/renderAdmin';
import { holdAnswers } from '../../../test/holdAnswers';

let server: ReturnType<typeof fakeAdminServer>;

beforeAll(async () => {
  // Load the lazily loaded page once, so each test sees it at once.
  await import('./UsersPage');
});

beforeEach(() => {
  setApiBase(undefined);
  toast.clear();
  server = fakeAdminServer();
  vi.stubGlobal('fetch', vi.fn(server.fetch));
});

const table = () => screen.getByRole('table', { name: 'Users' });
const rowOf = (text: string) => within(table()).getByText(text).closest('tr')!;
const names = () => within(table()).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[0]!.textContent);

async function openUsers(path = '/admin/users', profile: Profile = PROFILES.admin, session: Partial<Session> = {}) {
  const result = renderAdmin(path, profile, session);
  await screen.findByRole('heading', { level: 1, name: 'Users' });
  await within(table()).findByText('Carl Contributor');
  return result;
}

describe('users screen', () => {
  it('lists users by name with their email and role names, asking the server for page 1 sorted by name', async () => {
    await openUsers();
    expect(names()).toEqual(['Ada AdminYou', 'Carl Contributor', 'Vera Viewer']);
    expect(within(rowOf('Carl Contributor')).getByText('carl@demo.example')).toBeInTheDocument();
    expect(await within(rowOf('Carl Contributor')).findByText('editor')).toBeInTheDocument();
    expect(within(rowOf('Ada Admin')).getByText('system-admin')).toBeInTheDocument();
    expect(within(rowOf('Vera Viewer')).getByText('No roles')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    expect(pager).toHaveTextContent('3 in total');
    expect(pager).toHaveTextContent('Page 1 of 1');
    const query = server.callsTo('GET', '/user')[0]!.query;
    expect(query.get('sort[0]')).toBe('name,ASC');
    expect(query.get('limit')).toBe('10');
    expect(query.get('page')).toBe('1');
  });

  it('searches by name or email as the user types, and keeps the term in the address', async () => {
    const user = userEvent.setup();
    const { router } = await openUsers();
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'VERA');
    await waitFor(() => expect(names()).toEqual(['Vera Viewer']));
    const search = JSON.parse(server.callsTo('GET', '/user').at(-1)!.query.get('s')!);
    expect(search).toEqual({ $or: [{ name: { $contL: 'VERA' } }, { email: { $contL: 'VERA' } }] });
    expect(router.state.location.search).toBe('?q=VERA');

    await user.clear(screen.getByRole('searchbox', { name: 'Search users' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'nobody{Enter}');
    expect(await screen.findByText('No users match.')).toBeInTheDocument();
  });

  it('sorts by a column: ascending first, then descending', async () => {
    const user = userEvent.setup();
    await openUsers();
    const email = () => screen.getByRole('columnheader', { name: /Email/ });
    await user.click(within(email()).getByRole('button', { name: /Email/ }));
    await waitFor(() => expect(email()).toHaveAttribute('aria-sort', 'ascending'));
    await user.click(within(email()).getByRole('button', { name: /Email/ }));
    await waitFor(() => expect(email()).toHaveAttribute('aria-sort', 'descending'));
    await waitFor(() => expect(names()).toEqual(['Vera Viewer', 'Carl Contributor', 'Ada AdminYou']));
    expect(server.callsTo('GET', '/user').at(-1)!.query.get('sort[0]')).toBe('email,DESC');
    expect(screen.getByRole('columnheader', { name: /Name/ })).not.toHaveAttribute('aria-sort');
  });

  it('pages through many users and changes the page size', async () => {
    const user = userEvent.setup();
    server = fakeAdminServer({ users: manyUsers(23) });
    vi.stubGlobal('fetch', vi.fn(server.fetch));
    renderAdmin('/admin/users', PROFILES.admin);
    await screen.findByText('Person 01');
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    expect(pager).toHaveTextContent('23 in total');
    expect(pager).toHaveTextContent('Page 1 of 3');
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Person 11')).toBeInTheDocument();
    expect(screen.queryByText('Person 01')).not.toBeInTheDocument();
    expect(pager).toHaveTextContent('Page 2 of 3');

    await user.selectOptions(within(pager).getByRole('combobox', { name: 'Rows per page' }), '25');
    await waitFor(() => expect(pager).toHaveTextContent('Page 1 of 1'));
    expect(screen.getByText('Person 23')).toBeInTheDocument();
    expect(server.callsTo('GET', '/user').at(-1)!.query.get('limit')).toBe('25');
  });

  it('creates a user with roles: checks the email first, then a success toast and the new row', async () => {
    const user = userEvent.setup();
    await openUsers();
    await user.click(screen.getByRole('button', { name: 'New user' }));
    const dialog = screen.getByRole('dialog', { name: 'New user' });
    const email = within(dialog).getByRole('textbox', { name: /Email/ });
    expect(email).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('Please enter an email address.')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo('POST', '/user')).toHaveLength(0);

    await user.type(email, 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('Please enter a valid email address.')).toBeInTheDocument();

    await user.clear(email);
    await user.type(email, 'nina@demo.example');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Nina New');
    await user.click(await within(dialog).findByRole('checkbox', { name: 'editor' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('User nina@demo.example created.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.callsTo('POST', '/user')[0]!.body).toEqual({ email: 'nina@demo.example', name: 'Nina New', roles: ['r-editor'] });
    const row = await within(table()).findByText('Nina New');
    // The date the user was added, and that they have not signed in yet.
    expect(within(row.closest('tr')!).getByText('Not signed in yet')).toBeInTheDocument();
    expect(within(row.closest('tr')!).getByText(/May 6, 2024/)).toBeInTheDocument();
  });

  it('shows the server refusal of an email at the email field, and keeps the dialog open', async () => {
    const user = userEvent.setup();
    await openUsers();
    await user.click(screen.getByRole('button', { name: 'New user' }));
    const dialog = screen.getByRole('dialog', { name: 'New user' });
    const email = within(dialog).getByRole('textbox', { name: /Email/ });
    await user.type(email, 'carl@demo.example');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(email).toHaveAccessibleDescription('A user with email carl@demo.example already exists.'));
    expect(screen.getAllByText('A user with email carl@demo.example already exists.')).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'New user' })).toBeInTheDocument();
    // Changing the email clears the refusal.
    await user.type(email, 'x');
    expect(email).not.toHaveAccessibleDescription('A user with email carl@demo.example already exists.');
  });

  it('edits a user: the form holds the current values, the change is sent and shown', async () => {
    const user = userEvent.setup();
    await openUsers();
    await user.click(screen.getByRole('button', { name: 'Edit Carl Contributor' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit user' });
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    expect(name).toHaveValue('Carl Contributor');
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Please enter a name.')).toBeInTheDocument();
    expect(name).toHaveFocus();

    await user.type(name, 'Carla Contributor');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User Carla Contributor saved.')).toBeInTheDocument();
    // Only the field changed is sent, for the version shown (docs/decisions/0016).
    expect(server.callsTo('PATCH', '/user/u-carl')[0]!.body).toEqual({ name: 'Carla Contributor' });
    expect(server.callsTo('PATCH', '/user/u-carl')[0]!.ifMatch).toBe('"2024-02-03T10:00:00Z"');
    expect(await within(table()).findByText('Carla Contributor')).toBeInTheDocument();
  });

  it('reads the signed-in profile again after the own record was saved (the header shows its name), not after another', async () => {
    const user = userEvent.setup();
    const retryProfile = vi.fn(async () => undefined);
    await openUsers('/admin/users', PROFILES.admin, { retryProfile });
    await user.click(screen.getByRole('button', { name: 'Edit Carl Contributor' }));
    await user.type(within(screen.getByRole('dialog', { name: 'Edit user' })).getByRole('textbox', { name: /Name/ }), 'a');
    await user.click(within(screen.getByRole('dialog', { name: 'Edit user' })).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User Carl Contributora saved.')).toBeInTheDocument();
    expect(retryProfile).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Edit Ada Admin' }));
    const name = within(screen.getByRole('dialog', { name: 'Edit user' })).getByRole('textbox', { name: /Name/ });
    await user.clear(name);
    await user.type(name, 'Ada Lovelace');
    await user.click(within(screen.getByRole('dialog', { name: 'Edit user' })).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User Ada Lovelace saved.')).toBeInTheDocument();
    expect(retryProfile).toHaveBeenCalledTimes(1);
  });

  it('deletes a user only after confirmation', async () => {
    const user = userEvent.setup();
    await openUsers();
    await user.click(screen.getByRole('button', { name: 'Delete Vera Viewer' }));
    let dialog = screen.getByRole('dialog', { name: 'Delete user' });
    expect(dialog).toHaveTextContent(
      'Delete Vera Viewer with their memberships and dashboards? They are signed out at once; signing in again starts a new account with no roles. This cannot be undone.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.callsTo('DELETE', '/user/u-vera')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Vera Viewer' }));
    dialog = screen.getByRole('dialog', { name: 'Delete user' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('User Vera Viewer deleted.')).toBeInTheDocument();
    await waitFor(() => expect(within(table()).queryByText('Vera Viewer')).not.toBeInTheDocument());
    expect(server.callsTo('DELETE', '/user/u-vera')).toHaveLength(1);
    // The button that opened the dialog left with its row: focus goes to the page's heading, not the page's body.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toHaveFocus());
  });

  it('gives a user roles: the dialog ticks the held ones, the choice is saved and shown', async () => {
    const user = userEvent.setup();
    await openUsers();
    await user.click(screen.getByRole('button', { name: 'Roles of Vera Viewer' }));
    const dialog = screen.getByRole('dialog', { name: 'Roles of Vera Viewer' });
    const editor = await within(dialog).findByRole('checkbox', { name: 'editor' });
    expect(editor).not.toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'system-admin' })).not.toBeChecked();
    await user.click(editor);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Roles of Vera Viewer saved.')).toBeInTheDocument();
    // Sent for the version of the user the list showed (docs/decisions/0016).
    expect(server.callsTo('PUT', '/user/u-vera/roles')[0]).toMatchObject({ body: ['r-editor'], ifMatch: '"2024-03-04T10:00:00Z"' });
    await waitFor(() => expect(within(rowOf('Vera Viewer')).getByText('editor')).toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Roles of Vera Viewer' }));
    expect(await within(screen.getByRole('dialog')).findByRole('checkbox', { name: 'editor' })).toBeChecked();
  });

  it('puts the focus on the first role once the roles are loaded: Space ticks it, the dialog stays', async () => {
    const user = userEvent.setup();
    await openUsers();
    await user.click(screen.getByRole('button', { name: 'Roles of Vera Viewer' }));
    const dialog = screen.getByRole('dialog', { name: 'Roles of Vera Viewer' });
    const [first] = await within(dialog).findAllByRole('checkbox');
    await waitFor(() => expect(first).toHaveFocus());
    expect(first).not.toBeChecked();
    await user.keyboard(' ');
    expect(first).toBeChecked();
    expect(screen.getByRole('dialog', { name: 'Roles of Vera Viewer' })).toBeInTheDocument();
  });

  it('leaves the focus where the person moved it while the roles were loading', async () => {
    const user = userEvent.setup();
    const answer = holdAnswers(server.fetch, (input) => new URL(String(input), 'http://localhost').pathname === '/api/v1/roles');
    await openUsers();
    await user.click(screen.getByRole('button', { name: 'Roles of Vera Viewer' }));
    const dialog = screen.getByRole('dialog', { name: 'Roles of Vera Viewer' });
    await user.tab();
    const chosen = document.activeElement;
    expect(dialog).toContainElement(chosen as HTMLElement);
    answer();
    await within(dialog).findAllByRole('checkbox');
    expect(chosen).toHaveFocus();
  });

  it('keeps focus inside a dialog and closes it with Escape', async () => {
    const user = userEvent.setup();
    await openUsers();
    const opener = screen.getByRole('button', { name: 'Edit Carl Contributor' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Edit user' });
    for (let i = 0; i < 6; i++) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('offers no role or delete buttons on the own row', async () => {
    await openUsers();
    const own = rowOf('Ada Admin');
    expect(within(own).getByText('You')).toBeInTheDocument();
    expect(within(own).getByRole('button', { name: 'Edit Ada Admin' })).toBeInTheDocument();
    expect(within(own).queryByRole('button', { name: /Roles of/ })).not.toBeInTheDocument();
    expect(within(own).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });

  it('a user manager without manage-roles gives users roles too ("Manage users and their roles"): the roles are listed for them', async () => {
    await openUsers('/admin/users', PROFILES.userManager);
    expect(await within(rowOf('Carl Contributor')).findByText('editor')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Roles of Vera Viewer' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Vera Viewer' })).toBeInTheDocument();
    expect(server.callsTo('GET', '/roles').length).toBeGreaterThan(0);
  });

  it('a user holding a permission the manager does not hold is not theirs to change, and the row says why', async () => {
    await openUsers('/admin/users', PROFILES.userManager);
    const carl = rowOf('Carl Contributor');
    expect(
      await within(carl).findByText('You cannot change this user: they hold permissions you do not hold: manage-system-settings.'),
    ).toBeInTheDocument();
    expect(within(carl).queryByRole('button')).not.toBeInTheDocument();
    expect(within(rowOf('Vera Viewer')).getByRole('button', { name: 'Edit Vera Viewer' })).toBeInTheDocument();
  });

  it('says in Chinese why a user is not theirs to change', async () => {
    await changeLanguage('zh-CN');
    renderAdmin('/admin/users', PROFILES.userManager);
    expect(await screen.findByText('您不能更改此用户：该用户持有您未持有的权限：manage-system-settings。')).toBeInTheDocument();
  });

  it('a user and role manager may tick only the roles they could grant: the others are disabled, each saying why', async () => {
    const user = userEvent.setup();
    const manager: Profile = { ...PROFILES.userManager, permissions: ['manage-users', 'manage-roles'] };
    server.state.roles.push({ id: 'r-helper', roleName: 'helper', description: '', permissions: ['manage-users'], builtIn: false });
    await openUsers('/admin/users', manager);
    await user.click(await screen.findByRole('button', { name: 'Roles of Vera Viewer' }));
    const dialog = screen.getByRole('dialog', { name: 'Roles of Vera Viewer' });
    const helper = await within(dialog).findByRole('checkbox', { name: 'helper' });
    expect(helper).toBeEnabled();
    const locked = within(dialog).getByRole('group', { name: 'Roles you cannot grant or take away' });
    const editor = within(locked).getByRole('checkbox', { name: 'editor' });
    // Locked, yet Tab reaches it (aria-disabled, not disabled) and its reason is read; Space does not tick it.
    expect(editor).toHaveAttribute('aria-disabled', 'true');
    expect(editor).not.toBeDisabled();
    expect(editor).not.toBeChecked();
    await user.tab();
    expect(editor).toHaveFocus();
    await user.keyboard(' ');
    expect(editor).not.toBeChecked();
    expect(editor).toHaveAccessibleDescription('It grants permissions you do not hold: manage-system-settings.');
    const admin = within(locked).getByRole('checkbox', { name: 'system-admin' });
    expect(admin).toHaveAttribute('aria-disabled', 'true');
    expect(admin).toHaveAccessibleDescription('Only a system administrator grants or takes away this role.');
    await user.click(helper);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Roles of Vera Viewer saved.')).toBeInTheDocument();
    expect(server.callsTo('PUT', '/user/u-vera/roles')[0]!.body).toEqual(['r-helper']);

    await user.click(screen.getByRole('button', { name: 'New user' }));
    const create = screen.getByRole('dialog', { name: 'New user' });
    expect(await within(create).findByRole('checkbox', { name: 'helper' })).toBeEnabled();
    expect(within(create).getByRole('checkbox', { name: 'editor' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('says why a role cannot be granted in Simplified Chinese', async () => {
    const user = userEvent.setup();
    await changeLanguage('zh-CN');
    renderAdmin('/admin/users', { ...PROFILES.userManager, permissions: ['manage-users', 'manage-roles'] });
    await user.click(await screen.findByRole('button', { name: 'Vera Viewer 的角色' }));
    const dialog = screen.getByRole('dialog', { name: 'Vera Viewer 的角色' });
    expect(await within(dialog).findByRole('group', { name: '您不能授予或收回的角色' })).toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'editor' })).toHaveAccessibleDescription('它授予您未持有的权限：manage-system-settings。');
    expect(within(dialog).getByRole('checkbox', { name: 'system-admin' })).toHaveAccessibleDescription('只有系统管理员可以授予或收回此角色。');
  });

  it('a user manager who is no system administrator is offered no change of a system administrator, and told why', async () => {
    await openUsers('/admin/users', PROFILES.userManager);
    const admin = rowOf('Ada Admin');
    expect(within(admin).queryByRole('button')).not.toBeInTheDocument();
    expect(within(admin).getByText('Only a system administrator changes a system administrator.')).toBeInTheDocument();
    // The others' rows keep their buttons.
    expect(within(rowOf('Vera Viewer')).getByRole('button', { name: 'Edit Vera Viewer' })).toBeInTheDocument();
    expect(within(rowOf('Vera Viewer')).getByRole('button', { name: 'Delete Vera Viewer' })).toBeInTheDocument();
  });

  it('says so in Chinese', async () => {
    await changeLanguage('zh-CN');
    renderAdmin('/admin/users', PROFILES.userManager);
    expect(await screen.findByText('只有系统管理员可以更改系统管理员。')).toBeInTheDocument();
  });

  it('a system administrator is offered every change of another system administrator', async () => {
    server.state.users.push({ id: 'u-sam', email: 'sam@demo.example', name: 'Sam Second', roles: ['system-admin'], preRegistered: false, createdAt: '2024-04-05T10:00:00Z' });
    await openUsers();
    await within(table()).findByText('Sam Second');
    expect(within(rowOf('Sam Second')).getByRole('button', { name: 'Delete Sam Second' })).toBeInTheDocument();
    expect(screen.queryByText('Only a system administrator changes a system administrator.')).not.toBeInTheDocument();
  });

  it('a refused delete keeps the focus on the dialog’s button; Escape then closes it and focus is back on the row', async () => {
    const user = userEvent.setup();
    server.fail('DELETE', /^\/user\/u-vera$/, 403, 'You cannot change or delete a user who holds permissions you do not hold.');
    await openUsers();
    const opener = screen.getByRole('button', { name: 'Delete Vera Viewer' });
    await user.click(opener);
    // The server answers the delete only when the test says so.
    const answer = holdAnswers(server.fetch, (_input, init) => init?.method === 'DELETE');
    const confirm = within(screen.getByRole('dialog', { name: 'Delete user' })).getByRole('button', { name: 'Delete' });
    await user.click(confirm);
    // While it is sent the button is marked, not disabled (a disabled button drops the focus to the page's body).
    expect(confirm).toHaveAttribute('aria-disabled', 'true');
    expect(confirm).toBeEnabled();
    answer();
    expect(await screen.findByText('You cannot change or delete a user who holds permissions you do not hold.')).toBeInTheDocument();
    expect(confirm).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('an email the server refuses on edit is said at the field, which takes the focus', async () => {
    const user = userEvent.setup();
    server.fail('PATCH', /^\/user\/u-carl$/, 409, 'A user with email vera@demo.example already exists.');
    await openUsers();
    await user.click(screen.getByRole('button', { name: 'Edit Carl Contributor' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit user' });
    const email = within(dialog).getByRole('textbox', { name: /Email/ });
    await user.clear(email);
    await user.type(email, 'vera@demo.example');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(email).toHaveAccessibleDescription('A user with email vera@demo.example already exists.'));
    expect(email).toHaveFocus();
  });

  it('shows a failed load as an error toast with the server message and offers a retry', async () => {
    const user = userEvent.setup();
    server.fail('GET', /^\/user$/, 500, 'The user table is not available.');
    renderAdmin('/admin/users', PROFILES.admin);
    const message = await screen.findByText('The user table is not available.');
    expect(message.closest('[role="alert"]')).toBeInTheDocument();
    expect(await screen.findByText('The list could not be loaded.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await within(table()).findByText('Carl Contributor')).toBeInTheDocument();
  });

  it('speaks Simplified Chinese', async () => {
    await changeLanguage('zh-CN');
    renderAdmin('/admin/users', PROFILES.admin);
    expect(await screen.findByRole('heading', { level: 1, name: '用户' })).toBeInTheDocument();
    expect(await screen.findByText('Carl Contributor')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '新建用户' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: '搜索用户' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '编辑 Carl Contributor' })).toHaveTextContent('编辑');
    expect(screen.getByRole('navigation', { name: '分页' })).toHaveTextContent('共 3 条');
    expect(screen.getByRole('navigation', { name: '主菜单' })).toHaveTextContent('系统管理');
  });
});

describe('a user someone else changed while this dialog was open (docs/decisions/0016)', () => {
  const carl = () => server.state.users.find((user) => user.id === 'u-carl')!;
  /** Another administrator saves a change to Carl (straight in the server's data). */
  const someoneElseSaves = (change: Partial<ReturnType<typeof carl>>, updatedAt: string) => Object.assign(carl(), change, { updatedAt });

  it('their change to another field is kept without a word; the same field shows theirs under it until saved again', async () => {
    const user = userEvent.setup();
    await openUsers();
    await user.click(screen.getByRole('button', { name: 'Edit Carl Contributor' }));
    let dialog = screen.getByRole('dialog', { name: 'Edit user' });
    someoneElseSaves({ email: 'carl@river.example' }, '2026-11-27T09:00:00.000Z');
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    await user.clear(name);
    await user.type(name, 'Carla Contributor');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User Carla Contributor saved.')).toBeInTheDocument();
    expect(server.callsTo('PATCH', '/user/u-carl').map((call) => [call.ifMatch, call.body])).toEqual([
      ['"2024-02-03T10:00:00Z"', { name: 'Carla Contributor' }],
      ['"2026-11-27T09:00:00.000Z"', { name: 'Carla Contributor' }],
    ]);
    expect(carl()).toMatchObject({ name: 'Carla Contributor', email: 'carl@river.example' });

    // Now both change the name; they change the email again too.
    await user.click(await within(table()).findByRole('button', { name: 'Edit Carla Contributor' }));
    dialog = screen.getByRole('dialog', { name: 'Edit user' });
    const theirs = '2026-11-27T09:30:00.000Z';
    someoneElseSaves({ name: 'Carl C.', email: 'carl@keepers.example' }, theirs);
    const renamed = within(dialog).getByRole('textbox', { name: /Name/ });
    await user.clear(renamed);
    await user.type(renamed, 'Carla C.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Someone else changed this while you were editing it.');
    expect(renamed).toHaveAccessibleDescription('Changed meanwhile by someone else to: Carl C.');
    expect(renamed).toHaveValue('Carla C.');
    expect(within(dialog).getByRole('textbox', { name: /Email/ })).toHaveValue('carl@keepers.example');
    expect(carl().name).toBe('Carl C.');

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User Carla C. saved.')).toBeInTheDocument();
    expect(server.callsTo('PATCH', '/user/u-carl').at(-1)).toMatchObject({ ifMatch: `"${theirs}"`, body: { name: 'Carla C.' } });
    expect(carl()).toMatchObject({ name: 'Carla C.', email: 'carl@keepers.example' });
  }, 15_000);

  it('their roles are one field: a rename meanwhile is kept, their other roles are shown under the choice', async () => {
    const user = userEvent.setup();
    await openUsers();
    await user.click(screen.getByRole('button', { name: 'Roles of Carl Contributor' }));
    let dialog = screen.getByRole('dialog', { name: 'Roles of Carl Contributor' });
    someoneElseSaves({ name: 'Carl C.' }, '2026-11-27T09:00:00.000Z');
    await user.click(await within(dialog).findByRole('checkbox', { name: 'system-admin' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Roles of Carl Contributor saved.')).toBeInTheDocument();
    expect(server.callsTo('PUT', '/user/u-carl/roles').map((call) => [call.ifMatch, call.body])).toEqual([
      ['"2024-02-03T10:00:00Z"', ['r-editor', 'system-admin']],
      ['"2026-11-27T09:00:00.000Z"', ['r-editor', 'system-admin']],
    ]);
    expect(carl()).toMatchObject({ name: 'Carl C.', roles: ['r-editor', 'system-admin'] });

    // Now both change the roles.
    await user.click(await within(table()).findByRole('button', { name: 'Roles of Carl C.' }));
    dialog = screen.getByRole('dialog', { name: 'Roles of Carl C.' });
    const theirs = '2026-11-27T09:30:00.000Z';
    someoneElseSaves({ roles: ['r-editor'] }, theirs);
    const admin = await within(dialog).findByRole('checkbox', { name: 'system-admin' });
    expect(admin).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'editor' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Someone else changed this while you were editing it.');
    expect(within(dialog).getByText('Changed meanwhile by someone else to: editor')).toBeInTheDocument();
    // This one's choice stays ticked: saving again replaces theirs.
    expect(admin).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'editor' })).not.toBeChecked();
    expect(carl().roles).toEqual(['r-editor']);

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Roles of Carl C. saved.')).toBeInTheDocument();
    expect(server.callsTo('PUT', '/user/u-carl/roles').at(-1)).toMatchObject({ ifMatch: `"${theirs}"`, body: ['system-admin'] });
    expect(carl().roles).toEqual(['system-admin']);
  }, 15_000);

  it('says it in Simplified Chinese', async () => {
    await changeLanguage('zh-CN');
    try {
      const user = userEvent.setup();
      renderAdmin('/admin/users', PROFILES.admin);
      await user.click(await screen.findByRole('button', { name: '编辑 Carl Contributor' }));
      const dialog = screen.getByRole('dialog', { name: '编辑用户' });
      someoneElseSaves({ email: 'carl@river.example' }, '2026-11-27T09:00:00.000Z');
      const email = within(dialog).getByRole('textbox', { name: /电子邮箱/ });
      await user.clear(email);
      await user.type(email, 'carla@demo.example');
      await user.click(within(dialog).getByRole('button', { name: '保存' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('在您编辑期间，其他人更改了此内容。');
      expect(email).toHaveAccessibleDescription('其他人已将其改为：carl@river.example');
    } finally {
      await changeLanguage('en');
    }
  });
});
