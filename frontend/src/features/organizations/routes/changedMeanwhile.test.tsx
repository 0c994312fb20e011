/**
 * Two people at once in an organization's workspace: what one sees after the other deleted, removed or changed
 * something meanwhile (a station, a member, a project). The screens say what happened, in both languages, show the
 * lists as they are now and close the dialogs that have nothing left to do; the lists are read again when the
 * person comes back to the browser tab.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiBase } from '../../../api/client';
import { changeLanguage } from '../../../i18n';
import { toast } from '../../../shell/toast';
import { DEMO_ORG, fakeOrganizationsServer } from '../test/fakeOrganizationsServer';
import { PROFILES, renderWorkspace } from '../test/renderWorkspace';

let server: ReturnType<typeof fakeOrganizationsServer>;

beforeAll(async () => {
  await import('./OrganizationPage');
});

beforeEach(async () => {
  await changeLanguage('en');
  setApiBase(undefined);
  toast.clear();
  server = fakeOrganizationsServer();
  // A third station, so that the one deleted meanwhile is neither the first nor the last of a selection.
  server.state.stations.push({
    id: 's-3', organizationId: DEMO_ORG, identifier: 'DEMO-3', name: 'Beaver Dam', latitude: 40.5, longitude: -75.5, stationType: null, sampleCount: 3,
  });
  vi.stubGlobal('fetch', vi.fn(server.fetch));
});

const workspace = (tab: string) => `/userspace/organizations/${DEMO_ORG}/${tab}`;
const rowWith = (text: string) => screen.getAllByRole('row').find((row) => row.textContent?.includes(text));
/** Someone else deletes a station, removes a member, deletes a project (straight in the server's data). */
const deleteStation = (id: string) => (server.state.stations = server.state.stations.filter((s) => s.id !== id));
const removeMember = (userId: string) => (server.state.members[DEMO_ORG] = server.state.members[DEMO_ORG]!.filter((m) => m.userId !== userId));
const deleteProject = (id: string) => (server.state.projects = server.state.projects.filter((p) => p.id !== id));

async function open(tab: string) {
  renderWorkspace(workspace(tab), PROFILES.orgadmin);
  await screen.findByRole('heading', { level: 1, name: 'Demo Watershed Council' });
}

/** The person comes back to the browser tab (a minute later: SWR reads again at most every 5 s on focus). */
async function comeBack() {
  const now = Date.now.bind(Date);
  const later = vi.spyOn(Date, 'now').mockImplementation(() => now() + 60_000);
  try {
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
      // (SWR handles the focus in a timer of its own.)
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  } finally {
    later.mockRestore();
  }
}

async function selectAll(user: ReturnType<typeof userEvent.setup>, names: string[], select = 'Select') {
  for (const name of names) await user.click(await screen.findByRole('checkbox', { name: `${select} ${name}` }));
}

describe('a bulk station edit after someone else deleted one of the selected stations', () => {
  it('saves every other station, names the deleted one, shows the list as it is and closes', async () => {
    const user = userEvent.setup();
    await open('stations');
    await selectAll(user, ['Mill Creek', 'Otter Pond', 'Beaver Dam']);
    await user.click(screen.getByRole('button', { name: 'Edit selected (3)' }));
    const bulk = screen.getByRole('dialog', { name: 'Edit 3 stations' });
    deleteStation('s-2');
    await user.selectOptions(within(bulk).getByRole('combobox', { name: 'Station type' }), 'river');
    await user.click(within(bulk).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('2 stations saved. Otter Pond was deleted by someone else meanwhile.')).toBeInTheDocument();
    // Every station was tried, the one after the deleted one too.
    expect(server.callsTo('PATCH', '/station/s-1')).toHaveLength(1);
    expect(server.callsTo('PATCH', '/station/s-2')).toHaveLength(1);
    expect(server.callsTo('PATCH', '/station/s-3')[0]!.body).toEqual({ stationType: 'river' });
    expect(server.state.stations.map((s) => s.stationType)).toEqual(['river', 'river']);
    // Every remaining station was saved: the dialog closed, the list no longer shows the deleted station.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Otter Pond' })).not.toBeInTheDocument());
    expect(screen.getByRole('table', { name: 'Stations (2)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit selected (0)' })).toBeDisabled();
  });

  it('says it in Chinese', async () => {
    const user = userEvent.setup();
    await changeLanguage('zh-CN');
    await open('stations');
    await selectAll(user, ['Mill Creek', 'Otter Pond', 'Beaver Dam'], '选择');
    await user.click(screen.getByRole('button', { name: '编辑所选（3）' }));
    const bulk = screen.getByRole('dialog', { name: '编辑 3 个站点' });
    deleteStation('s-2');
    await user.selectOptions(within(bulk).getByRole('combobox', { name: '站点类型' }), 'lake');
    await user.click(within(bulk).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('已保存 2 个站点。Otter Pond 已在此期间被其他人删除。')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('names the stations refused for another reason, keeps them selected in the open dialog, and saves them on the next try', async () => {
    const user = userEvent.setup();
    await open('stations');
    await selectAll(user, ['Mill Creek', 'Otter Pond', 'Beaver Dam']);
    await user.click(screen.getByRole('button', { name: 'Edit selected (3)' }));
    const bulk = screen.getByRole('dialog', { name: 'Edit 3 stations' });
    deleteStation('s-2');
    server.fail('PATCH', /^\/station\/s-3$/, 503, 'The database is busy: try again in a moment.');
    await user.selectOptions(within(bulk).getByRole('combobox', { name: 'Station type' }), 'lake');
    await user.click(within(bulk).getByRole('button', { name: 'Save' }));

    expect(
      await screen.findByText(
        '1 station saved. Otter Pond was deleted by someone else meanwhile. Not saved: Beaver Dam. The database is busy: try again in a moment.',
      ),
    ).toBeInTheDocument();
    // Only the refused station is left to save: the dialog stays open for it.
    expect(await screen.findByRole('dialog', { name: 'Edit 1 station' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit selected (1)' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select Beaver Dam' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select Mill Creek' })).not.toBeChecked();

    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('1 station saved.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.callsTo('PATCH', '/station/s-3')).toHaveLength(2);
    expect(server.callsTo('PATCH', '/station/s-1')).toHaveLength(1);
    expect(server.state.stations.find((s) => s.id === 's-3')!.stationType).toBe('lake');
  });
});

describe('a station deleted meanwhile', () => {
  it('editing it closes the dialog, says so and shows the list without it', async () => {
    const user = userEvent.setup();
    await open('stations');
    await user.click(await screen.findByRole('button', { name: 'Edit Otter Pond' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit station' });
    deleteStation('s-2');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Name' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Otter Pond North');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Station Otter Pond was deleted by someone else meanwhile.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText('Station not found.')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Otter Pond' })).not.toBeInTheDocument());
    expect(screen.getByRole('table', { name: 'Stations (2)' })).toBeInTheDocument();
  });

  it('says it in Chinese, and deleting it closes the confirmation', async () => {
    const user = userEvent.setup();
    await changeLanguage('zh-CN');
    await open('stations');
    await user.click(await screen.findByRole('button', { name: '编辑 Otter Pond' }));
    const dialog = screen.getByRole('dialog', { name: '编辑站点' });
    deleteStation('s-2');
    await user.type(within(dialog).getByRole('textbox', { name: '名称' }), '北');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('站点 Otter Pond 已在此期间被其他人删除。')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    deleteStation('s-1');
    await user.click(screen.getByRole('button', { name: '删除 Mill Creek' }));
    await user.click(within(screen.getByRole('dialog', { name: '删除站点' })).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('站点 Mill Creek 已在此期间被其他人删除。')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('table', { name: '站点（1）' })).toBeInTheDocument());
  });
});

describe('a member removed meanwhile', () => {
  it('changing their role says so, and the list shows them gone', async () => {
    const user = userEvent.setup();
    await open('members');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Role of Vera Viewer' }), 'data-contributor');
    removeMember('u-vera');
    await user.click(screen.getByRole('button', { name: 'Save role of Vera Viewer' }));
    expect(
      await screen.findByText('Vera Viewer is no longer a member of Demo Watershed Council: they were removed, or left, meanwhile.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(rowWith('Vera Viewer')).toBeUndefined());
    // Their row and its buttons left: focus is on the members table.
    expect(screen.getByRole('region', { name: 'Members' })).toHaveFocus();
  });

  it('removing them closes the confirmation, says so and shows them gone', async () => {
    const user = userEvent.setup();
    await open('members');
    await user.click(await screen.findByRole('button', { name: 'Remove Carl Contributor' }));
    removeMember('u-carl');
    await user.click(within(screen.getByRole('dialog', { name: 'Remove member' })).getByRole('button', { name: 'Remove' }));
    expect(
      await screen.findByText('Carl Contributor is no longer a member of Demo Watershed Council: they were removed, or left, meanwhile.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(rowWith('Carl Contributor')).toBeUndefined());
    expect(screen.getByRole('region', { name: 'Members' })).toHaveFocus();
  });

  it('says it in Chinese', async () => {
    const user = userEvent.setup();
    await changeLanguage('zh-CN');
    await open('members');
    await user.click(await screen.findByRole('button', { name: '移除 Carl Contributor' }));
    removeMember('u-carl');
    const confirm = screen.getByRole('dialog');
    await user.click(within(confirm).getAllByRole('button').at(-1)!);
    expect(await screen.findByText('Carl Contributor 已不再是 Demo Watershed Council 的成员：其在此期间已被移除或已退出。')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(rowWith('Carl Contributor')).toBeUndefined());
  });
});

describe('a project deleted meanwhile', () => {
  it('editing it closes the dialog and says so; deleting it too; the list shows it gone', async () => {
    const user = userEvent.setup();
    server.state.projects.push({ id: 'p-lake', organizationId: DEMO_ORG, name: 'Lake watch', description: null });
    await open('projects');
    await user.click(await screen.findByRole('button', { name: 'Edit Creek survey' }));
    deleteProject('p-creek');
    const dialog = screen.getByRole('dialog', { name: 'Edit project' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), ', weekly');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Project Creek survey was deleted by someone else meanwhile.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Creek survey' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Delete Lake watch' }));
    deleteProject('p-lake');
    await user.click(within(screen.getByRole('dialog', { name: 'Delete project' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Project Lake watch was deleted by someone else meanwhile.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('No projects yet.')).toBeInTheDocument();
  });

  it('says it in Chinese', async () => {
    const user = userEvent.setup();
    await changeLanguage('zh-CN');
    await open('projects');
    await user.click(await screen.findByRole('button', { name: '编辑 Creek survey' }));
    deleteProject('p-creek');
    const dialog = screen.getByRole('dialog', { name: '编辑项目' });
    await user.type(within(dialog).getByRole('textbox', { name: '简介' }), '，每周');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('项目 Creek survey 已在此期间被其他人删除。')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('coming back to the browser tab', () => {
  it("shows the other person's changes to the members, stations and projects, without reading the organization again", async () => {
    const user = userEvent.setup();
    await open('members');
    await screen.findByText('Carl Contributor');
    const organizationReads = () => server.callsTo('GET', `/organization/${DEMO_ORG}`).length;
    const before = organizationReads();
    removeMember('u-carl');
    await comeBack();
    await waitFor(() => expect(rowWith('Carl Contributor')).toBeUndefined());
    expect(organizationReads()).toBe(before);

    await user.click(screen.getByRole('link', { name: 'Stations' }));
    expect(await screen.findByRole('table', { name: 'Stations (3)' })).toBeInTheDocument();
    deleteStation('s-2');
    await comeBack();
    expect(await screen.findByRole('table', { name: 'Stations (2)' })).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Projects' }));
    await screen.findByRole('link', { name: 'Creek survey' });
    server.state.projects.push({ id: 'p-lake', organizationId: DEMO_ORG, name: 'Lake watch', description: null });
    await comeBack();
    expect(await screen.findByRole('link', { name: 'Lake watch' })).toBeInTheDocument();
    expect(organizationReads()).toBe(before);
  });
});
