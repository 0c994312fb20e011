import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiBase } from '../../../api/client';
import { changeLanguage } from '../../../i18n';
import { toast } from '../../../shell/toast';
import { DEMO_ORG, fakeOrganizationsServer } from '../../organizations/test/fakeOrganizationsServer';
import { PROFILES, renderWorkspace } from '../../organizations/test/renderWorkspace';

let server: ReturnType<typeof fakeOrganizationsServer>;
const PROJECT = `/userspace/organizations/${DEMO_ORG}/projects/p-creek`;
// The imports feature's panel joins the Imports tab once that file exists (the same glob as ImportsTab's).
const IMPORTS_PANEL_EXISTS = Object.keys(import.meta.glob('../../imports/components/ImportsPanel.tsx')).length > 0;

beforeAll(async () => {
  await import('./ProjectPage');
});

beforeEach(() => {
  setApiBase(undefined);
  toast.clear();
  server = fakeOrganizationsServer();
  vi.stubGlobal('fetch', vi.fn(server.fetch));
});

describe('project page', () => {
  it('opens on its stations, with stations, parameters, activities, imports and logger data as tabs', async () => {
    const { router } = renderWorkspace(PROJECT, PROFILES.orgadmin);
    await waitFor(() => expect(router.state.location.pathname).toBe(`${PROJECT}/stations`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Creek survey' })).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Project sections' });
    expect(within(tabs).getAllByRole('link').map((l) => l.textContent)).toEqual(['Stations', 'Parameters', 'Activities', 'Imports', 'Logger data']);
    expect(within(await screen.findByRole('list', { name: 'Stations of the project' })).getByText('Mill Creek')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All projects of the organization' })).toHaveAttribute('href', `/userspace/organizations/${DEMO_ORG}/projects`);
  });

  it("a contributor chooses the project's stations from the organization's", async () => {
    renderWorkspace(`${PROJECT}/stations`, PROFILES.orgadmin);
    await userEvent.click(await screen.findByRole('button', { name: 'Choose stations' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: /Otter Pond/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Stations of the project saved (2).')).toBeInTheDocument();
    expect(server.callsTo('PUT', `/organization/${DEMO_ORG}/projects/p-creek/stations`)[0]!.body).toEqual(['s-1', 's-2']);
    expect(within(await screen.findByRole('list', { name: 'Stations of the project' })).getByText('Otter Pond')).toBeInTheDocument();
  });

  it("a contributor chooses the project's parameters", async () => {
    renderWorkspace(`${PROJECT}/parameters`, PROFILES.orgadmin);
    expect(await screen.findByText('No parameters in this project yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Choose parameters' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: /Temperature, water/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Parameters of the project saved (1).')).toBeInTheDocument();
    expect(server.callsTo('PUT', `/organization/${DEMO_ORG}/projects/p-creek/parameters`)[0]!.body).toEqual(['par-temp']);
  });

  it('a simple member reads the lists without changing them', async () => {
    renderWorkspace(`${PROJECT}/stations`, PROFILES.viewer);
    await screen.findByRole('list', { name: 'Stations of the project' });
    expect(screen.queryByRole('button', { name: 'Choose stations' })).not.toBeInTheDocument();
  });

  it('lists and searches the activities, newest first', async () => {
    renderWorkspace(`${PROJECT}/activities`, PROFILES.viewer);
    expect(await screen.findByRole('table', { name: 'Activities (2)' })).toBeInTheDocument();
    expect(server.callsTo('GET', `/organization/${DEMO_ORG}/projects/p-creek/activities`)[0]!.query.get('order')).toBe('DESC');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search activities' }), 'field');
    expect(await screen.findByRole('table', { name: 'Activities (1)' })).toBeInTheDocument();
    expect(server.callsTo('GET', `/organization/${DEMO_ORG}/projects/p-creek/activities`).at(-1)!.query.get('searchContent')).toBe('field');
  });

  it('the Imports tab shows the imports panel, or says imports are coming while there is none', async () => {
    renderWorkspace(`${PROJECT}/imports`, PROFILES.orgadmin);
    await screen.findByRole('heading', { level: 1, name: 'Creek survey' });
    const coming = 'Imports are coming: data files for this project will be uploaded here.';
    if (IMPORTS_PANEL_EXISTS) await waitFor(() => expect(screen.queryByText(coming)).not.toBeInTheDocument());
    else expect(await screen.findByText(coming)).toBeInTheDocument();
  });

  it('reads in Simplified Chinese', async () => {
    await changeLanguage('zh-CN');
    renderWorkspace(`${PROJECT}/stations`, PROFILES.orgadmin);
    const tabs = await screen.findByRole('navigation', { name: '项目栏目' });
    expect(within(tabs).getAllByRole('link').map((l) => l.textContent)).toEqual(['站点', '参数', '活动', '导入', '记录仪数据']);
    expect(await screen.findByRole('button', { name: '选择站点' })).toBeInTheDocument();
  });
});
