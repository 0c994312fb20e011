import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { setApiBase } from '../../../api/client';
import { changeLanguage } from '../../../i18n';
import { renderWithProviders } from '../../../test/render';
import { builtInStationTypes, explorerApi, fakeApi, ORG_A, ORG_B, parameters, statisticMap, statisticObjects, statisticOver, stationRow } from '../fixtures';
import { selectionStore } from '../lib/selection';
import { explorerRoutes } from '.';

// No WebGL in jsdom: the map stands in with what it was given.
vi.mock('../components/StationMap', () => ({
  default: (props: {
    stations: { length: number; latitude: number[]; value?: (number | null)[] } | undefined;
    selected: { name: string }[];
    valueRange: [number, number] | null;
    onOpenStation?: (id: string) => void;
  }) => (
    <>
      <div data-testid="station-map">
        {props.stations ? `map of ${props.stations.length} stations at ${props.stations.latitude.map((v) => v.toFixed(1)).join(', ')}` : 'map, stations loading'}
        ; selected {props.selected.map((s) => s.name).join(', ')}
        {props.valueRange && `; coloured from ${props.valueRange.join(' to ')} by ${props.stations?.value?.join(', ')}`}
      </div>
      {/* A popup's link to a station's page. */}
      <button type="button" onClick={() => props.onOpenStation?.('s2')}>Open the station page of s2</button>
    </>
  ),
}));

/** The map (stand-in) once it shows `text`: it is there from the start, its stations come when loaded. */
async function mapShows(text: string) {
  await waitFor(() => expect(screen.getByTestId('station-map')).toHaveTextContent(text));
}

function renderExplorer(path: string) {
  const router = createMemoryRouter([{ path: '/sts', children: explorerRoutes }, { path: '/sts/station/:id', element: <p>station page</p> }], {
    initialEntries: [path],
  });
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

let api: ReturnType<typeof fakeApi>;

beforeEach(() => {
  setApiBase(undefined);
  selectionStore.reset();
  api = fakeApi(explorerApi());
  vi.stubGlobal('fetch', vi.fn(api.fetch));
});

const statisticBodies = () => api.calls.filter((c) => c.method === 'POST').map((c) => c.body);

describe('explorer /sts/overview', () => {
  it('redirects /sts to /sts/overview keeping the filters of a shared link', async () => {
    const router = renderExplorer(`/sts?organization=${ORG_A}&mode=map`);
    // The file's first render loads the explorer's modules (lazy routes, the map's stand-in): on a busy machine that
    // alone took more than the usual second.
    await screen.findByTestId('station-map', {}, { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/sts/overview');
    expect(router.state.location.search).toBe(`?organization=${ORG_A}&mode=map`);
  });

  it('says the sample count is every sample of the stations shown when a parameter or a date narrows them', async () => {
    renderExplorer(`/sts/overview?mode=map&parameter=p-ph&from=2020-01-01`);
    await mapShows('map of 3 stations at 40.1, 41.2, 39.9');
    expect(screen.getByText('3 stations · 1,234 samples in all at these stations')).toBeInTheDocument();
  });

  it('opens a link with mode=map and a filter: the filter reaches the server, the map shows the stations', async () => {
    renderExplorer(`/sts/overview?mode=map&organization=${ORG_A}`);
    await mapShows('map of 3 stations at 40.1, 41.2, 39.9');
    expect(screen.getByText('3 stations · 1,234 samples')).toBeInTheDocument();
    expect(statisticBodies()).toEqual([{ organizationIds: [ORG_A], format: 'columns', fields: ['sampleCount', 'stationType'] }]);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    // The organization filter shows as chosen.
    expect(await screen.findByRole('checkbox', { name: /Demo Watershed Council/ })).toBeChecked();
    // The phone's fold of the panel says how many filters are set (the panel's heading stays "Filters").
    expect(screen.getByText('Filters (1 set)', { selector: 'summary' })).toBeInTheDocument();
    // Legend: station types with their counts.
    const legend = screen.getByRole('list', { name: 'Legend' });
    expect(within(legend).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['River/Stream (2)', 'Lake (1)']);
  });

  it('changing a filter writes it to the address (a new history entry) and asks the server again', async () => {
    const user = userEvent.setup();
    const router = renderExplorer('/sts/overview');
    await screen.findByTestId('station-map');
    await user.click(await screen.findByText('Station types', { selector: 'summary' }));
    await user.click(await screen.findByRole('checkbox', { name: /^Lake/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?stationType=lake'));
    expect(router.state.historyAction).toBe('PUSH');
    await waitFor(() => expect(statisticBodies()).toContainEqual({ stationTypes: ['lake'], format: 'columns', fields: ['sampleCount', 'stationType'] }));
    expect(statisticBodies()).toContainEqual({ stationTypes: ['lake'], format: 'objects', limit: 5000, offset: 0 });

    await user.type(screen.getByRole('searchbox', { name: 'Search stations' }), 'creek{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?stationType=lake&q=creek'));

    await user.click(screen.getByRole('button', { name: 'Clear filters (2)' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('colours the map by a parameter measured in the result: colorBy in the address and the query, a legend of the range', async () => {
    const user = userEvent.setup();
    const router = renderExplorer(`/sts/overview?organization=${ORG_A}`);
    await screen.findByTestId('station-map');
    const colorBy = screen.getByRole('combobox', { name: 'Colour by' });
    await waitFor(() => expect(within(colorBy).getAllByRole('option').map((o) => o.textContent)).toEqual(['Station type', 'pH', 'Temperature, water']));
    expect(colorBy).toHaveValue('');
    await user.selectOptions(colorBy, 'pH');
    await waitFor(() => expect(router.state.location.search).toBe(`?organization=${ORG_A}&colorBy=p-ph`));
    await waitFor(() => expect(statisticBodies()).toContainEqual({ organizationIds: [ORG_A], colorBy: 'p-ph', format: 'columns', fields: ['sampleCount', 'stationType'] }));
    // The table does not ask for values: changing the colour does not reload it.
    expect(statisticBodies().filter((b) => (b as { format: string }).format === 'objects' && 'colorBy' in (b as object))).toEqual([]);
    await mapShows('coloured from 7.4 to 8.25 by 7.4, 8.25,');
    const legend = screen.getByRole('group', { name: 'Legend' });
    expect(legend).toHaveTextContent('Latest value: pH (std units)');
    expect(within(legend).getByRole('img', { name: 'From 7.4 to 8.25 std units' })).toBeInTheDocument();
    expect(legend).toHaveTextContent('No value (1)');
    expect(screen.queryByRole('list', { name: 'Legend' })).not.toBeInTheDocument();

    // Choosing 'Station type' again brings the type legend back.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Colour by' }), 'Station type');
    await waitFor(() => expect(router.state.location.search).toBe(`?organization=${ORG_A}`));
    expect(await screen.findByRole('list', { name: 'Legend' })).toBeInTheDocument();
  });

  it('opens a shared link coloured by a parameter', async () => {
    renderExplorer('/sts/overview?mode=map&colorBy=p-temp');
    expect(await screen.findByRole('group', { name: 'Legend' })).toHaveTextContent('Latest value: Temperature, waterNo value (3)');
    expect(screen.getByRole('combobox', { name: 'Colour by' })).toHaveValue('p-temp');
    expect(statisticBodies()).toEqual([{ colorBy: 'p-temp', format: 'columns', fields: ['sampleCount', 'stationType'] }]);
  });

  describe("a parameter's sample fractions", () => {
    // Dissolved and total phosphorus: two analytes. The first station's latest values of both, the second's of the
    // total only (as POST /statistic keeps them apart: colorBy "<id>#<fraction>", totals.fractions).
    const latest: Record<string, (number | null)[]> = { 'p-p#Dissolved': [0.08, null, null], 'p-p#Total': [0.7, 0.5, null] };
    beforeEach(() => {
      api = fakeApi({
        ...explorerApi(),
        'GET /parameter/parameters': [...parameters, { id: 'p-p', label: 'Phosphorus', name: 'Phosphorus', unit: 'mg/L', group: 'Nutrient' }],
        'POST /statistic': (_url: URL, init: RequestInit | undefined) => {
          const body = JSON.parse(String(init?.body)) as { colorBy?: string };
          const totals = { ...statisticMap.totals, parameterIds: ['p-ph', 'p-p', 'p-temp'], fractions: { 'p-p': ['Dissolved', 'Total'] } };
          const values = body.colorBy ? (latest[body.colorBy] ?? [null, null, null]) : undefined;
          if (!values) return { ...statisticMap, totals };
          const numbers = values.filter((v): v is number => v !== null);
          const value = { parameterId: body.colorBy, stations: numbers.length, min: Math.min(...numbers), max: Math.max(...numbers), unit: 'mg/L', units: ['mg/L'] };
          return { ...statisticMap, totals: { ...totals, value }, columns: { ...statisticMap.columns, value: values } };
        },
      });
      vi.stubGlobal('fetch', vi.fn(api.fetch));
    });
    const options = () => within(screen.getByRole('combobox', { name: /^(Colour by|着色依据)$/ })).getAllByRole('option').map((o) => o.textContent);

    it('colours the map by one fraction at a time, named in the list and the legend', async () => {
      const user = userEvent.setup();
      const router = renderExplorer('/sts/overview?mode=map');
      await waitFor(() => expect(options()).toEqual(['Station type', 'pH', 'Phosphorus (Dissolved)', 'Phosphorus (Total)', 'Temperature, water']));
      await user.selectOptions(screen.getByRole('combobox', { name: 'Colour by' }), 'Phosphorus (Total)');
      await waitFor(() => expect(router.state.location.search).toBe('?mode=map&colorBy=p-p%23Total'));
      expect(statisticBodies()).toContainEqual({ colorBy: 'p-p#Total', format: 'columns', fields: ['sampleCount', 'stationType'] });
      await mapShows('coloured from 0.5 to 0.7 by 0.7, 0.5,');
      expect(screen.getByRole('group', { name: 'Legend' })).toHaveTextContent('Latest value: Phosphorus (Total) (mg/L)');
    });

    it('names them in Simplified Chinese', async () => {
      await changeLanguage('zh-CN');
      renderExplorer('/sts/overview?mode=map&colorBy=p-p%23Dissolved');
      // The list and the legend name the parameter as the parameter filter does: its Chinese name beside its WQX one.
      expect(await screen.findByRole('group', { name: '图例' })).toHaveTextContent('最新值：磷 · Phosphorus（Dissolved） (mg/L)');
      await waitFor(() => expect(options()).toContain('磷 · Phosphorus（Total）'));
      expect(options()).toContain('pH值 · pH');
    });
  });

  it('switches to the table, sorts, searches, selects a station (shared with the map) and links to its page', async () => {
    const user = userEvent.setup();
    const router = renderExplorer('/sts/overview');
    await screen.findByTestId('station-map');
    await user.click(screen.getByRole('button', { name: 'Table' }));
    expect(router.state.location.search).toBe('?mode=table');
    expect(screen.queryByTestId('station-map')).not.toBeInTheDocument();

    const table = await screen.findByRole('table');
    const names = () => within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[1].textContent);
    expect(names()).toEqual(['Bear Creek', 'Alder Lake', 'Cedar River']);
    await user.click(within(table).getByRole('button', { name: 'Name' }));
    expect(names()).toEqual(['Alder Lake', 'Bear Creek', 'Cedar River']);
    expect(within(table).getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(table).getByRole('button', { name: /Name/ }));
    expect(names()).toEqual(['Cedar River', 'Bear Creek', 'Alder Lake']);
    await user.click(within(table).getByRole('button', { name: 'Samples' }));
    expect(names()).toEqual(['Cedar River', 'Alder Lake', 'Bear Creek']);
    expect(screen.getByText('Rows 1–3 of 3')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Select Alder Lake' }));
    expect(screen.getByText('1 selected')).toBeInTheDocument();
    expect(selectionStore.get().selected.map((s) => s.id)).toEqual(['s2']);
    expect(screen.getByRole('button', { name: 'Download selection (CSV)' })).not.toHaveAttribute('aria-disabled');

    await user.type(screen.getByRole('searchbox', { name: 'Search the table' }), 'cedar');
    expect(names()).toEqual(['Cedar River']);
    await user.clear(screen.getByRole('searchbox', { name: 'Search the table' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search the table' }), 'nothing like it');
    expect(screen.getByText('No station matches these filters.')).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Search the table' }));

    expect(statisticBodies().at(-1)).toEqual({ format: 'objects', limit: 5000, offset: 0 });
    await user.click(screen.getByRole('button', { name: 'Map and table' }));
    await mapShows('selected Alder Lake');

    await user.click(screen.getByRole('link', { name: 'Bear Creek' }));
    expect(await screen.findByText('station page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sts/station/s1');
  });

  it("opens a station from the map's popup with the explorer's address, for the station page's way back", async () => {
    const user = userEvent.setup();
    const router = renderExplorer(`/sts/overview?mode=map&organization=${ORG_A}&colorBy=p-ph`);
    await mapShows('map of 3 stations');
    await user.click(screen.getByRole('button', { name: 'Open the station page of s2' }));
    expect(await screen.findByText('station page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sts/station/s2');
    expect(router.state.location.state).toEqual({ explorerSearch: `?mode=map&organization=${ORG_A}&colorBy=p-ph` });
  });

  it('downloads the selection as a CSV in Water Quality Portal columns', async () => {
    const user = userEvent.setup();
    const created: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (b: Blob) => (created.push(b), 'blob:x'), revokeObjectURL: () => undefined }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderExplorer('/sts/overview?mode=table');
    await user.click(await screen.findByRole('button', { name: 'Select this page' }));
    expect(screen.getByText('3 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download selection (CSV)' }));
    expect(click).toHaveBeenCalled();
    const text = await created[0].text();
    expect(text.split('\r\n')[0]).toMatch(/^OrganizationIdentifier,MonitoringLocationIdentifier,MonitoringLocationName/);
    expect(text).toContain('Demo Watershed Council,DWC-02,Alder Lake,Lake,41.2,-104.9,200');
  });

  it("downloads WQP's values, whatever the interface's language: organization names, the stations' monitoring location types", async () => {
    const user = userEvent.setup();
    const created: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (b: Blob) => (created.push(b), 'blob:x'), revokeObjectURL: () => undefined }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    api = fakeApi({
      ...explorerApi(),
      'GET /stationTypes': builtInStationTypes,
      'POST /statistic': statisticOver([stationRow(1, { monitoringLocationType: 'River/Stream' }), stationRow(2, { organizationId: ORG_B, stationType: 'groundwater', monitoringLocationType: 'Well' })]),
    });
    vi.stubGlobal('fetch', vi.fn(api.fetch));
    await changeLanguage('zh-CN');
    renderExplorer('/sts/overview?mode=table');
    // The table names the explorer's station types in the interface's language; the CSV does not.
    expect(await screen.findByRole('cell', { name: '地下水' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '选择本页' }));
    await user.click(screen.getByRole('button', { name: '下载所选（CSV）' }));
    const [, first, second] = (await created[0].text()).trim().split('\r\n');
    expect(first).toBe('Demo Watershed Council,ID-1,Station 1,River/Stream,40.1,-100.1,10,2020-01-01,2021-01-01');
    expect(second).toBe('River Keepers,ID-2,Station 2,Well,40.2,-100.2,10,2020-01-01,2021-01-01');
    await changeLanguage('en');
  });

  it('makes the map while the stations load and puts them on it when they come', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST') await held;
      return api.fetch(input, init);
    }));
    renderExplorer(`/sts/overview?mode=map&organization=${ORG_A}`);
    await mapShows('map, stations loading');
    expect(screen.queryByRole('list', { name: 'Legend' })).not.toBeInTheDocument();
    release();
    await mapShows('map of 3 stations');
    expect(screen.getByText('3 stations · 1,234 samples')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Legend' })).toBeInTheDocument();
  });

  it('shows the server error message when the stations cannot be loaded', async () => {
    const { 'POST /statistic': _unused, ...rest } = explorerApi();
    void _unused;
    api = fakeApi(rest);
    vi.stubGlobal('fetch', vi.fn(api.fetch));
    renderExplorer('/sts/overview');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Stations could not be loaded.');
    expect(alert).toHaveTextContent('Cannot POST /api/v1/statistic');
  });

  it('an unreachable or failing server: said in plain words, and "Try again" loads the stations', async () => {
    const user = userEvent.setup();
    let answer: 'offline' | 500 | null = 'offline';
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (answer && init?.method === 'POST') {
        if (answer === 'offline') throw new TypeError('Failed to fetch');
        return new Response(JSON.stringify({ statusCode: 500, message: 'Internal Server Error' }), { status: 500, headers: { 'Content-Type': 'application/json' } });
      }
      return api.fetch(input, init);
    }));
    renderExplorer('/sts/overview?mode=map');
    let alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Stations could not be loaded.');
    expect(alert).toHaveTextContent('Could not reach the server. Check your connection, then try again.');
    expect(alert).not.toHaveTextContent('Stations could not be loaded: Failed to fetch');

    answer = 500;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('The server ran into a problem and could not answer.'));
    alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Details: HTTP 500 · Internal Server Error');

    answer = null;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await mapShows('map of 3 stations');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('3 stations · 1,234 samples')).toBeInTheDocument();
  });

  it('says an unreachable server in Simplified Chinese', async () => {
    await changeLanguage('zh-CN');
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST') throw new TypeError('Failed to fetch');
      return api.fetch(input, init);
    }));
    renderExplorer('/sts/overview?mode=map');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('无法加载站点。');
    expect(alert).toHaveTextContent('无法连接到服务器。请检查网络连接，然后重试。');
    expect(within(alert).getByRole('button', { name: '重试' })).toBeInTheDocument();
    await changeLanguage('en');
  });

  it('checks dates and hydrologic units in the form, at the field, and asks the server nothing until they are right', async () => {
    const user = userEvent.setup();
    const router = renderExplorer('/sts/overview?mode=table&from=2020-01-01&to=2019-01-01&huc=abc');
    const from = await screen.findByLabelText('From');
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(from).toHaveAccessibleDescription('The start date must not be after the end date.');
    expect(screen.getByRole('textbox', { name: 'Hydrologic unit (HUC)' })).toHaveAccessibleDescription(
      'A hydrologic unit code has 2, 4, 6, 8, 10 or 12 digits.',
    );
    expect(screen.getByText('Correct the filters to see stations.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(statisticBodies()).toEqual([]);
    router.navigate('/sts/overview?mode=table&from=2019-01-01&to=2020-01-01');
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.getByLabelText('From')).not.toHaveAttribute('aria-invalid');
    expect(statisticBodies()).toEqual([{ format: 'objects', limit: 5000, offset: 0, startDate: '2019-01-01', endDate: '2020-01-01' }]);
    void user;
  });

  it('keeps a date being typed in the field: the address and the server see only the whole date', async () => {
    const router = renderExplorer('/sts/overview?mode=table');
    expect(await screen.findByRole('table')).toBeInTheDocument();
    const from = screen.getByLabelText('From');
    // Typing 03152020: the browser reports the year as typed so far.
    fireEvent.change(from, { target: { value: '0002-03-15' } });
    fireEvent.change(from, { target: { value: '0020-03-15' } });
    fireEvent.change(from, { target: { value: '0202-03-15' } });
    expect(from).toHaveValue('0202-03-15');
    expect(router.state.location.search).toBe('?mode=table');
    fireEvent.change(from, { target: { value: '2020-03-15' } });
    await waitFor(() => expect(router.state.location.search).toBe('?mode=table&from=2020-03-15'));
    expect(router.state.historyAction).toBe('PUSH');
    await waitFor(() => expect(statisticBodies()).toContainEqual({ startDate: '2020-03-15', format: 'objects', limit: 5000, offset: 0 }));
    expect(statisticBodies().filter((b) => 'startDate' in (b as object))).toEqual([{ startDate: '2020-03-15', format: 'objects', limit: 5000, offset: 0 }]);
    expect(from).toHaveValue('2020-03-15');

    // One history entry: Back shows the explorer without the date, in the field too.
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?mode=table');
    expect(screen.getByLabelText('From')).toHaveValue('');
    // Clear filters empties the field as well.
    await act(() => router.navigate('/sts/overview?mode=table&from=2021-01-01'));
    expect(screen.getByLabelText('From')).toHaveValue('2021-01-01');
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters (1)' }));
    await waitFor(() => expect(router.state.location.search).toBe('?mode=table'));
    expect(screen.getByLabelText('From')).toHaveValue('');
  });

  it('empties the map, as the table, while the filters need correcting (not the last answer)', async () => {
    const router = renderExplorer('/sts/overview?mode=both');
    await mapShows('map of 3 stations at 40.1, 41.2, 39.9');
    await act(() => router.navigate('/sts/overview?mode=both&huc=abc'));
    expect(screen.getByText('Correct the filters to see stations.')).toBeInTheDocument();
    await mapShows('map of 0 stations at ');
    await act(() => router.navigate('/sts/overview?mode=both&huc=0102'));
    await waitFor(() => expect(screen.getByTestId('station-map')).not.toHaveTextContent('map of 0 stations'));
  });

  it('says which date of a shared link is not a date, as the field cannot show it', async () => {
    renderExplorer('/sts/overview?mode=table&from=2024-13-45');
    const from = await screen.findByLabelText('From');
    // The dates select by each station's sampling period (first to last sample), and say so.
    expect(screen.getByRole('group', { name: 'Sampling period overlaps' })).toContainElement(from);
    expect(from).toHaveValue('');
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(from).toHaveAccessibleDescription('“2024-13-45” in the address is not a date; choose a date.');
    expect(screen.getByText('Correct the filters to see stations.')).toBeInTheDocument();
    expect(statisticBodies()).toEqual([]);
  });

  it("counts each organization's stations on the map from the answer's totals (the map's points carry none)", async () => {
    renderExplorer('/sts/overview?mode=map&stationType=lake');
    await mapShows('map of 3 stations');
    const organizations = screen.getByRole('group', { name: 'Organizations' });
    await waitFor(() =>
      expect(within(organizations).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Demo Watershed Council2', 'River Keepers1']),
    );
    expect(statisticBodies()).toEqual([{ stationTypes: ['lake'], format: 'columns', fields: ['sampleCount', 'stationType'] }]);
  });

  it('counts 0 for an organization none of whose stations match, rather than showing no number', async () => {
    api = fakeApi({ ...explorerApi(), 'POST /statistic': { ...statisticMap, totals: { ...statisticMap.totals, organizations: 1, organizationCounts: { [ORG_A]: 3 } } } });
    vi.stubGlobal('fetch', vi.fn(api.fetch));
    renderExplorer('/sts/overview?mode=map');
    const organizations = screen.getByRole('group', { name: 'Organizations' });
    await waitFor(() =>
      expect(within(organizations).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Demo Watershed Council3', 'River Keepers0']),
    );
  });

  it("counts each organization's stations from the table's rows when the answer has no such totals", async () => {
    api = fakeApi({ ...explorerApi(), 'POST /statistic': { ...statisticObjects, totals: { stations: 3, samples: 1234 } } });
    vi.stubGlobal('fetch', vi.fn(api.fetch));
    renderExplorer('/sts/overview?mode=table');
    expect(await screen.findByRole('table')).toBeInTheDocument();
    const organizations = screen.getByRole('group', { name: 'Organizations' });
    await waitFor(() =>
      expect(within(organizations).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Demo Watershed Council2', 'River Keepers1']),
    );
  });

  it('counts one station and one sample in the singular', async () => {
    api = fakeApi({ ...explorerApi(), 'POST /statistic': { ...statisticObjects, total: 1, totals: { stations: 1, samples: 1 }, stations: statisticObjects.stations.slice(0, 1) } });
    vi.stubGlobal('fetch', vi.fn(api.fetch));
    renderExplorer('/sts/overview?mode=table');
    expect(await screen.findByText('1 station · 1 sample')).toBeInTheDocument();
  });

  it('offers the counties that have stations first, with their counts (0 for the others), in a labelled list', async () => {
    const user = userEvent.setup();
    api = fakeApi({
      ...explorerApi(),
      'GET /county/county': [
        { id: '02020', name: 'Anchorage Municipality', countyFips: '020', stateFips: '02', stateName: 'Alaska', stateCode: 'AK' },
        { id: '01001', name: 'Autauga County', countyFips: '001', stateFips: '01', stateName: 'Alabama', stateCode: 'AL' },
        ...Array.from({ length: 10 }, (_, i) => ({ id: `0900${i}`, name: `Aa County ${i}`, countyFips: `00${i}`, stateFips: '09', stateCode: 'CT' })),
      ],
      'POST /statistic': { ...statisticMap, totals: { ...statisticMap.totals, counties: { '01001': 2, '09003': 1 } } },
    });
    vi.stubGlobal('fetch', vi.fn(api.fetch));
    renderExplorer('/sts/overview?mode=map');
    await mapShows('map of 3 stations');
    await user.click(screen.getByText('County', { selector: 'summary' }));
    const list = screen.getByRole('group', { name: 'County' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Autauga County, AL2'));
    const names = within(list).getAllByRole('listitem').map((item) => item.textContent);
    expect(names.slice(0, 3)).toEqual(['Autauga County, AL2', 'Aa County 3, CT1', 'Aa County 0, CT0']);
    expect(within(list).getByRole('searchbox', { name: 'Search County' })).toBeInTheDocument();
  });

  it('shows no earlier results under an error', async () => {
    api = fakeApi({
      ...explorerApi(),
      'POST /statistic': (_url: URL, init: RequestInit | undefined) => {
        const body = JSON.parse(String(init?.body));
        if (body.search === 'refused') throw new Error('refused');
        return statisticObjects;
      },
    });
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.body && String(init.body).includes('refused')) {
        return new Response(JSON.stringify({ statusCode: 400, message: 'Invalid search.' }), { status: 400, headers: { 'Content-Type': 'application/json' } });
      }
      return api.fetch(input, init);
    }));
    const router = renderExplorer('/sts/overview?mode=table');
    expect(await screen.findByRole('table')).toBeInTheDocument();
    router.navigate('/sts/overview?mode=table&q=refused');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Stations could not be loaded.');
    expect(alert).toHaveTextContent('Invalid search.');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByText('3 stations · 1,234 samples')).not.toBeInTheDocument();
  });

  it('speaks Simplified Chinese', async () => {
    await changeLanguage('zh-CN');
    renderExplorer('/sts/overview?mode=table');
    expect(await screen.findByText('3 个站点 · 1,234 个样品')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '表格' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('columnheader', { name: /名称/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '筛选' })).toBeInTheDocument();
    expect(screen.getByText('筛选', { selector: 'summary' })).toBeInTheDocument();
  });

  it("on a phone keeps the panel's heading for screen readers only: the fold above it says Filters", async () => {
    const phone = (query: string) => ({ matches: query.includes('max-width'), addEventListener: () => undefined, removeEventListener: () => undefined });
    vi.stubGlobal('matchMedia', vi.fn(phone));
    renderExplorer(`/sts/overview?mode=table&organization=${ORG_A}`);
    expect(await screen.findByText('Filters (1 set)', { selector: 'summary' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Filters' })).toHaveClass('visually-hidden');
    vi.unstubAllGlobals();
  });

  it('counts only the filters it knows: an unknown parameter of the address is no filter to clear', async () => {
    const router = renderExplorer('/sts/overview?mode=table&foo=bar');
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Clear filters/ })).not.toBeInTheDocument();
    expect(screen.getByText('Filters', { selector: 'summary' })).toBeInTheDocument();
    await act(() => router.navigate('/sts/overview?mode=table&foo=bar&stateFips=01'));
    expect(await screen.findByRole('button', { name: 'Clear filters (1)' })).toBeInTheDocument();
  });

  it('shows the panel heading on a wider screen', async () => {
    renderExplorer('/sts/overview?mode=table');
    expect(await screen.findByRole('heading', { name: 'Filters' })).not.toHaveClass('visually-hidden');
  });

  it('says in Simplified Chinese how many filters are set, on the fold of the panel', async () => {
    await changeLanguage('zh-CN');
    renderExplorer(`/sts/overview?mode=table&organization=${ORG_A}&stationType=lake`);
    expect(await screen.findByText('筛选（已设 2 项）', { selector: 'summary' })).toBeInTheDocument();
  });

  it('says what is wrong with a filter in Simplified Chinese', async () => {
    await changeLanguage('zh-CN');
    renderExplorer('/sts/overview?mode=table&from=2020-01-01&to=2019-01-01');
    expect(await screen.findByLabelText('起始')).toHaveAccessibleDescription('开始日期不能晚于结束日期。');
    await changeLanguage('en');
  });
});

/** `total` stations named Station 00000, 00001, ..., station i with i samples, each answer the asked slice of them. */
function manyStations(total: number) {
  return (_url: URL, init: RequestInit | undefined) => {
    const body = JSON.parse(String(init?.body));
    const offset = body.offset ?? 0;
    const end = Math.min(total, offset + (body.limit ?? 5000));
    const stations = [];
    for (let i = offset; i < end; i++) {
      stations.push({
        id: `s${i}`, identifier: `ID-${i}`, name: `Station ${String(i).padStart(5, '0')}`, latitude: 40, longitude: -100,
        organizationId: ORG_A, stationType: 'River/Stream', meta: { sampleCount: i, firstDate: '2020-01-01', lastDate: '2021-01-01', parameterIds: [] },
      });
    }
    return { snapshot: 7, total, totals: { stations: total, samples: 0 }, format: 'objects', offset, limit: body.limit, stations };
  };
}

describe("the explorer table's sort and page in the address", () => {
  const useStations = (total: number) => {
    api = fakeApi({ ...explorerApi(), 'POST /statistic': manyStations(total) });
    vi.stubGlobal('fetch', vi.fn(api.fetch));
  };
  const names = () => within(screen.getByRole('table')).getAllByRole('row').slice(1).map((row) => within(row).getByRole('link').textContent);
  const header = (name: RegExp) => within(screen.getByRole('table')).getByRole('columnheader', { name });

  it('opens an address with a sort and a page: the table sorted, on that page', async () => {
    useStations(120);
    renderExplorer('/sts/overview?mode=table&sort=-sampleCount&page=2');
    expect(await screen.findByText('Rows 51–100 of 120')).toBeInTheDocument();
    expect(names()[0]).toBe('Station 00069');
    expect(names().at(-1)).toBe('Station 00020');
    expect(header(/Samples/)).toHaveAttribute('aria-sort', 'descending');
    expect(header(/Name/)).toHaveAttribute('aria-sort', 'none');
    // Neither is a filter: the server is asked for the stations as without them, none is counted or passed to Python.
    expect(statisticBodies()).toEqual([{ format: 'objects', limit: 5000, offset: 0 }]);
    expect(screen.queryByRole('button', { name: /Clear filters/ })).not.toBeInTheDocument();
    const code = [...document.querySelectorAll('.use-in-python code')].map((c) => c.textContent).join('\n');
    expect(code).toContain('what_sites(');
    expect(code).not.toMatch(/sort|sampleCount|page|size/);
  });

  it('writes a sort and a page turned to the address, each a new history entry, and shows them again coming back from a station', async () => {
    const user = userEvent.setup();
    useStations(120);
    const router = renderExplorer('/sts/overview?mode=table');
    expect(await screen.findByText('Rows 1–50 of 120')).toBeInTheDocument();
    await user.click(within(screen.getByRole('table')).getByRole('button', { name: /Samples/ }));
    expect(router.state.location.search).toBe('?mode=table&sort=sampleCount');
    expect(router.state.historyAction).toBe('PUSH');
    await user.click(within(screen.getByRole('table')).getByRole('button', { name: /Samples/ }));
    expect(router.state.location.search).toBe('?mode=table&sort=-sampleCount');
    expect(names()[0]).toBe('Station 00119');
    expect(header(/Samples/)).toHaveAttribute('aria-sort', 'descending');

    const next = screen.getByRole('button', { name: 'Next page' });
    await user.click(next);
    expect(router.state.location.search).toBe('?mode=table&sort=-sampleCount&page=2');
    expect(router.state.historyAction).toBe('PUSH');
    expect(screen.getByText('Rows 51–100 of 120')).toBeInTheDocument();
    expect(next).toHaveFocus();
    await user.click(next);
    expect(router.state.location.search).toBe('?mode=table&sort=-sampleCount&page=3');
    expect(screen.getByText('Rows 101–120 of 120')).toBeInTheDocument();

    // Back undoes a page turned.
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?mode=table&sort=-sampleCount&page=2');
    expect(screen.getByText('Rows 51–100 of 120')).toBeInTheDocument();

    // A station's page, and Back: the same sort and page.
    await user.click(screen.getByRole('link', { name: 'Station 00069' }));
    expect(await screen.findByText('station page')).toBeInTheDocument();
    // The station's page is given this view's address, for its 'Back to the explorer'.
    expect(router.state.location.state).toEqual({ explorerSearch: '?mode=table&sort=-sampleCount&page=2' });
    await act(() => router.navigate(-1));
    expect(await screen.findByText('Rows 51–100 of 120')).toBeInTheDocument();
    expect(names()[0]).toBe('Station 00069');
    expect(header(/Samples/)).toHaveAttribute('aria-sort', 'descending');

    // The mode is not a filter: the table keeps its page.
    await user.click(screen.getByRole('button', { name: 'Map and table' }));
    expect(router.state.location.search).toBe('?sort=-sampleCount&page=2');
    expect(await screen.findByText('Rows 51–100 of 120')).toBeInTheDocument();
  });

  it('goes back to the first page on a new filter, keeping the sort and the page size; not on a new colour', async () => {
    const user = userEvent.setup();
    useStations(120);
    const router = renderExplorer('/sts/overview?mode=table&sort=-sampleCount&page=3&size=25');
    expect(await screen.findByText('Rows 51–75 of 120')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Colour by' }), 'pH');
    await waitFor(() => expect(router.state.location.search).toBe('?mode=table&colorBy=p-ph&sort=-sampleCount&page=3&size=25'));
    expect(screen.getByText('Rows 51–75 of 120')).toBeInTheDocument();

    await user.click(await screen.findByText('Station types', { selector: 'summary' }));
    await user.click(await screen.findByRole('checkbox', { name: /^Lake/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?mode=table&stationType=lake&colorBy=p-ph&sort=-sampleCount&size=25'));
    expect(router.state.historyAction).toBe('PUSH');
    expect(await screen.findByText('Rows 1–25 of 120')).toBeInTheDocument();
    expect(names()[0]).toBe('Station 00119');
    expect(header(/Samples/)).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('button', { name: 'Clear filters (1)' })).toBeInTheDocument();
    expect(statisticBodies().at(-1)).toEqual({ stationTypes: ['lake'], format: 'objects', limit: 5000, offset: 0 });
  });

  it('reads a value it does not understand as the default: unsorted, the first page; a page past the end as the last', async () => {
    useStations(120);
    const router = renderExplorer('/sts/overview?mode=table&sort=samples&page=abc&size=7');
    expect(await screen.findByText('Rows 1–50 of 120')).toBeInTheDocument();
    expect(names()[0]).toBe('Station 00000');
    for (const th of within(screen.getByRole('table')).getAllByRole('columnheader').filter((th) => th.hasAttribute('aria-sort'))) {
      expect(th).toHaveAttribute('aria-sort', 'none');
    }
    expect(screen.queryByRole('button', { name: /Clear filters/ })).not.toBeInTheDocument();
    expect(statisticBodies()).toEqual([{ format: 'objects', limit: 5000, offset: 0 }]);

    await act(() => router.navigate('/sts/overview?mode=table&page=0'));
    expect(await screen.findByText('Rows 1–50 of 120')).toBeInTheDocument();
    await act(() => router.navigate('/sts/overview?mode=table&page=9'));
    expect(await screen.findByText('Rows 101–120 of 120')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('shows the last page, asked of the server, for a page past the end of more stations than one answer holds', async () => {
    const user = userEvent.setup();
    useStations(6000);
    const router = renderExplorer('/sts/overview?mode=table&page=1000');
    expect(await screen.findByText('Rows 5,951–6,000 of 6,000')).toBeInTheDocument();
    expect(names()[0]).toBe('Station 05950');
    expect(statisticBodies().map((b) => (b as { offset: number }).offset)).toEqual([45000, 5000]);
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(router.state.location.search).toBe('?mode=table&page=119');
    expect(screen.getByText('Rows 5,901–5,950 of 6,000')).toBeInTheDocument();
  });
});

describe('the figures of the explorer belong to the filters of its address, in every mode', () => {
  // Two surface-water stations and a groundwater one, in two organizations, measuring pH and temperature.
  const stations = [
    stationRow(1, { sampleCount: 1000, parameterIds: ['p-ph'] }),
    stationRow(2, { organizationId: ORG_B, sampleCount: 200, parameterIds: ['p-ph', 'p-temp'] }),
    stationRow(3, { stationType: 'groundwater', sampleCount: 34, parameterIds: ['p-temp'], countyFips: '01001' }),
  ];
  beforeEach(() => {
    api = fakeApi({ ...explorerApi(), 'GET /stationTypes': builtInStationTypes, 'POST /statistic': statisticOver(stations) });
    vi.stubGlobal('fetch', vi.fn(api.fetch));
  });
  const counts = (group: string) => within(screen.getByRole('group', { name: group })).getAllByRole('listitem').map((li) => li.textContent);
  const colourOptions = () => within(screen.getByRole('combobox', { name: 'Colour by' })).getAllByRole('option').map((o) => o.textContent);

  /** The headline, the panel's counts and the Colour by list of the groundwater station alone. */
  async function showsTheGroundwaterStation() {
    expect(await screen.findByText('1 station · 34 samples')).toBeInTheDocument();
    expect(screen.queryByText('3 stations · 1,234 samples')).not.toBeInTheDocument();
    await waitFor(() => expect(counts('Organizations')).toEqual(['Demo Watershed Council1', 'River Keepers0']));
    expect(colourOptions()).toEqual(['Station type', 'Temperature, water']);
  }

  async function tableOfGroundwater(user: ReturnType<typeof userEvent.setup>, router: ReturnType<typeof renderExplorer>) {
    await mapShows('map of 3 stations');
    expect(screen.getByText('3 stations · 1,234 samples')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Table' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
    await user.click(screen.getByText('Station types', { selector: 'summary' }));
    await user.click(await screen.findByRole('checkbox', { name: /^Groundwater/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?mode=table&stationType=groundwater'));
    await showsTheGroundwaterStation();
    expect(counts('Station types')).toEqual(['Groundwater1', 'Estuary or ocean0', 'Lake or reservoir0', 'Other0', 'Surface water0']);
  }

  it('counts the filtered stations in the table, not the map shown before (headline, panel counts, Colour by)', async () => {
    const user = userEvent.setup();
    await tableOfGroundwater(user, renderExplorer('/sts/overview'));
  });

  it('does so on a phone too, from its map to the table', async () => {
    vi.stubGlobal('matchMedia', vi.fn((query: string) => ({ matches: query.includes('max-width'), addEventListener: () => undefined, removeEventListener: () => undefined })));
    const user = userEvent.setup();
    await tableOfGroundwater(user, renderExplorer('/sts/overview'));
  });

  it('counts the stations of a link followed in the same tab, and of Back', async () => {
    const router = renderExplorer('/sts/overview');
    await mapShows('map of 3 stations');
    await act(() => router.navigate('/sts/overview?mode=table&county=01001'));
    await showsTheGroundwaterStation();
    await act(() => router.navigate(-1));
    expect(await screen.findByText('3 stations · 1,234 samples')).toBeInTheDocument();
    await waitFor(() => expect(counts('Organizations')).toEqual(['Demo Watershed Council2', 'River Keepers1']));
  });

  it("shows no station-type count from the table's part of a larger result (its counts would be the part's)", async () => {
    api = fakeApi({ ...explorerApi(), 'GET /stationTypes': [{ key: 'River/Stream', label: 'River/Stream' }], 'POST /statistic': manyStations(6000) });
    vi.stubGlobal('fetch', vi.fn(api.fetch));
    renderExplorer('/sts/overview?mode=table');
    expect(await screen.findByText('Rows 1–50 of 6,000')).toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: 'River/Stream' })).toBeInTheDocument();
    expect(counts('Station types')).toEqual(['River/Stream']);
  });
});

describe('station type colours', () => {
  it('gives a station type the same colour in every view, whatever else the result holds', async () => {
    const stations = [
      stationRow(1), stationRow(2), stationRow(3), stationRow(4, { stationType: 'groundwater' }), stationRow(5, { stationType: 'estuary' }),
      stationRow(6, { stationType: 'estuary', organizationId: ORG_B }), stationRow(7, { stationType: 'other', organizationId: ORG_B }),
    ];
    api = fakeApi({ ...explorerApi(), 'GET /stationTypes': builtInStationTypes, 'POST /statistic': statisticOver(stations) });
    vi.stubGlobal('fetch', vi.fn(api.fetch));
    /** Each legend entry's text and swatch colour. */
    const legend = async () => {
      const list = await screen.findByRole('list', { name: 'Legend' });
      await waitFor(() => expect(list).toHaveTextContent('Surface water'));
      return Object.fromEntries(within(list).getAllByRole('listitem').map((li) => [li.textContent, (li.querySelector('.swatch') as HTMLElement).style.background]));
    };
    const router = renderExplorer(`/sts/overview?mode=map&organization=${ORG_A}`);
    await mapShows('map of 5 stations');
    const first = await legend();
    expect(Object.keys(first)).toEqual(['Surface water (3)', 'Estuary or ocean (1)', 'Groundwater (1)']);

    await act(() => router.navigate('/sts/overview?mode=map&stationType=groundwater'));
    await mapShows('map of 1 stations');
    const list = screen.getByRole('list', { name: 'Legend' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Groundwater (1)']);
    expect((list.querySelector('.swatch') as HTMLElement).style.background).toBe(first['Groundwater (1)']);

    // Another type in the result (Other) changes no colour.
    await act(() => router.navigate('/sts/overview?mode=map'));
    await mapShows('map of 7 stations');
    const all = await legend();
    expect(Object.keys(all)).toEqual(['Surface water (3)', 'Estuary or ocean (2)', 'Groundwater (1)', 'Other (1)']);
    expect(all['Surface water (3)']).toBe(first['Surface water (3)']);
    expect(all['Groundwater (1)']).toBe(first['Groundwater (1)']);
    expect(all['Estuary or ocean (2)']).toBe(first['Estuary or ocean (1)']);
    expect(new Set(Object.values(all)).size).toBe(4);
  });
});

describe('stations with logger series (gauges whose values are time series, not samples)', () => {
  /** Two of the three stations have logger series; the answer counts them apart from the samples. */
  const withLogger = (answer: typeof statisticObjects | typeof statisticMap) => ({
    ...answer,
    totals: { ...answer.totals, loggerStations: 2, loggerSeries: 3 },
    ...('stations' in answer
      ? { stations: answer.stations.map((s, i) => ({ ...s, meta: { ...s.meta, loggerSeriesCount: [2, 0, 1][i] } })) }
      : {}),
  });
  const LOGGER_COLUMN = /^(Logger series|记录仪序列)/;
  const loggerCells = () => {
    const table = screen.getByRole('table');
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent ?? '');
    const at = headers.findIndex((h) => LOGGER_COLUMN.test(h));
    return within(table).getAllByRole('row').slice(1).map((row) => row.querySelectorAll('td')[at]?.textContent);
  };

  beforeEach(() => {
    api = fakeApi({ ...explorerApi(), 'POST /statistic': (_url: URL, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body ?? '{}')) as { format?: string };
      return withLogger(body.format === 'objects' ? statisticObjects : statisticMap);
    } });
    vi.stubGlobal('fetch', vi.fn(api.fetch));
  });

  it('says how many of the stations have logger series beside their samples, and counts each one\'s series in the table', async () => {
    renderExplorer('/sts/overview?mode=table&parameter=p-ph');
    expect(await screen.findByText('3 stations · 1,234 samples in all at these stations · 2 with logger series')).toBeInTheDocument();
    // Samples stay samples; a station without logger series reads "None" to a screen reader, a dash to the eye.
    expect(loggerCells()).toEqual(['2', '—None', '1']);
  });

  it('sorts the table by its logger series', async () => {
    const user = userEvent.setup();
    const router = renderExplorer('/sts/overview?mode=table');
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: /^Logger series/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?mode=table&sort=loggerSeries'));
    await waitFor(() => expect(loggerCells()).toEqual(['—None', '1', '2']));
  });

  it('offers to colour by the parameters sampled at the stations (the latest values are of samples)', async () => {
    renderExplorer('/sts/overview?mode=map');
    await mapShows('map of 3 stations');
    expect(await screen.findByRole('group', { name: 'Parameters sampled at these stations' })).toBeInTheDocument();
  });

  it('speaks Simplified Chinese', async () => {
    await changeLanguage('zh-CN');
    try {
      renderExplorer('/sts/overview?mode=both&parameter=p-ph');
      expect(await screen.findByText('3 个站点 · 这些站点共 1,234 个样品 · 其中 2 个站点有记录仪序列')).toBeInTheDocument();
      await screen.findByRole('table');
      expect(loggerCells()).toEqual(['2', '—无', '1']);
      expect(await screen.findByRole('group', { name: '这些站点采样测量的参数' })).toBeInTheDocument();
    } finally {
      await changeLanguage('en');
    }
  });
});
