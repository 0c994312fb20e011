import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiBase } from '../../../api/client';
import { changeLanguage } from '../../../i18n';
import { toast } from '../../../shell/toast';
import { DEMO_ORG, demoState, fakeOrganizationsServer } from '../../organizations/test/fakeOrganizationsServer';
import { jsonResponse } from '../../../test/render';
import { PROFILES, renderWorkspace } from '../../organizations/test/renderWorkspace';
import { pageOutline } from '../../../test/headings';

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
    // What the person changed, applied by the server to the list as stored (a change made meanwhile is kept).
    expect(server.callsTo('PUT', `/organization/${DEMO_ORG}/projects/p-creek/stations`)[0]!.body).toEqual({ add: ['s-2'], remove: [] });
    expect(within(await screen.findByRole('list', { name: 'Stations of the project' })).getByText('Otter Pond')).toBeInTheDocument();
  });

  it("a contributor chooses the project's parameters", async () => {
    renderWorkspace(`${PROJECT}/parameters`, PROFILES.orgadmin);
    expect(await screen.findByText('No parameters in this project yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Choose parameters' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: /Temperature, water/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Parameters of the project saved (1).')).toBeInTheDocument();
    expect(server.callsTo('PUT', `/organization/${DEMO_ORG}/projects/p-creek/parameters`)[0]!.body).toEqual({ add: ['par-temp'], remove: [] });
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
    // The earlier list says it is being replaced until the search's answer is in.
    expect(screen.getByRole('status', { name: 'State of the search' })).toHaveTextContent('Searching…');
    expect(await screen.findByRole('table', { name: 'Activities (1)' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'State of the search' })).toHaveTextContent('');
    // Asked once typing paused, not once per key (requests per key had piled up on a large project).
    const searches = server.callsTo('GET', `/organization/${DEMO_ORG}/projects/p-creek/activities`).map((c) => c.query.get('searchContent'));
    expect(searches).toEqual([null, 'field']);
  });

  it('keeps the project shown when asking for it again fails (a flaky connection coming back): its tab stays as it was', async () => {
    renderWorkspace(`${PROJECT}/stations`, PROFILES.orgadmin);
    expect(await screen.findByRole('heading', { level: 1, name: 'Creek survey' })).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Stations of the project' });
    // The browser says it is back online, and the project asked again on that does not reach the server.
    const asked = vi.fn();
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (new URL(String(input), 'http://localhost').pathname.endsWith('/project/p-creek')) {
        asked();
        throw new TypeError('Failed to fetch');
      }
      return server.fetch(input, init);
    }));
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(asked).toHaveBeenCalled());
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText('The project could not be loaded.')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Creek survey' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Stations of the project' })).toBeInTheDocument();
  });

  it('the Imports tab shows the imports panel, or says imports are coming while there is none', async () => {
    renderWorkspace(`${PROJECT}/imports`, PROFILES.orgadmin);
    await screen.findByRole('heading', { level: 1, name: 'Creek survey' });
    const coming = 'Imports are coming: data files for this project will be uploaded here.';
    if (IMPORTS_PANEL_EXISTS) await waitFor(() => expect(screen.queryByText(coming)).not.toBeInTheDocument());
    else expect(await screen.findByText(coming)).toBeInTheDocument();
  });

  it.each([
    ['a data contributor', PROFILES.twoOrgs],
    ['a system administrator', PROFILES.admin],
  ])('offers %s the Imports tab', async (_who, profile) => {
    renderWorkspace(`${PROJECT}/stations`, profile);
    const tabs = await screen.findByRole('navigation', { name: 'Project sections' });
    expect(within(tabs).getAllByRole('link').map((l) => l.textContent)).toEqual(['Stations', 'Parameters', 'Activities', 'Imports', 'Logger data']);
  });

  it('offers a simple member no Imports tab: they may not import, and it holds nothing else', async () => {
    renderWorkspace(`${PROJECT}/stations`, PROFILES.viewer);
    expect(await screen.findByRole('heading', { level: 1, name: 'Creek survey' })).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Project sections' });
    expect(within(tabs).getAllByRole('link').map((l) => l.textContent)).toEqual(['Stations', 'Parameters', 'Activities', 'Logger data']);
  });

  it("tells a simple member following a link to the Imports tab that importing is not theirs, with the way to the project's stations", async () => {
    const { router } = renderWorkspace(`${PROJECT}/imports`, PROFILES.viewer);
    expect(await screen.findByText('Only data contributors and group administrators of the organization can import data into this project.')).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Project sections' })).queryByRole('link', { name: 'Imports' })).not.toBeInTheDocument();
    // No import form, and the history (the server would refuse it) is not asked for.
    expect(screen.queryByText("You do not have access to this project's imports.")).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Choose a file')).not.toBeInTheDocument();
    expect(server.calls.filter((c) => c.path.endsWith('/import-history'))).toEqual([]);
    await userEvent.click(screen.getByRole('link', { name: 'Go to the stations of the project' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${PROJECT}/stations`));
    expect(within(await screen.findByRole('list', { name: 'Stations of the project' })).getByText('Mill Creek')).toBeInTheDocument();
  });

  it('says it in Simplified Chinese', async () => {
    await changeLanguage('zh-CN');
    renderWorkspace(`${PROJECT}/imports`, PROFILES.viewer);
    expect(await screen.findByText('只有该组织的数据贡献者和组管理员才能向此项目导入数据。')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '前往项目的站点' })).toHaveAttribute('href', `${PROJECT}/stations`);
    const tabs = screen.getByRole('navigation', { name: '项目栏目' });
    expect(within(tabs).getAllByRole('link').map((l) => l.textContent)).toEqual(['站点', '参数', '活动', '记录仪数据']);
    await changeLanguage('en');
  });

  it('reads in Simplified Chinese', async () => {
    await changeLanguage('zh-CN');
    renderWorkspace(`${PROJECT}/stations`, PROFILES.orgadmin);
    const tabs = await screen.findByRole('navigation', { name: '项目栏目' });
    expect(within(tabs).getAllByRole('link').map((l) => l.textContent)).toEqual(['站点', '参数', '活动', '导入', '记录仪数据']);
    expect(await screen.findByRole('button', { name: '选择站点' })).toBeInTheDocument();
  });

  it('finds a parameter by its Chinese name, and names it in Chinese beside its WQX name', async () => {
    // A tester working in Chinese: "溶解氧" found nothing, the parameters being named in WQX English alone.
    await changeLanguage('zh-CN');
    const user = userEvent.setup();
    renderWorkspace(`${PROJECT}/parameters`, PROFILES.orgadmin);
    await user.click(await screen.findByRole('button', { name: '选择参数' }));
    const checklist = await screen.findByRole('group', { name: '项目的参数' });
    expect(await within(checklist).findByRole('checkbox', { name: /^水温 · Temperature, water/ })).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: '筛选参数' }), '溶解氧');
    await waitFor(() => expect(within(checklist).getAllByRole('checkbox').map((box) => box.parentElement!.textContent)).toEqual(['溶解氧 · Dissolved oxygen (DO) (mg/L)']));
    expect(screen.queryByText('没有匹配的参数。')).not.toBeInTheDocument();
    await user.click(within(checklist).getByRole('checkbox', { name: /溶解氧/ }));
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await within(await screen.findByRole('list', { name: '项目的参数' })).findByText('溶解氧 · Dissolved oxygen (DO)')).toBeInTheDocument();
    expect(server.callsTo('PUT', `/organization/${DEMO_ORG}/projects/p-creek/parameters`)[0]!.body).toEqual({ add: ['par-do'], remove: [] });
  });

  it('finds a parameter by its Chinese name in the English interface too, named in English', async () => {
    const user = userEvent.setup();
    renderWorkspace(`${PROJECT}/parameters`, PROFILES.orgadmin);
    await user.click(await screen.findByRole('button', { name: 'Choose parameters' }));
    await user.type(screen.getByRole('searchbox', { name: 'Filter parameters' }), '水温');
    await waitFor(() => expect(screen.getAllByRole('checkbox').map((box) => box.parentElement!.textContent)).toEqual(['Temperature, water (deg C)']));
  });

  it('moves focus into the checklist when it opens, and back to "Choose ..." when it closes', async () => {
    const user = userEvent.setup();
    renderWorkspace(`${PROJECT}/stations`, PROFILES.orgadmin);
    await user.click(await screen.findByRole('button', { name: 'Choose stations' }));
    expect(screen.getByRole('searchbox', { name: 'Filter stations' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Choose stations' })).toHaveFocus();

    await user.click(screen.getByRole('link', { name: 'Parameters' }));
    await user.click(await screen.findByRole('button', { name: 'Choose parameters' }));
    expect(screen.getByRole('searchbox', { name: 'Filter parameters' })).toHaveFocus();
    await user.click(await screen.findByRole('checkbox', { name: /Temperature, water/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Parameters of the project saved (1).')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose parameters' })).toHaveFocus();
  });
});

const WOLF = { id: 's-wolf', organizationId: DEMO_ORG, identifier: 'OWD-TN-0000962', name: 'Wolf River above Memphis, TN' };

/** 2,006 stations, as the demo organization's; GET /station answers its search (`s`) as the server does. */
function manyStations({ held }: { held?: Promise<void> } = {}) {
  const state = demoState();
  for (let n = 3; state.stations.length < 2005; n++) {
    state.stations.push({ id: `s-${n}`, organizationId: DEMO_ORG, identifier: `OWD-${n}`, name: `Gauge ${String(n).padStart(4, '0')}` });
  }
  state.stations.push(WOLF);
  const organizationServer = fakeOrganizationsServer(state);
  const searches: Record<string, unknown>[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname !== '/api/v1/station' || (init?.method ?? 'GET') !== 'GET') return organizationServer.fetch(input, init);
    const search = JSON.parse(url.searchParams.get('s') ?? '{}') as { organizationId?: string; $or?: Record<string, { $contL: string }>[] };
    searches.push(search);
    // A slow server: a search for a term answers only once `held` settles.
    if (held && search.$or) await held;
    const contains = (value: unknown, term: string) => String(value).toLowerCase().includes(term.toLowerCase());
    const found = state.stations
      .filter((station) => station.organizationId === search.organizationId)
      .filter((station) => !search.$or || search.$or.some((c) => Object.entries(c).some(([field, { $contL }]) => contains(station[field], $contL))))
      .sort((a, b) => String(a.name).localeCompare(String(b.name)));
    const limit = Number(url.searchParams.get('limit'));
    return jsonResponse(200, { data: found.slice(0, limit), count: Math.min(limit, found.length), total: found.length, page: 1, pageCount: Math.ceil(found.length / limit) });
  });
  vi.stubGlobal('fetch', fetch);
  return { organizationServer, searches };
}

describe("choosing among an organization's many stations", () => {
  it('finds any of them on the server by name or identifier, keeping the chosen ones listed and ticked', async () => {
    const { organizationServer, searches } = manyStations();
    const user = userEvent.setup();
    renderWorkspace(`${PROJECT}/stations`, PROFILES.orgadmin);
    await user.click(await screen.findByRole('button', { name: 'Choose stations' }));
    expect(await screen.findByText('The first 100 of 2,006 stations are listed: filter by name or identifier to find the others.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /Mill Creek/ })).toBeChecked();
    expect(screen.queryByRole('checkbox', { name: /Wolf River/ })).not.toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Filter stations' }), 'tn-0000962');
    const wolf = await screen.findByRole('checkbox', { name: /^Wolf River above Memphis, TN.*OWD-TN-0000962/ });
    expect(searches.at(-1)).toEqual({ organizationId: DEMO_ORG, $or: [{ name: { $contL: 'tn-0000962' } }, { identifier: { $contL: 'tn-0000962' } }] });
    await user.click(wolf);

    await user.clear(screen.getByRole('searchbox', { name: 'Filter stations' }));
    expect(await screen.findByRole('checkbox', { name: /Mill Creek/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Wolf River/ })).toBeChecked();
    expect(screen.getByText('2 chosen')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Stations of the project saved (2).')).toBeInTheDocument();
    expect(organizationServer.callsTo('PUT', `/organization/${DEMO_ORG}/projects/p-creek/stations`)[0]!.body).toEqual({ add: ['s-wolf'], remove: [] });
  });

  it('says when no station matches the filter, in both languages', async () => {
    manyStations();
    const user = userEvent.setup();
    renderWorkspace(`${PROJECT}/stations`, PROFILES.orgadmin);
    await user.click(await screen.findByRole('button', { name: 'Choose stations' }));
    await user.type(screen.getByRole('searchbox', { name: 'Filter stations' }), 'no such river');
    expect(await screen.findByText('No stations match.')).toBeInTheDocument();
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    await act(() => changeLanguage('zh-CN'));
    expect(await screen.findByText('没有匹配的站点。')).toBeInTheDocument();
    await act(() => changeLanguage('en'));
  });
});

describe('a slow station search', () => {
  it('says "Searching…" while the answer is on its way, and "No stations match." only once it is in and empty', async () => {
    let release!: () => void;
    manyStations({ held: new Promise<void>((resolve) => (release = resolve)) });
    const user = userEvent.setup();
    renderWorkspace(`${PROJECT}/stations`, PROFILES.orgadmin);
    await user.click(await screen.findByRole('button', { name: 'Choose stations' }));
    await screen.findByRole('checkbox', { name: /Mill Creek/ });
    await user.type(screen.getByRole('searchbox', { name: 'Filter stations' }), 'no such river');
    // The earlier answer matches nothing of the new filter: the list is empty, and says why.
    await waitFor(() => expect(screen.queryAllByRole('checkbox')).toHaveLength(0));
    const searching = await screen.findByText('Searching…');
    expect(searching).toHaveAttribute('role', 'status');
    expect(screen.queryByText('No stations match.')).not.toBeInTheDocument();
    release();
    expect(await screen.findByText('No stations match.')).toBeInTheDocument();
    expect(screen.queryByText('Searching…')).not.toBeInTheDocument();
  });

  it('says it in Simplified Chinese', async () => {
    await changeLanguage('zh-CN');
    manyStations({ held: new Promise<void>(() => undefined) });
    const user = userEvent.setup();
    renderWorkspace(`${PROJECT}/stations`, PROFILES.orgadmin);
    await user.click(await screen.findByRole('button', { name: '选择站点' }));
    await user.type(screen.getByRole('searchbox', { name: '筛选站点' }), '清溪');
    expect(await screen.findByText('正在搜索…')).toHaveAttribute('role', 'status');
    expect(screen.queryByText('没有匹配的站点。')).not.toBeInTheDocument();
    await changeLanguage('en');
  });
});

describe("a new project's empty station list", () => {
  beforeEach(() => {
    const state = demoState();
    state.projectLists['p-creek'] = { stations: [], parameters: [] };
    vi.stubGlobal('fetch', vi.fn(fakeOrganizationsServer(state).fetch));
  });

  it("says where stations come from, with the way to the organization's stations and to an import", async () => {
    renderWorkspace(`${PROJECT}/stations`, PROFILES.orgadmin);
    expect(await screen.findByText('No stations in this project yet.')).toBeInTheDocument();
    expect(screen.getByText(/create them in its Stations tab, then choose them here/)).toBeInTheDocument();
    expect(screen.getByText(/its Latitude and Longitude creates that station in this project/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'The organization’s stations' })).toHaveAttribute('href', `/userspace/organizations/${DEMO_ORG}/stations`);
    expect(screen.getByRole('link', { name: 'Import data into this project' })).toHaveAttribute('href', `${PROJECT}/imports`);
  });

  it('tells a simple member who adds them, without a way to import', async () => {
    renderWorkspace(`${PROJECT}/stations`, PROFILES.viewer);
    expect(await screen.findByText(/Its data contributors and group administrators add them to this project/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'The organization’s stations' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Import data into this project' })).not.toBeInTheDocument();
  });

  it('says it in Simplified Chinese', async () => {
    await changeLanguage('zh-CN');
    renderWorkspace(`${PROJECT}/stations`, PROFILES.orgadmin);
    expect(await screen.findByText(/先在组织的“站点”标签页中创建站点/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '组织的站点' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '向此项目导入数据' })).toBeInTheDocument();
    await changeLanguage('en');
  });
});

describe("a new project's empty parameters and activities", () => {
  beforeEach(() => {
    const state = demoState();
    state.projectLists['p-creek'] = { stations: [], parameters: [] };
    state.activities = [];
    vi.stubGlobal('fetch', vi.fn(fakeOrganizationsServer(state).fetch));
  });

  it("says where parameters come from, with the way to an import, and counts them as parameters", async () => {
    renderWorkspace(`${PROJECT}/parameters`, PROFILES.orgadmin);
    expect(await screen.findByText('No parameters in this project yet.')).toBeInTheDocument();
    expect(screen.getByText(/Choose them among the portal’s parameters with “Choose parameters”/)).toBeInTheDocument();
    expect(screen.getByText(/the parameters its rows name are added to this project/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Import data into this project' })).toHaveAttribute('href', `${PROJECT}/imports`);
    expect(screen.getByText('0 parameters in the project')).toBeInTheDocument();
  });

  it('says where activities come from (an import makes one per visit), with the way to an import', async () => {
    renderWorkspace(`${PROJECT}/activities`, PROFILES.orgadmin);
    expect(await screen.findByText('No activities.')).toBeInTheDocument();
    expect(screen.getByText(/importing a results file \(or the Open Water Data template\) makes one activity per visit/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Import data into this project' })).toHaveAttribute('href', `${PROJECT}/imports`);
  });

  it('tells a simple member who adds them, without a way to import', async () => {
    renderWorkspace(`${PROJECT}/parameters`, PROFILES.viewer);
    expect(await screen.findByText(/data contributors and group administrators add parameters to this project/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Import data into this project' })).not.toBeInTheDocument();
    await userEvent.click(within(screen.getByRole('navigation', { name: 'Project sections' })).getByRole('link', { name: 'Activities' }));
    expect(await screen.findByText(/when the organization’s data contributors or group administrators import a results file/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Import data into this project' })).not.toBeInTheDocument();
  });

  it('says it in Simplified Chinese', async () => {
    await changeLanguage('zh-CN');
    renderWorkspace(`${PROJECT}/parameters`, PROFILES.orgadmin);
    expect(await screen.findByText(/用“选择参数”从门户的参数中选择/)).toBeInTheDocument();
    expect(screen.getByText('项目中共 0 个参数')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '向此项目导入数据' })).toBeInTheDocument();
    await userEvent.click(within(screen.getByRole('navigation', { name: '项目栏目' })).getByRole('link', { name: '活动' }));
    expect(await screen.findByText(/每次采样访问（某个站点在某个日期和时间）生成一个活动/)).toBeInTheDocument();
    await changeLanguage('en');
  });
});

describe("the project's stations", () => {
  it("names what it counts, and each station's name opens its page", async () => {
    renderWorkspace(`${PROJECT}/stations`, PROFILES.viewer);
    const list = await screen.findByRole('list', { name: 'Stations of the project' });
    expect(within(list).getByRole('link', { name: 'Mill Creek' })).toHaveAttribute('href', '/sts/station/s-1');
    expect(screen.getByText('1 station in the project')).toBeInTheDocument();
  });

  it('counts them as stations in Simplified Chinese', async () => {
    await changeLanguage('zh-CN');
    renderWorkspace(`${PROJECT}/stations`, PROFILES.viewer);
    expect(await screen.findByText('项目中共 1 个站点')).toBeInTheDocument();
    await changeLanguage('en');
  });
});

describe("the project's stations in order", () => {
  /** The project's stations as the server lists them: in no order a person could follow. */
  function projectWith(stations: { id: string; identifier: string; name: string }[]) {
    const state = demoState();
    state.stations = stations.map((station) => ({ organizationId: DEMO_ORG, latitude: 40, longitude: -75, ...station }));
    state.projectLists['p-creek'] = { stations: stations.map((s) => s.id), parameters: [] };
    vi.stubGlobal('fetch', vi.fn(fakeOrganizationsServer(state).fetch));
  }
  const listed = async (name: string) =>
    within(await screen.findByRole('list', { name })).getAllByRole('listitem').map((item) => item.textContent);

  it('lists them by name, then identifier (numbers by their value), as the checklist does', async () => {
    projectWith([
      { id: 's-otter', identifier: 'DEMO-2', name: 'Otter Pond' },
      { id: 's-mill-10', identifier: 'DEMO-10', name: 'Mill Creek' },
      { id: 's-beaver', identifier: 'DEMO-3', name: 'beaver run' },
      { id: 's-mill-9', identifier: 'DEMO-9', name: 'Mill Creek' },
    ]);
    const user = userEvent.setup();
    renderWorkspace(`${PROJECT}/stations`, PROFILES.orgadmin);
    const order = ['beaver run DEMO-3', 'Mill Creek DEMO-9', 'Mill Creek DEMO-10', 'Otter Pond DEMO-2'];
    expect(await listed('Stations of the project')).toEqual(order);
    // The checklist lists them in the same order.
    await user.click(screen.getByRole('button', { name: 'Choose stations' }));
    const checklist = await screen.findByRole('group', { name: 'Stations of the project' });
    await waitFor(() => expect(within(checklist).getAllByRole('checkbox').map((box) => box.parentElement!.textContent))
      .toEqual(order.map((text) => text.replace(/ (DEMO-\d+)$/, ' ($1)'))));
  });

  it('lists Chinese names as Chinese sorts them (by pinyin), in the Chinese interface', async () => {
    await changeLanguage('zh-CN');
    projectWith([
      { id: 's-mill', identifier: 'ZH-1', name: '磨坊溪' },
      { id: 's-otter', identifier: 'ZH-2', name: '水獭塘' },
      { id: 's-north', identifier: 'ZH-3', name: '北溪' },
    ]);
    renderWorkspace(`${PROJECT}/stations`, PROFILES.orgadmin);
    // bei, mo, shui: not the characters' code order (北 水 磨).
    expect(await listed('项目的站点')).toEqual(['北溪 ZH-3', '磨坊溪 ZH-1', '水獭塘 ZH-2']);
  });
});

describe('a project page that cannot be loaded', () => {
  /** GETs of matching paths fail while `failing` holds: no answer at all, or a 500 with the server's words. */
  function failWhile(path: RegExp, answer: 'offline' | 500) {
    const state = { failing: true };
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost').pathname.replace(/^\/api\/v1/, '');
      if (state.failing && (init?.method ?? 'GET') === 'GET' && path.test(url)) {
        if (answer === 'offline') throw new TypeError('Failed to fetch');
        return jsonResponse(500, { statusCode: 500, message: 'Internal Server Error' });
      }
      return server.fetch(input, init);
    }));
    return state;
  }

  it('keeps the way back, a heading and the tabs, says what happened in plain words, and loads again on "Try again"', async () => {
    const outage = failWhile(/^\/project\/p-creek$/, 500);
    renderWorkspace(`${PROJECT}/stations`, PROFILES.orgadmin);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The project could not be loaded.');
    expect(alert).toHaveTextContent('The server ran into a problem and could not answer. Try again; if it keeps happening, tell the administrators (Contact us).');
    expect(alert).toHaveTextContent('Details: HTTP 500 · Internal Server Error');
    expect(screen.getByRole('link', { name: 'All projects of the organization' })).toHaveAttribute('href', `/userspace/organizations/${DEMO_ORG}/projects`);
    expect(screen.getByRole('heading', { level: 1, name: 'Project' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Project sections' })).getAllByRole('link')).toHaveLength(5);

    outage.failing = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Creek survey' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("its stations that cannot be loaded say so under the project's heading, with Try again", async () => {
    const outage = failWhile(new RegExp(`^/organization/${DEMO_ORG}/projects/p-creek/stations$`), 'offline');
    renderWorkspace(`${PROJECT}/stations`, PROFILES.orgadmin);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The stations of the project could not be loaded.');
    expect(alert).toHaveTextContent('Could not reach the server. Check your connection, then try again.');
    expect(screen.getByRole('heading', { level: 1, name: 'Creek survey' })).toBeInTheDocument();

    outage.failing = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(within(await screen.findByRole('list', { name: 'Stations of the project' })).getByText('Mill Creek')).toBeInTheDocument();
  });

  it('a project deleted (or never made) says so, with the way to the projects there are, and no Try again', async () => {
    server.state.projects = [];
    const { router } = renderWorkspace(`${PROJECT}/stations`, PROFILES.orgadmin);
    expect(await screen.findByRole('heading', { level: 1, name: 'Project not found' })).toBeInTheDocument();
    expect(screen.getByText('No project has the id “p-creek”: it does not exist, or it was deleted.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.queryByText('Project not found.')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Project sections' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Back to the projects of the organization' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/userspace/organizations/${DEMO_ORG}/projects`));
  });

  it('says a missing project in Simplified Chinese', async () => {
    await changeLanguage('zh-CN');
    server.state.projects = [];
    renderWorkspace(`${PROJECT}/stations`, PROFILES.orgadmin);
    expect(await screen.findByRole('heading', { level: 1, name: '未找到项目' })).toBeInTheDocument();
    expect(screen.getByText('没有 ID 为“p-creek”的项目：它不存在，或已被删除。')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回该组织的项目列表' })).toHaveAttribute('href', `/userspace/organizations/${DEMO_ORG}/projects`);
    expect(screen.queryByRole('button', { name: '重试' })).not.toBeInTheDocument();
    await changeLanguage('en');
  });

  it('says it in Simplified Chinese', async () => {
    await changeLanguage('zh-CN');
    failWhile(/^\/project\/p-creek$/, 'offline');
    renderWorkspace(`${PROJECT}/stations`, PROFILES.orgadmin);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('无法加载该项目。');
    expect(alert).toHaveTextContent('无法连接到服务器。请检查网络连接，然后重试。');
    expect(within(alert).getByRole('button', { name: '重试' })).toBeInTheDocument();
    await changeLanguage('en');
  });
});

describe("the project's tab panels", () => {
  /** Each tab's headings under the page's h1, as someone moving by headings meets them: its name, then its sections. */
  const OUTLINES = {
    en: {
      stations: ['h2 Stations'],
      parameters: ['h2 Parameters'],
      activities: ['h2 Activities'],
      imports: ['h2 Imports', 'h3 Import data', 'h4 The Open Water Data template'],
      logger: ['h2 Logger data', 'h3 Series of this project', 'h3 Import a logger file', 'h3 Import sources'],
    },
    'zh-CN': {
      stations: ['h2 站点'],
      parameters: ['h2 参数'],
      activities: ['h2 活动'],
      imports: ['h2 导入', 'h3 导入数据', 'h4 Open Water Data 模板'],
      logger: ['h2 记录仪数据', 'h3 本项目的序列', 'h3 导入记录仪文件', 'h3 导入源'],
    },
  };
  const cases = (['en', 'zh-CN'] as const).flatMap((language) => Object.entries(OUTLINES[language]).map(([tab, outline]) => ({ language, tab, outline })));

  it.each(cases)('$tab ($language): an h2 naming the tab under the h1, its sections h3 under that', async ({ language, tab, outline }) => {
    await changeLanguage(language);
    renderWorkspace(`${PROJECT}/${tab}`, PROFILES.orgadmin);
    expect(await pageOutline()).toEqual(['h1 Creek survey', ...outline]);
  });
});
