import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiBase } from '../../../api/client';
import type { Profile } from '../../../auth/profile';
import { changeLanguage } from '../../../i18n';
import { toast } from '../../../shell/toast';
import { DEMO_ORG, OTHER_ORG, fakeOrganizationsServer } from '../../organizations/test/fakeOrganizationsServer';
import { PROFILES, renderWorkspace } from '../../organizations/test/renderWorkspace';

let server: ReturnType<typeof fakeOrganizationsServer>;

beforeAll(async () => {
  await import('./InvitationsPage');
  await import('../../organizations/routes/OrganizationPage');
});

beforeEach(() => {
  setApiBase(undefined);
  toast.clear();
  server = fakeOrganizationsServer();
  vi.stubGlobal('fetch', vi.fn(server.fetch));
});

const rowOf = (email: string) => screen.getByRole('cell', { name: email }).closest('tr')!;

async function open(profile: Profile = PROFILES.orgadmin) {
  renderWorkspace('/userspace/invitation', profile);
  await screen.findByRole('heading', { level: 1, name: 'Invitations' });
}

describe('invitation management', () => {
  it("lists the invitations of my organizations with role, status and dates", async () => {
    await open();
    await screen.findByRole('cell', { name: 'newcomer@example.com' });
    const row = within(rowOf('newcomer@example.com'));
    expect(row.getByText('Demo Watershed Council')).toBeInTheDocument();
    expect(row.getByText('Data contributor')).toBeInTheDocument();
    // Opened by itself (not from an organization's Members tab): no way back to members is offered.
    expect(screen.queryByRole('link', { name: /^Back to the members of/ })).not.toBeInTheDocument();
    expect(row.getByText('Pending')).toBeInTheDocument();
    // Sent and valid until as the import history writes dates (date and time, in the interface's language).
    const when = (iso: string) => new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
    expect(row.getByRole('cell', { name: when('2026-11-20T10:00:00Z') })).toBeInTheDocument();
    expect(row.getByRole('cell', { name: when('2026-11-27T10:00:00Z') })).toBeInTheDocument();
    expect(within(rowOf('old@example.com')).getByText('Accepted')).toBeInTheDocument();
    // Only open invitations can be resent or revoked.
    expect(within(rowOf('old@example.com')).queryByRole('button')).not.toBeInTheDocument();
  });

  it('filters by status through the server', async () => {
    await open();
    await screen.findByRole('cell', { name: 'newcomer@example.com' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'accepted');
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'newcomer@example.com' })).not.toBeInTheDocument());
    expect(server.callsTo('GET', '/Invitation').at(-1)!.query.get('status')).toBe('accepted');
    expect(screen.getByRole('cell', { name: 'old@example.com' })).toBeInTheDocument();
  });

  it('invites by email and role; the email is checked first and the server refuses a duplicate', async () => {
    await open();
    await userEvent.click(await screen.findByRole('button', { name: 'Invite someone' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite someone' });
    // Sent empty: the message is said at the field, which takes the focus.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    const email = within(dialog).getByRole('textbox', { name: 'Email' });
    expect(email).toHaveFocus();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Enter a valid email address.');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'not-an-email');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(within(dialog).getByText('Enter a valid email address.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Email' })).toHaveFocus();
    expect(server.callsTo('POST', '/Invitation')).toHaveLength(0);

    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Email' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'colleague@example.com');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Role' }), 'group-admin');
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to colleague@example.com.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/Invitation')[0]!.body).toEqual({
      email: 'colleague@example.com', roleName: 'group-admin', organizationId: DEMO_ORG, isSystemAdmin: false,
    });
    expect(await screen.findByRole('cell', { name: 'colleague@example.com' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Invite someone' }));
    const again = screen.getByRole('dialog', { name: 'Invite someone' });
    await userEvent.type(within(again).getByRole('textbox', { name: 'Email' }), 'newcomer@example.com');
    await userEvent.click(within(again).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText(/An invitation to newcomer@example.com is already open \(sent .*\): resend it from the list of invitations instead\./)).toBeInTheDocument();
  });

  it('a system administrator may also invite a system administrator', async () => {
    await open(PROFILES.admin);
    await userEvent.click(await screen.findByRole('button', { name: 'Invite someone' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite someone' });
    expect(within(dialog).getByRole('combobox', { name: 'Organization' })).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'boss@example.com');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Also make them a system administrator' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await screen.findByText('Invitation sent to boss@example.com.');
    expect(server.callsTo('POST', '/Invitation')[0]!.body).toMatchObject({ isSystemAdmin: true });
  });

  it('resends and revokes (after a confirmation)', async () => {
    await open();
    await userEvent.click(await screen.findByRole('button', { name: 'Resend the invitation to newcomer@example.com' }));
    expect(await screen.findByText('Invitation sent again to newcomer@example.com.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/Invitation/inv-1/resend')).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Revoke the invitation to newcomer@example.com' }));
    const confirm = screen.getByRole('dialog', { name: 'Revoke invitation' });
    expect(confirm).toHaveTextContent('Revoke the invitation to newcomer@example.com? Its link stops working.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Invitation to newcomer@example.com revoked.')).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf('newcomer@example.com')).getByText('Revoked')).toBeInTheDocument());
    // Its buttons left with the open invitation: focus is on the table, not the page's body.
    expect(screen.getByRole('table', { name: 'Invitations' }).closest('.ws-table-wrap')).toHaveFocus();
  });

  it('resending an invitation accepted meanwhile says so, and the list shows it accepted', async () => {
    const user = userEvent.setup();
    await open();
    await screen.findByRole('cell', { name: 'newcomer@example.com' });
    // The invitee accepts while the list is open.
    server.state.invitations[0]!.status = 'accepted';
    await user.click(screen.getByRole('button', { name: 'Resend the invitation to newcomer@example.com' }));
    expect(await screen.findByText('This invitation has already been accepted; it cannot be resent.')).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf('newcomer@example.com')).getByText('Accepted')).toBeInTheDocument());
    expect(within(rowOf('newcomer@example.com')).queryByRole('button')).not.toBeInTheDocument();
  });

  it('revoking an invitation accepted meanwhile closes the confirmation, says so, and the list shows it accepted', async () => {
    const user = userEvent.setup();
    await open();
    await user.click(await screen.findByRole('button', { name: 'Revoke the invitation to newcomer@example.com' }));
    server.state.invitations[0]!.status = 'accepted';
    await user.click(within(screen.getByRole('dialog', { name: 'Revoke invitation' })).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('This invitation has already been accepted.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(within(rowOf('newcomer@example.com')).getByText('Accepted')).toBeInTheDocument());
    expect(within(rowOf('newcomer@example.com')).queryByRole('button')).not.toBeInTheDocument();
    // Its buttons left: focus is on the table, not the page's body.
    expect(screen.getByRole('table', { name: 'Invitations' }).closest('.ws-table-wrap')).toHaveFocus();
    expect(server.state.invitations[0]!.status).toBe('accepted');
  });

  it('says it in Chinese', async () => {
    const user = userEvent.setup();
    await changeLanguage('zh-CN');
    renderWorkspace('/userspace/invitation', PROFILES.orgadmin);
    await user.click(await screen.findByRole('button', { name: '撤销给 newcomer@example.com 的邀请' }));
    server.state.invitations[0]!.status = 'accepted';
    // (The server's words come in the interface's language.)
    server.fail('DELETE', /^\/Invitation\/inv-1$/, 409, '此邀请已被接受。');
    await user.click(within(screen.getByRole('dialog', { name: '撤销邀请' })).getByRole('button', { name: '撤销' }));
    expect(await screen.findByText('此邀请已被接受。')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(within(rowOf('newcomer@example.com')).getByText('已接受')).toBeInTheDocument());
  });

  it('reads the list again when the person comes back to the browser tab', async () => {
    await open();
    await screen.findByRole('cell', { name: 'newcomer@example.com' });
    server.state.invitations[0]!.status = 'accepted';
    // A minute later (SWR reads again at most every 5 s on focus), in a timer of its own.
    const now = Date.now.bind(Date);
    const later = vi.spyOn(Date, 'now').mockImplementation(() => now() + 60_000);
    try {
      await act(async () => {
        window.dispatchEvent(new Event('focus'));
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
    } finally {
      later.mockRestore();
    }
    await waitFor(() => expect(within(rowOf('newcomer@example.com')).getByText('Accepted')).toBeInTheDocument());
    expect(within(rowOf('newcomer@example.com')).queryByRole('button')).not.toBeInTheDocument();
  });

  it('on a phone each invitation is a card: its values carry their column names, in both languages', async () => {
    await open();
    await screen.findByRole('cell', { name: 'newcomer@example.com' });
    const labels = () => within(rowOf('newcomer@example.com')).getAllByRole('cell').map((cell) => cell.getAttribute('data-label'));
    expect(labels()).toEqual([null, 'Organization', 'Role', 'Status', 'Sent', 'Valid until', null]);
    await changeLanguage('zh-CN');
    await waitFor(() => expect(labels()).toEqual([null, '组织', '角色', '状态', '发送时间', '有效期至', null]));
    // The stylesheet lays such rows out as cards on a phone, the labels before the values.
    expect(screen.getByRole('table')).toHaveClass('card-table');
    const css = readFileSync(join(__dirname, '..', '..', '..', 'shell', 'workspace.css'), 'utf-8');
    expect(css).toMatch(/@media \(max-width: 640px\)[\s\S]*\.card-table td\[data-label\]::before \{\s*content: attr\(data-label\)/);
  });

  it('names the organization of an invitation as deleted when it is gone, in both languages', async () => {
    server.state.invitations.push({
      id: 'inv-gone', email: 'former@example.com', organizationId: 'org-gone', organizationName: null, roleName: 'simple-user',
      isSystemAdmin: false, status: 'revoked', createdAt: '2026-09-01T10:00:00Z', createdBy: 'u-ada', expiresAt: '2026-09-08T10:00:00Z', resendCount: 0, acceptedAt: null,
    });
    await open(PROFILES.admin);
    await screen.findByRole('cell', { name: 'former@example.com' });
    expect(within(rowOf('former@example.com')).getByRole('cell', { name: '(deleted organization)' })).toBeInTheDocument();
    await changeLanguage('zh-CN');
    expect(await within(rowOf('former@example.com')).findByRole('cell', { name: '（已删除的组织）' })).toBeInTheDocument();
  });

  it('on a phone the label column is as wide as its longest word, so "Organization" does not run into its value', () => {
    const css = readFileSync(join(__dirname, '..', '..', '..', 'shell', 'workspace.css'), 'utf-8');
    const rule = css.match(/\.card-table td\[data-label\] \{([^}]*)\}/)?.[1] ?? '';
    expect(rule).toMatch(/grid-template-columns: minmax\(min-content, [^)]+\) minmax\(0, 1fr\);/);
    expect(rule).toMatch(/column-gap: 0\.75rem;/);
  });

  it('tells a member who administers no organization that only group administrators invite', async () => {
    await open(PROFILES.viewer);
    expect(screen.getByText('Only group administrators invite people. You do not administer an organization.')).toBeInTheDocument();
    expect(server.callsTo('GET', '/Invitation')).toHaveLength(0);
  });

  it("an organization's Invite button opens the invite dialog at once, for that organization", async () => {
    const { router } = renderWorkspace(`/userspace/organizations/${OTHER_ORG}/members`, PROFILES.admin);
    await userEvent.click(await screen.findByRole('link', { name: 'Invite someone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite someone' });
    expect(router.state.location.pathname).toBe('/userspace/invitation');
    expect(within(dialog).getByRole('combobox', { name: 'Organization' })).toHaveValue(OTHER_ORG);
    // The address no longer asks for the dialog: Back or a reload does not open it again.
    expect(router.state.location.search).toBe('');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'keeper@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await screen.findByText('Invitation sent to keeper@example.com.');
    expect(server.callsTo('POST', '/Invitation')[0]!.body).toMatchObject({ organizationId: OTHER_ORG });
    // Closed, focus is on the page's own "Invite someone".
    await waitFor(() => expect(screen.getByRole('button', { name: 'Invite someone' })).toHaveFocus());
  });

  it("offers the way back to the organization's members after inviting from its Members tab, in both languages", async () => {
    const { router } = renderWorkspace(`/userspace/organizations/${OTHER_ORG}/members`, PROFILES.admin);
    await userEvent.click(await screen.findByRole('link', { name: 'Invite someone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite someone' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'keeper@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await screen.findByText('Invitation sent to keeper@example.com.');
    const back = screen.getByRole('link', { name: 'Back to the members of River Keepers' });
    expect(back).toHaveAttribute('href', `/userspace/organizations/${OTHER_ORG}/members`);
    await act(() => changeLanguage('zh-CN'));
    try {
      expect(screen.getByRole('link', { name: '返回 River Keepers 的成员' })).toBeInTheDocument();
    } finally {
      await act(() => changeLanguage('en'));
    }
    await userEvent.click(screen.getByRole('link', { name: 'Back to the members of River Keepers' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/userspace/organizations/${OTHER_ORG}/members`));
  });

  it('keeps a status chip and a role whole, sizing their columns to them, and breaks an email only when it must', async () => {
    await changeLanguage('zh-CN');
    try {
      renderWorkspace('/userspace/invitation', PROFILES.orgadmin);
      const cell = await screen.findByRole('cell', { name: 'newcomer@example.com' });
      const cells = within(cell.closest('tr')!).getAllByRole('cell');
      expect(cells[2]).toHaveTextContent(/^数据贡献者$/);
      expect(cells[2]).toHaveClass('invitation-role');
      expect(cells[3]!.querySelector('.ws-badge')).toHaveTextContent(/^待处理$/);
      expect(cell).toHaveClass('invitation-email');
      // The rules that do it (jsdom lays nothing out): no break inside the chip or the role; an email breaks inside
      // only as the last resort, its column keeping room for a usual address while the others give way first.
      const css = readFileSync(join(__dirname, 'invitations.css'), 'utf-8');
      expect(css).toMatch(/\.invitations-table \.ws-badge,\s*\.invitations-table \.invitation-role \{\s*white-space: nowrap;/);
      expect(css).toMatch(/\.invitations-table \.invitation-email \{\s*overflow-wrap: anywhere;\s*min-width: 12em;/);
    } finally {
      await changeLanguage('en');
    }
  });

  it('says what each role may do beside the role choice, in both languages', async () => {
    await open();
    await userEvent.click(await screen.findByRole('button', { name: 'Invite someone' }));
    const role = within(screen.getByRole('dialog', { name: 'Invite someone' })).getByRole('combobox', { name: 'Role' });
    expect(role).toHaveAccessibleDescription(
      'Member: sees the organization’s members, projects, stations and data; changes nothing. ' +
        'Data contributor: also creates and edits stations, parameters and projects, and imports data. ' +
        'Group administrator: also invites and removes members, changes their roles, and edits the organization’s details and settings.',
    );
    await act(() => changeLanguage('zh-CN'));
    try {
      const dialog = screen.getByRole('dialog', { name: '邀请成员' });
      expect(within(dialog).getByText('普通成员：可查看组织的成员、项目、站点和数据，不能更改。')).toBeInTheDocument();
      expect(within(dialog).getByText('数据贡献者：还可创建和编辑站点、参数和项目，并导入数据。')).toBeInTheDocument();
      expect(within(dialog).getByText('组管理员：还可邀请和移除成员、更改成员角色，并编辑组织的资料和设置。')).toBeInTheDocument();
    } finally {
      await act(() => changeLanguage('en'));
    }
  });

  it('tells someone in no organization who creates organizations, and the way to ask for one, in both languages', async () => {
    await open(PROFILES.outsider);
    expect(screen.getByText(/Organizations are created by the portal’s system administrators\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'To ask for one for your group, write to them through Contact us.' })).toHaveAttribute('href', '/sts/contactUs');
    await changeLanguage('zh-CN');
    try {
      expect(await screen.findByText(/组织由本平台的系统管理员创建。/)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: '如需为您的团体创建组织，请通过“联系我们”与他们联系。' })).toHaveAttribute('href', '/sts/contactUs');
    } finally {
      await changeLanguage('en');
    }
  });

  it('names each landmark apart (axe landmark-unique): one region called Invitations, the table\'s', async () => {
    await open();
    const table = await screen.findByRole('table', { name: 'Invitations' });
    const regions = screen.getAllByRole('region');
    const names = regions.map((region) => region.getAttribute('aria-label') ?? document.getElementById(region.getAttribute('aria-labelledby') ?? '')?.textContent);
    expect(new Set(names).size).toBe(names.length);
    expect(screen.getByRole('region', { name: 'Invitations' })).toContainElement(table);
  });

  it('names each landmark apart in Simplified Chinese too', async () => {
    await changeLanguage('zh-CN');
    try {
      renderWorkspace('/userspace/invitation', PROFILES.orgadmin);
      await screen.findByRole('heading', { level: 1, name: '邀请' });
      const table = await screen.findByRole('table', { name: '邀请' });
      expect(screen.getByRole('region', { name: '邀请' })).toContainElement(table);
    } finally {
      await changeLanguage('en');
    }
  });

  it('reads in Simplified Chinese', async () => {
    await changeLanguage('zh-CN');
    renderWorkspace('/userspace/invitation', PROFILES.orgadmin);
    expect(await screen.findByRole('heading', { level: 1, name: '邀请' })).toBeInTheDocument();
    await screen.findByRole('cell', { name: 'newcomer@example.com' });
    expect(within(rowOf('newcomer@example.com')).getByText('待处理')).toBeInTheDocument();
    // Dates as the import history writes them in Chinese ("2026年11月27日 09:53"), not "2026/11/27".
    const sent = new Intl.DateTimeFormat('zh-CN', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date('2026-11-20T10:00:00Z'));
    expect(sent).toMatch(/^2026年11月20日 \d\d:\d\d$/);
    expect(within(rowOf('newcomer@example.com')).getByRole('cell', { name: sent })).toBeInTheDocument();
    expect(within(rowOf('newcomer@example.com')).queryByText('2026/11/20')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '邀请成员' })).toBeInTheDocument();
  });
});
