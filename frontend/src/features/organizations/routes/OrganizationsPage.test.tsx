import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiBase } from '../../../api/client';
import { changeLanguage } from '../../../i18n';
import { toast } from '../../../shell/toast';
import { DEMO_ORG, OTHER_ORG, fakeOrganizationsServer } from '../test/fakeOrganizationsServer';
import { PROFILES, renderWorkspace } from '../test/renderWorkspace';

let server: ReturnType<typeof fakeOrganizationsServer>;

beforeAll(async () => {
  await import('./OrganizationsPage');
  await import('./OrgInfoPage');
});

beforeEach(() => {
  setApiBase(undefined);
  toast.clear();
  server = fakeOrganizationsServer();
  vi.stubGlobal('fetch', vi.fn(server.fetch));
});

describe('my organizations', () => {
  it('lists the organizations I belong to with my role, each leading to its workspace', async () => {
    renderWorkspace('/userspace/organizations', PROFILES.orgadmin);
    const mine = await screen.findByRole('list', { name: 'Your organizations' });
    expect(within(mine).getByRole('link', { name: 'Demo Watershed Council' })).toHaveAttribute('href', `/userspace/organizations/${DEMO_ORG}`);
    expect(within(mine).getByText('Group administrator')).toBeInTheDocument();
    expect(within(mine).queryByText('River Keepers')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New organization' })).not.toBeInTheDocument();
  });

  it('says how to join when I belong to none', async () => {
    renderWorkspace('/userspace/organizations', PROFILES.outsider);
    expect(await screen.findByText('You do not belong to an organization yet. A group administrator can invite you.')).toBeInTheDocument();
  });

  it('says who creates organizations (system administrators) and how to ask for one, in both languages', async () => {
    renderWorkspace('/userspace/organizations', PROFILES.outsider);
    expect(await screen.findByText(/Organizations are created by the portal’s system administrators\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'To ask for one for your group, write to them through Contact us.' })).toHaveAttribute('href', '/sts/contactUs');
    await changeLanguage('zh-CN');
    try {
      expect(await screen.findByText(/组织由本平台的系统管理员创建。/)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: '如需为您的团体创建组织，请通过“联系我们”与他们联系。' })).toHaveAttribute('href', '/sts/contactUs');
    } finally {
      await changeLanguage('en');
    }
  });

  it('a system administrator creates, edits and deletes organizations', async () => {
    renderWorkspace('/userspace/organizations', PROFILES.admin);
    await userEvent.click(await screen.findByRole('button', { name: 'New organization' }));
    const dialog = screen.getByRole('dialog', { name: 'New organization' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('Enter a name.')).toBeInTheDocument();
    // The field to fix takes the focus, its message tied to it.
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveFocus();
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('Enter a name.');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Lake Friends');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Website' }), 'https://lakefriends.example');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Organization Lake Friends created.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/organization')[0]!.body).toEqual({ name: 'Lake Friends', description: null, website: 'https://lakefriends.example', contact: null });

    await userEvent.click(await screen.findByRole('button', { name: 'Edit River Keepers' }));
    const edit = screen.getByRole('dialog', { name: 'Edit organization' });
    await userEvent.type(within(edit).getByRole('textbox', { name: 'Description' }), 'Volunteers');
    await userEvent.click(within(edit).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Organization River Keepers saved.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Delete River Keepers' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete organization' });
    expect(confirm).toHaveTextContent('Delete River Keepers? Its members lose access to it, its open invitations are revoked, and its projects and stations leave the portal with their data.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Organization River Keepers deleted.')).toBeInTheDocument();
    expect(server.callsTo('DELETE', `/organization/${OTHER_ORG}`)).toHaveLength(1);
    // Its row and buttons left: focus is on the table of all organizations, not the page's body.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete River Keepers' })).not.toBeInTheDocument());
    expect(screen.getByRole('region', { name: 'All organizations' })).toHaveFocus();
  });
});

describe('all organizations on a phone', () => {
  it('each organization is a card: its name, its website under the column name, then Edit and Delete, in both languages', async () => {
    renderWorkspace('/userspace/organizations', PROFILES.admin);
    const region = await screen.findByRole('region', { name: 'All organizations' });
    const table = within(region).getByRole('table');
    // The stylesheet lays out a .card-table as cards on a phone (workspace.css), so the buttons are not past a sideways scroll.
    expect(table).toHaveClass('card-table');
    const row = await within(table).findByRole('row', { name: /River Keepers/ });
    const labels = () => within(row).getAllByRole('cell').map((cell) => cell.getAttribute('data-label'));
    expect(labels()).toEqual([null, 'Website', null]);
    expect(within(row).getAllByRole('cell')[0]).toHaveClass('ws-card-title');
    expect(within(row).getByRole('button', { name: 'Edit River Keepers' })).toBeInTheDocument();
    await changeLanguage('zh-CN');
    await waitFor(() => expect(labels()).toEqual([null, '网站', null]));
  });
});

describe('the organization dialog says what is wrong at the field, which takes the focus', () => {
  it('checks the website and the lengths before sending', async () => {
    const user = userEvent.setup();
    renderWorkspace('/userspace/organizations', PROFILES.admin);
    await user.click(await screen.findByRole('button', { name: 'New organization' }));
    const dialog = screen.getByRole('dialog', { name: 'New organization' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Lake Friends');
    await user.type(within(dialog).getByRole('textbox', { name: 'Website' }), 'lakefriends.example');
    await user.click(within(dialog).getByRole('textbox', { name: 'Contact' }));
    await user.paste('c'.repeat(501));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    const website = within(dialog).getByRole('textbox', { name: 'Website' });
    expect(website).toHaveFocus();
    expect(website).toHaveAttribute('aria-invalid', 'true');
    expect(website).toHaveAccessibleDescription('The website must be an http(s) address, such as https://example.org.');
    expect(within(dialog).getByRole('textbox', { name: 'Contact' })).toHaveAccessibleDescription('The contact must be at most 500 characters.');
    expect(server.callsTo('POST', '/organization')).toHaveLength(0);

    await user.clear(website);
    await user.type(website, 'https://lakefriends.example');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Contact' }));
    await user.click(within(dialog).getByRole('textbox', { name: 'Description' }));
    await user.paste('d'.repeat(5001));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    const description = within(dialog).getByRole('textbox', { name: 'Description' });
    expect(description).toHaveFocus();
    expect(description).toHaveAccessibleDescription('The description must be at most 5,000 characters.');
    expect(website).not.toHaveAttribute('aria-invalid');
    expect(server.callsTo('POST', '/organization')).toHaveLength(0);
  });

  it("a name another organization has: the server's refusal is said at the name", async () => {
    const user = userEvent.setup();
    server.fail('POST', /^\/organization$/, 409, 'An organization with this name already exists.');
    renderWorkspace('/userspace/organizations', PROFILES.admin);
    await user.click(await screen.findByRole('button', { name: 'New organization' }));
    const dialog = screen.getByRole('dialog', { name: 'New organization' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.type(name, 'river keepers');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('An organization with this name already exists.');
    // Said once, at the field (not in a toast too), and the dialog stays open to change it.
    expect(screen.getAllByText('An organization with this name already exists.')).toHaveLength(1);
    await user.type(name, ' 2');
    expect(name).not.toHaveAttribute('aria-invalid');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Organization river keepers 2 created.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a refusal the browser did not foresee is said at its field too, in Chinese as well', async () => {
    const user = userEvent.setup();
    await changeLanguage('zh-CN');
    server.fail('PATCH', /^\/organization\/org-other$/, 400, '网站地址最多 500 个字符。');
    renderWorkspace('/userspace/organizations', PROFILES.admin);
    await user.click(await screen.findByRole('button', { name: '编辑 River Keepers' }));
    const dialog = screen.getByRole('dialog', { name: '编辑组织' });
    await user.type(within(dialog).getByRole('textbox', { name: '网站' }), 'https://riverkeepers.example');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    const website = within(dialog).getByRole('textbox', { name: '网站' });
    await waitFor(() => expect(website).toHaveFocus());
    expect(website).toHaveAccessibleDescription('网站地址最多 500 个字符。');
  });

  it('says its own checks in Chinese', async () => {
    const user = userEvent.setup();
    await changeLanguage('zh-CN');
    renderWorkspace('/userspace/organizations', PROFILES.admin);
    await user.click(await screen.findByRole('button', { name: '新建组织' }));
    const dialog = screen.getByRole('dialog', { name: '新建组织' });
    await user.type(within(dialog).getByRole('textbox', { name: '名称' }), 'Lake Friends');
    await user.type(within(dialog).getByRole('textbox', { name: '网站' }), 'lakefriends.example');
    await user.click(within(dialog).getByRole('button', { name: '创建' }));
    expect(within(dialog).getByRole('textbox', { name: '网站' })).toHaveAccessibleDescription('网站必须是 http(s) 地址，例如 https://example.org。');
  });
});

describe('organization info page', () => {
  it('shows name, description, website, contact, projects and stations with links into the explorer', async () => {
    renderWorkspace(`/sts/org-info?id=${DEMO_ORG}`, PROFILES.outsider);
    expect(await screen.findByRole('heading', { level: 1, name: 'Demo Watershed Council' })).toBeInTheDocument();
    expect(screen.getByText('A demonstration organization.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'https://example.org/demo' })).toHaveAttribute('href', 'https://example.org/demo');
    expect(screen.getByText('office@demo.example')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Creek survey' })).toHaveAttribute('href', '/sts/overview?project=p-creek');
    expect(await screen.findByRole('heading', { name: 'Stations (2)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Explore its stations' })).toHaveAttribute('href', `/sts/overview?organization=${DEMO_ORG}`);
    expect(screen.getByRole('link', { name: 'Mill Creek' })).toHaveAttribute('href', '/sts/station/s-1/chart');
    // Not a member: no way into the workspace.
    expect(screen.queryByRole('link', { name: 'Open the workspace' })).not.toBeInTheDocument();
  });

  it('without an organization, lists them all to pick one', async () => {
    renderWorkspace('/sts/org-info', PROFILES.outsider);
    expect(await screen.findByRole('link', { name: 'River Keepers' })).toHaveAttribute('href', `/sts/org-info?id=${OTHER_ORG}`);
  });

  it('asks a visitor to sign in (the route declares an empty roles list)', async () => {
    renderWorkspace(`/sts/org-info?id=${DEMO_ORG}`, null);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
  });

  it('reads in Simplified Chinese', async () => {
    await changeLanguage('zh-CN');
    renderWorkspace(`/sts/org-info?id=${DEMO_ORG}`, PROFILES.orgadmin);
    expect(await screen.findByRole('link', { name: '浏览其站点' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '打开工作区' })).toBeInTheDocument();
  });
});

describe('current organization in the header', () => {
  it('a member of several organizations picks the current one; it is kept in the profile', async () => {
    const setProfile = vi.fn();
    renderWorkspace('/userspace/organizations', PROFILES.twoOrgs, { setProfile });
    const picker = await screen.findByRole('combobox', { name: 'Current organization' });
    await waitFor(() => expect(within(picker).getAllByRole('option').map((o) => o.textContent)).toEqual(['Demo Watershed Council', 'River Keepers']));
    await userEvent.selectOptions(picker, OTHER_ORG);
    expect(await screen.findByText('Current organization: River Keepers.')).toBeInTheDocument();
    expect(server.callsTo('PATCH', '/auth/profile')[0]!.body).toEqual({ currentOrganizationId: OTHER_ORG });
    expect(setProfile).toHaveBeenCalledWith({ currentOrganizationId: OTHER_ORG });
  });

  it('is not there for a member of one organization', async () => {
    renderWorkspace('/userspace/organizations', PROFILES.orgadmin);
    await screen.findByRole('list', { name: 'Your organizations' });
    expect(screen.queryByRole('combobox', { name: 'Current organization' })).not.toBeInTheDocument();
  });
});
