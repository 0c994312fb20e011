import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiBase } from '../../../api/client';
import { changeLanguage } from '../../../i18n';
import { toast } from '../../../shell/toast';
import { resetPendingInvitationOffer } from '../../invitations/components/PendingInvitationRedirect';
import { DEMO_ORG, OTHER_ORG, demoState, fakeOrganizationsServer } from '../test/fakeOrganizationsServer';
import { PROFILES, renderWorkspace } from '../test/renderWorkspace';

let server: ReturnType<typeof fakeOrganizationsServer>;

/** An import log as the organization's history answers it (its counts as given, none rejected by default). */
const importLog = (logId: string, projectId: string, fileName: string, createdAt: string, organizationId = DEMO_ORG) =>
  ({ logId, projectId, organizationId, fileName, status: 'succeeded', settled: true, createdAt, rowsImported: 10, rowsUnchanged: 0, rowsRejected: 0 });

/** The import histories asked for: their path and limit. */
const historyCalls = () =>
  server.calls.filter((c) => c.path.endsWith('/import-history')).map((c) => ({ path: c.path, limit: c.query.get('limit') }));

beforeAll(async () => {
  await import('../../system/components/SystemInfoPage');
});

beforeEach(() => {
  setApiBase(undefined);
  toast.clear();
  resetPendingInvitationOffer();
  server = fakeOrganizationsServer(demoState());
  vi.stubGlobal('fetch', vi.fn(server.fetch));
});

describe('home page for a signed-in member', () => {
  it('leads to each of their organizations, its projects and stations', async () => {
    renderWorkspace('/home', PROFILES.twoOrgs);
    const work = await screen.findByRole('region', { name: 'Your work' });
    expect(await within(work).findByRole('link', { name: 'Demo Watershed Council' })).toHaveAttribute('href', `/userspace/organizations/${DEMO_ORG}`);
    expect(within(work).getByRole('link', { name: 'River Keepers' })).toHaveAttribute('href', `/userspace/organizations/${OTHER_ORG}`);
    expect(within(work).getAllByRole('link', { name: 'Projects' })[0]).toHaveAttribute('href', `/userspace/organizations/${DEMO_ORG}/projects`);
    expect(within(work).getByText('Data contributor')).toBeInTheDocument();
    const projects = await within(work).findByRole('list', { name: 'Projects of Demo Watershed Council' });
    expect(within(projects).getByRole('link', { name: 'Creek survey' })).toHaveAttribute('href', `/userspace/organizations/${DEMO_ORG}/projects/p-creek`);
  });

  it('names five projects of an organization and leads to the rest', async () => {
    for (const n of [1, 2, 3, 4, 5, 6]) server.state.projects.push({ id: `p-${n}`, organizationId: DEMO_ORG, name: `Survey ${n}`, description: null });
    renderWorkspace('/home', PROFILES.orgadmin);
    const projects = await screen.findByRole('list', { name: 'Projects of Demo Watershed Council' });
    expect(within(projects).getAllByRole('link')).toHaveLength(6);
    expect(within(projects).getByRole('link', { name: 'and 2 more…' })).toHaveAttribute('href', `/userspace/organizations/${DEMO_ORG}/projects`);
  });

  it('lists the latest imports of the projects they may import into, newest first, each leading to its Imports tab', async () => {
    server.state.projects.push(
      { id: 'p-lake', organizationId: DEMO_ORG, name: 'Lake watch', description: null },
      { id: 'p-river', organizationId: OTHER_ORG, name: 'River walk', description: null },
    );
    const log = (logId: string, projectId: string, fileName: string, status: string, createdAt: string, rowsImported = 10, rowsRejected = 0) =>
      ({ logId, projectId, organizationId: projectId === 'p-river' ? OTHER_ORG : DEMO_ORG, fileName, status, createdAt, rowsImported, rowsUnchanged: 0, rowsRejected });
    server.state.imports.push(
      log('l-1', 'p-creek', 'march.csv', 'succeeded', '2026-03-01T10:00:00Z'),
      log('l-2', 'p-creek', 'april.csv', 'partial', '2026-04-01T10:00:00Z', 1200, 3),
      log('l-3', 'p-lake', 'may.csv', 'failed', '2026-05-01T10:00:00Z', 0, 0),
      log('l-4', 'p-lake', 'june.csv', 'running', '2026-06-01T10:00:00Z', 0, 0),
      log('l-5', 'p-creek', 'january.csv', 'succeeded', '2026-01-01T10:00:00Z'),
      log('l-6', 'p-lake', 'february.csv', 'cancelled', '2026-02-01T10:00:00Z'),
      log('l-7', 'p-creek', 'december.csv', 'succeeded', '2025-12-01T10:00:00Z'),
    );
    renderWorkspace('/home', PROFILES.twoOrgs);
    const latest = await screen.findByRole('region', { name: 'Latest imports' });
    const items = within(latest).getAllByRole('listitem');
    // The five newest of their projects, newest first.
    expect(items.map((item) => within(item).getByRole('link').textContent)).toEqual(['june.csv', 'may.csv', 'april.csv', 'march.csv', 'february.csv']);
    expect(within(items[0]!).getByRole('link')).toHaveAttribute('href', `/userspace/organizations/${DEMO_ORG}/projects/p-lake/imports`);
    expect(items[0]).toHaveTextContent('Importing');
    expect(items[1]).toHaveTextContent('Failed');
    expect(items[2]).toHaveTextContent('Imported with rejected rows');
    expect(items[2]).toHaveTextContent('Creek survey ·');
    expect(items[2]).toHaveTextContent('1,200 values imported · 0 unchanged · 3 rows rejected');
    expect(items[4]).toHaveTextContent('Cancelled');
    // One request for the organization's newest imports of all its projects; Carl is a simple member of the other
    // organization: its imports (for contributors) are not asked for.
    expect(historyCalls()).toEqual([{ path: `/organization/${DEMO_ORG}/import-history`, limit: '20' }]);
  });

  it('lists the latest imports of an organization with many projects, whichever project they were made in', async () => {
    // 60 projects: the import was made in one that comes after the first 20 by name.
    for (let n = 1; n <= 59; n++) {
      server.state.projects.push({ id: `p-${n}`, organizationId: DEMO_ORG, name: `Survey ${String(n).padStart(2, '0')}`, description: null });
    }
    server.state.imports.push(importLog('l-45', 'p-45', 'survey-45.csv', '2026-05-01T10:00:00Z'));
    renderWorkspace('/home', PROFILES.twoOrgs);
    const latest = await screen.findByRole('region', { name: 'Latest imports' });
    const item = await within(latest).findByRole('listitem');
    expect(within(item).getByRole('link', { name: 'survey-45.csv' })).toHaveAttribute('href', `/userspace/organizations/${DEMO_ORG}/projects/p-45/imports`);
    expect(item).toHaveTextContent('Survey 45 ·');
    expect(within(latest).queryByText('No imports yet in your projects.')).not.toBeInTheDocument();
    // Not one request a project: one for the organization.
    expect(historyCalls()).toEqual([{ path: `/organization/${DEMO_ORG}/import-history`, limit: '20' }]);
  });

  it('asks each organization they may import into once, and leaves out the imports of projects no longer listed', async () => {
    server.state.projects.push({ id: 'p-river', organizationId: OTHER_ORG, name: 'River walk', description: null });
    server.state.imports.push(
      importLog('l-1', 'p-creek', 'creek.csv', '2026-03-01T10:00:00Z'),
      importLog('l-2', 'p-river', 'river.csv', '2026-04-01T10:00:00Z', OTHER_ORG),
      // The newest import is of a project since deleted: it has no Imports tab to lead to.
      importLog('l-3', 'p-deleted', 'gone.csv', '2026-05-01T10:00:00Z'),
    );
    const both = {
      ...PROFILES.twoOrgs,
      organizationRoles: [
        { organizationId: DEMO_ORG, roleName: 'data-contributor' },
        { organizationId: OTHER_ORG, roleName: 'group-admin' },
      ],
    };
    renderWorkspace('/home', both);
    const latest = await screen.findByRole('region', { name: 'Latest imports' });
    await waitFor(() => expect(within(latest).getAllByRole('listitem')).toHaveLength(2));
    expect(within(latest).getAllByRole('link').map((link) => link.textContent)).toEqual(['river.csv', 'creek.csv']);
    expect(within(latest).getByRole('link', { name: 'river.csv' })).toHaveAttribute('href', `/userspace/organizations/${OTHER_ORG}/projects/p-river/imports`);
    expect(within(latest).queryByText('gone.csv')).not.toBeInTheDocument();
    expect(historyCalls()).toEqual([
      { path: `/organization/${DEMO_ORG}/import-history`, limit: '20' },
      { path: `/organization/${OTHER_ORG}/import-history`, limit: '20' },
    ]);
  });

  it('says when their projects have no imports yet', async () => {
    renderWorkspace('/home', PROFILES.orgadmin);
    const latest = await screen.findByRole('region', { name: 'Latest imports' });
    expect(within(latest).getByText('No imports yet in your projects.')).toBeInTheDocument();
  });

  it('reads in Simplified Chinese', async () => {
    await changeLanguage('zh-CN');
    server.state.imports.push({ logId: 'l-1', projectId: 'p-creek', organizationId: DEMO_ORG, fileName: 'march.csv', status: 'partial', createdAt: '2026-03-01T10:00:00Z', rowsImported: 12, rowsUnchanged: 2, rowsRejected: 1 });
    renderWorkspace('/home', PROFILES.orgadmin);
    const latest = await screen.findByRole('region', { name: '最新导入' });
    expect(within(latest).getByRole('listitem')).toHaveTextContent('已导入 12 个值 · 2 个未更改 · 被拒绝 1 行');
    expect(await screen.findByRole('list', { name: 'Demo Watershed Council 的项目' })).toBeInTheDocument();
    await changeLanguage('en');
  });

  it('lists pending invitations', async () => {
    server.state.pending = [{ token: 't', invitation: { id: 'inv-x', organizationName: 'River Keepers', status: 'pending' } }];
    const { router } = renderWorkspace('/home', PROFILES.outsider);
    // On start the first one is offered; back on the home page they are listed.
    await waitFor(() => expect(router.state.location.pathname).toBe('/sts/invitation/inv-x'));
    await act(() => router.navigate('/home'));
    const invitations = await screen.findByRole('region', { name: 'Invitations for you' });
    expect(within(invitations).getByRole('link', { name: 'Join River Keepers' })).toHaveAttribute('href', '/sts/invitation/inv-x');
  });

  it('shows nothing of it to someone in no organization', async () => {
    renderWorkspace('/home', PROFILES.outsider);
    await screen.findByRole('heading', { level: 1, name: 'Open Water Data' });
    expect(screen.queryByRole('region', { name: 'Your work' })).not.toBeInTheDocument();
  });
});
