import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiBase } from '../../../api/client';
import { changeLanguage } from '../../../i18n';
import { toast } from '../../../shell/toast';
import type { AuditEntry } from '../api/audit';
import { fakeAdminServer, matches } from '../test/fakeAdminServer';
import { PROFILES, renderAdmin } from '../test/renderAdmin';

const CHROME_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/159.0.8154.6 Safari/537.36';
const PAGE_TEXT = '## History\n\n**The first version.** Open Water Data started as a shared map of volunteer stations.';

const ENTRIES: AuditEntry[] = [
  {
    id: 'a-2', at: '2026-11-24T10:05:00.000Z', actorId: 'u-ada', actorName: 'Ada Admin', action: 'update', targetType: 'role',
    targetId: 'r-editor', before: { permissions: [] }, after: { permissions: ['manage-system-settings'] }, sourceIp: '203.0.113.7',
    userAgent: 'Firefox/140',
  },
  {
    id: 'a-4', at: '2026-11-24T09:40:00.000Z', actorId: 'u-carl', actorName: 'Carl Contributor', actorEmail: 'carl.c@demo.example', action: 'accept', targetType: 'invitation',
    targetId: 'i-1', targetName: 'carl@demo.example', before: null,
    after: { email: 'carl@demo.example', roleName: 'data-contributor', isSystemAdmin: false, status: 'accepted' },
    sourceIp: '198.51.100.4', userAgent: CHROME_ON_WINDOWS,
  },
  {
    id: 'a-3', at: '2026-11-24T09:30:00.000Z', actorId: 'u-ada', actorName: 'Ada Admin', action: 'restore', targetType: 'page',
    targetId: 'history#en', before: { version: 2, text: '## History' }, after: { version: 3, text: PAGE_TEXT, restoredFrom: 0 },
    sourceIp: '203.0.113.7', userAgent: null,
  },
  {
    id: 'a-1', at: '2026-11-24T09:00:00.000Z', actorId: null, actorName: null, action: 'delete', targetType: 'station',
    targetId: 'st-1', targetName: 'Mill Creek', before: { identifier: 'ST-1', name: 'Mill Creek' }, after: null, sourceIp: null,
    userAgent: null,
  },
];

/** A user changed by an administrator whose account has no name: the trail holds the administrator's email. */
const SCALE_USER: AuditEntry = {
  id: 'a-5', at: '2026-11-24T08:00:00.000Z', actorId: 'u-ops', actorName: 'ops@demo.example', action: 'update', targetType: 'user',
  targetId: 'u-scale-028', targetName: 'Scale User 028', before: { name: 'Scale user 28' }, after: { name: 'Scale User 028' },
  sourceIp: null, userAgent: null,
};

let server: ReturnType<typeof fakeAdminServer>;
let auditQueries: URLSearchParams[];
let trail: AuditEntry[];

beforeAll(async () => {
  await import('./AuditPage');
});

beforeEach(() => {
  setApiBase(undefined);
  toast.clear();
  server = fakeAdminServer();
  auditQueries = [];
  trail = ENTRIES;
  // The trail as the server answers a page of it (chalicelib/audit): it stores what the target was called as
  // `targetLabel`, searches the fields of its collection only (any other field is refused with a 400), and
  // answers the label as `targetName`. Every other call goes to the administration stand-in.
  const SEARCHABLE = ['id', 'at', 'actorId', 'actorName', 'actorEmail', 'action', 'targetType', 'targetId', 'targetLabel', 'organizationId'];
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname !== '/api/v1/system/audit') return server.fetch(input, init);
    auditQueries.push(url.searchParams);
    const s = url.searchParams.get('s');
    const unknown = [...(s ?? '').matchAll(/"([^"$][^"]*)":\{/g)].map((m) => m[1]!).find((field) => !SEARCHABLE.includes(field));
    if (unknown) return new Response(JSON.stringify({ statusCode: 400, message: `Unknown field ${unknown}` }), { status: 400 });
    const stored = trail.map(({ targetName, ...entry }) => ({ ...entry, targetLabel: targetName }));
    const data = (s ? stored.filter((entry) => matches(entry, JSON.parse(s) as Record<string, unknown>)) : stored).map(
      ({ targetLabel, ...entry }) => ({ ...entry, targetName: targetLabel }),
    );
    return new Response(JSON.stringify({ data, count: data.length, total: data.length, page: 1, pageCount: 1 }), {
      status: 200, headers: { 'Content-Type': 'application/json' },
    });
  }));
});

const table = () => screen.getByRole('table', { name: 'Audit trail' });
const rows = () => within(table()).getAllByRole('row').slice(1);

describe('audit trail screen', () => {
  it('lists the changes newest first: who, what, the change and where from', async () => {
    renderAdmin('/admin/audit', PROFILES.admin);
    await screen.findByRole('heading', { level: 1, name: 'Audit trail' });
    await within(table()).findByText('Carl Contributor');
    const [changed, , , deleted] = rows();
    expect(within(changed!).getByText('Changed')).toBeInTheDocument();
    expect(changed).toHaveTextContent('Role r-editor');
    expect(changed).toHaveTextContent('Permissions: (none) → changed to manage-system-settings');
    expect(changed).toHaveTextContent('203.0.113.7');
    expect(within(deleted!).getByText('The system')).toBeInTheDocument();
    // Named as people call it (its id on hover); an entry the server could not name shows its id.
    expect(within(deleted!).getByText('Mill Creek', { selector: 'span[title="st-1"]' })).toBeInTheDocument();
    expect(deleted).toHaveTextContent('Station Mill Creek');
    expect(within(deleted!).getAllByRole('listitem').map((line) => line.textContent)).toEqual(['Identifier: ST-1', 'Name: Mill Creek']);
    expect(screen.getByRole('columnheader', { name: /When/ })).toHaveAttribute('aria-sort', 'descending');
    expect(auditQueries[0]!.get('sort[0]')).toBe('at,DESC');
    expect(auditQueries[0]!.get('limit')).toBe('10');
  });

  it('reads each change as a line per field, long values cut with the whole one click away', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/audit', PROFILES.admin);
    await within(await screen.findByRole('table', { name: 'Audit trail' })).findByText('Carl Contributor');
    const [, invitation, page] = rows();
    expect(within(invitation!).getAllByRole('listitem').map((line) => line.textContent)).toEqual([
      'Email: carl@demo.example', 'Role: Data contributor', 'System administrator: No', 'Status: Accepted',
    ]);
    const lines = within(page!).getAllByRole('listitem');
    expect(lines[0]).toHaveTextContent('Version: 2 → changed to 3');
    expect(lines[2]).toHaveTextContent('Restored from version: — → changed to 0');
    // The restored text is longer than a line: cut, and shown whole on "Show all".
    expect(lines[1]).toHaveTextContent(/^Text: ## History → changed to ## History \*\*The first version\.\*\* Open Water Data started a…Show all/);
    const whole = within(lines[1]!).getByText((_, element) => element?.textContent === PAGE_TEXT);
    expect(whole).not.toBeVisible();
    await user.click(within(lines[1]!).getByText('Show all'));
    expect(whole).toBeVisible();
  });

  it('names the browser and system a change came from, the whole user agent one click away', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/audit', PROFILES.admin);
    await within(await screen.findByRole('table', { name: 'Audit trail' })).findByText('Carl Contributor');
    const [firefox, chrome] = rows();
    expect(firefox).toHaveTextContent('203.0.113.7Firefox 140');
    const agent = within(chrome!).getByText('Chrome 159 on Windows');
    expect(within(chrome!).getByText(CHROME_ON_WINDOWS)).not.toBeVisible();
    await user.click(agent);
    expect(within(chrome!).getByText(CHROME_ON_WINDOWS)).toBeVisible();
  });

  it('filters by action, kind and a search term, kept in the address', async () => {
    const user = userEvent.setup();
    const { router } = renderAdmin('/admin/audit', PROFILES.admin);
    await within(await screen.findByRole('table', { name: 'Audit trail' })).findByText('Carl Contributor');
    const filters = screen.getByRole('group', { name: 'Filters' });
    await user.selectOptions(within(filters).getByLabelText('Action'), 'Deleted');
    await user.selectOptions(within(filters).getByLabelText('Changed'), 'Station');
    await user.type(screen.getByRole('searchbox', { name: 'Search the trail' }), 'mill{Enter}');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(JSON.parse(auditQueries.at(-1)!.get('s')!)).toEqual({
      $and: [{ action: { $eq: 'delete' } }, { targetType: { $eq: 'station' } }, { $or: [{ actorName: { $contL: 'mill' } }, { actorEmail: { $contL: 'mill' } }, { targetLabel: { $contL: 'mill' } }, { targetId: { $contL: 'mill' } }] }],
    });
    expect(new URLSearchParams(router.state.location.search).get('action')).toBe('delete');
    expect(new URLSearchParams(router.state.location.search).get('type')).toBe('station');
  });

  it("finds a change by the changed item's name, as the What column shows it, and by an email", async () => {
    trail = [...ENTRIES, SCALE_USER];
    const user = userEvent.setup();
    renderAdmin('/admin/audit', PROFILES.admin);
    await within(await screen.findByRole('table', { name: 'Audit trail' })).findByText('Scale User 028', { selector: 'span[title="u-scale-028"]' });
    const search = screen.getByRole('searchbox', { name: 'Search the trail' });
    expect(search).toHaveAttribute('placeholder', 'Person or changed item');
    await user.type(search, 'scale user 028{Enter}');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('User Scale User 028');
    // The invitation's email is what its row is called; the administrator without a name is their email.
    await user.clear(search);
    await user.type(search, 'carl@demo.example{Enter}');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('Invitation carl@demo.example');
    // Someone known by their email: the entries they made.
    await user.clear(search);
    await user.type(search, 'carl.c@{Enter}');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('Carl Contributor');
    await user.clear(search);
    await user.type(search, 'ops@demo{Enter}');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('ops@demo.example');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("names a change of a system setting (the map every visitor sees) in both languages, and filters by it", async () => {
    trail = [{
      id: 'a-6', at: '2026-11-24T11:00:00.000Z', actorId: 'u-ada', actorName: 'Ada Admin', action: 'update', targetType: 'system-setting',
      targetId: 'map-service', targetName: 'Map service', before: { value: { provider: 'none' } },
      after: { value: { styleUrl: 'https://tiles.example.org/style.json' } }, sourceIp: null, userAgent: null,
    }];
    renderAdmin('/admin/audit', PROFILES.admin);
    await within(table()).findByText('Map service');
    expect(rows()[0]).toHaveTextContent('System setting Map service');
    expect(within(screen.getByLabelText('Changed')).getByRole('option', { name: 'System setting' })).toBeInTheDocument();
    await changeLanguage('zh-CN');
    try {
      const zhTable = await screen.findByRole('table', { name: '审计日志' });
      expect(within(zhTable).getAllByRole('row')[1]).toHaveTextContent('系统设置 Map service');
      expect(within(screen.getByLabelText('更改对象')).getByRole('option', { name: '系统设置' })).toBeInTheDocument();
    } finally {
      await changeLanguage('en');
    }
  });

  it('is for system administrators only', async () => {
    renderAdmin('/admin/audit', PROFILES.userManager);
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeInTheDocument();
    expect(auditQueries).toEqual([]);
  });

  it('speaks Simplified Chinese', async () => {
    await changeLanguage('zh-CN');
    try {
      renderAdmin('/admin/audit', PROFILES.admin);
      await screen.findByRole('heading', { level: 1, name: '审计日志' });
      const zhTable = screen.getByRole('table', { name: '审计日志' });
      await within(zhTable).findByText('已更改');
      expect(within(zhTable).getByText('系统')).toBeInTheDocument();
      expect(screen.getByRole('columnheader', { name: /时间/ })).toBeInTheDocument();
      // The change and its source in Chinese too: field names, yes/no, the status and role, the browser.
      const invitation = within(zhTable).getAllByRole('row')[2]!;
      expect(within(invitation).getAllByRole('listitem').map((line) => line.textContent)).toEqual([
        '电子邮箱：carl@demo.example', '角色：数据贡献者', '系统管理员：否', '状态：已接受',
      ]);
      expect(within(invitation).getByText('Chrome 159（Windows）')).toBeInTheDocument();
      expect(within(zhTable).getAllByRole('row')[1]).toHaveTextContent('权限：（无） → 改为 manage-system-settings');
      expect(zhTable).not.toHaveTextContent(/isSystemAdmin|roleName|Before|After/);
    } finally {
      await changeLanguage('en');
    }
  });

  it("finds a change by the changed item's name in Simplified Chinese too", async () => {
    trail = [...ENTRIES, SCALE_USER];
    await changeLanguage('zh-CN');
    try {
      const user = userEvent.setup();
      renderAdmin('/admin/audit', PROFILES.admin);
      const zhTable = await screen.findByRole('table', { name: '审计日志' });
      await within(zhTable).findByText('Scale User 028', { selector: 'span[title="u-scale-028"]' });
      const search = screen.getByRole('searchbox', { name: '搜索审计日志' });
      expect(search).toHaveAttribute('placeholder', '人员或更改的对象');
      await user.type(search, 'Scale User 028{Enter}');
      await waitFor(() => expect(within(zhTable).getAllByRole('row').slice(1)).toHaveLength(1));
      expect(within(zhTable).getAllByRole('row')[1]).toHaveTextContent('Scale User 028');
    } finally {
      await changeLanguage('en');
    }
  });
});
