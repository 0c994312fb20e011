import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { setApiBase } from '../../../api/client';
import { changeLanguage } from '../../../i18n';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { stationRoutes } from '.';

// No canvas in jsdom: the chart and the small map stand in with what they were given.
vi.mock('../components/TimeSeriesChart', () => ({
  default: (props: { all: { name: string; unit: string; series: { time: Float64Array } }[]; imageTitle?: string; from?: string; to?: string }) => (
    <div data-testid="chart" data-image-title={props.imageTitle} data-range={`${props.from ?? ''}/${props.to ?? ''}`}>
      {props.all.map((s) => `${s.name} [${s.unit}] ${s.series.time.length}`).join(' | ')}
    </div>
  ),
}));
vi.mock('../components/StationMiniMap', () => ({
  default: (props: { latitude: number; longitude: number }) => <div data-testid="mini-map">{`${props.latitude},${props.longitude}`}</div>,
}));

const ORG = '6f1f3c4e-8a43-4b0c-9d7e-2f5a1c0b7d01';
const station = {
  id: 's1', identifier: 'USGS-01', name: 'Bear Creek', latitude: 40.1, longitude: -105.2, horizontalDatum: 'NAD83', stationType: 'stream',
  monitoringLocationType: 'River/Stream', huc8: '10190005', countyFips: '08013', organizationId: ORG,
  projectIds: ['proj-1'], sampleCount: 5, firstDate: '2020-01-01', lastDate: '2020-03-01', parameterIds: ['p-ph', 'p-temp'],
};
const series: Record<string, unknown> = {
  'p-ph': { stationId: 's1', parameterId: 'p-ph', unit: 'std units', count: 3, data: [
    { time: '2020-01-01T10:00:00Z', value: 7.1 },
    { time: '2020-02-01T10:00:00Z', value: 7.9, qualifier: 'J' },
    { time: '2020-03-01T10:00:00Z', value: 6.8 },
  ] },
  'p-temp': { stationId: 's1', parameterId: 'p-temp', count: 2, data: [
    { time: '2020-01-01T10:00:00Z', value: 4.5, unit: 'deg C' },
    { time: '2020-03-01T10:00:00Z', value: null, detectionCondition: 'Not Detected' },
  ] },
};

const PH = series['p-ph'];

// What the server's export (GET /sampleValue) answers: the times and zones as the source wrote them, ND as reported.
const EXPORT_CSV = [
  'OrganizationIdentifier,OrganizationFormalName,ActivityIdentifier,ActivityTypeCode,ActivityMediaName,ActivityStartDate,ActivityStartTime/Time,ActivityStartTime/TimeZoneCode,ProjectIdentifier,MonitoringLocationIdentifier,MonitoringLocationName,ResultDetectionConditionText,CharacteristicName,ResultSampleFractionText,ResultMeasureValue,ResultMeasure/MeasureUnitCode,MeasureQualifierCode,ResultStatusIdentifier,ResultValueTypeName,ActivityDepthHeightMeasure/MeasureValue,ActivityDepthHeightMeasure/MeasureUnitCode,ResultCommentText',
  'DEMO,Demo Watershed Council,A-1,Sample-Routine,Water,2020-01-01,12:20:00,CDT,SPRING,USGS-01,Bear Creek,,pH,,7.1,std units,,Final,Actual,0.5,m,',
  'DEMO,Demo Watershed Council,A-1,Sample-Routine,Water,2020-01-01,12:20:00,CDT,SPRING,USGS-01,Bear Creek,Not Detected,"Temperature, water",Total,ND,deg C,,Final,Actual,0.5,m,"below the probe\'s range"',
].join('\r\n') + '\r\n';

const calls: string[] = [];
function fakeFetch(input: RequestInfo | URL) {
  const url = new URL(String(input), 'http://localhost');
  calls.push(url.pathname + url.search);
  const path = url.pathname.replace('/api/v1', '');
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  if (path === '/station/s1') return json(station);
  if (path === '/station/nope') return json({ statusCode: 404, message: 'Station not found.' }, 404);
  if (path === '/station/does-not-exist') return json({ statusCode: 400, message: 'Invalid param id. UUID string expected' }, 400);
  if (path === '/parameter/parameters') return json([
    { id: 'p-ph', label: 'pH', name: 'pH', unit: 'std units', characteristicName: 'pH' },
    { id: 'p-temp', label: 'Temperature, water', name: 'Temperature, water', unit: 'deg C', characteristicName: 'Temperature, water' },
  ]);
  if (path === '/station/s1/series') return json([
    { parameterId: 'p-ph', sampleCount: 3, firstDate: '2020-01-01', lastDate: '2020-03-01', lastValue: 6.8, unit: 'std units' },
    { parameterId: 'p-temp', sampleCount: 2, firstDate: '2020-01-01', lastDate: '2020-03-01', lastValue: null, unit: 'deg C' },
  ]);
  if (path === '/stationTypes') return json([{ key: 'stream', label: 'Stream' }, { key: 'lake', label: 'Lake or reservoir' }]);
  if (path === `/organization/${ORG}`) return json({ id: ORG, name: 'Demo Watershed Council' });
  if (path === '/project/getIdsByOrganizationIds') return json([{ id: 'proj-1', name: 'Spring survey' }]);
  if (path === '/keylist/timeZones') return json([{ value: 'UTC', offsetHours: 0 }, { value: 'EST', offsetHours: -5 }, { value: 'EDT', offsetHours: -4 }]);
  if (path === '/sampleValue') return new Response(EXPORT_CSV, { status: 200, headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
  const match = path.match(/^\/sampleValue\/s1\/(.+)$/);
  if (match) return json(series[match[1]]);
  return json({ message: 'no' }, 404);
}

/** The files the page saves: each one's name, type and content (the link is not followed in jsdom). */
function captureDownloads() {
  const blobs = new Map<string, Blob>();
  URL.createObjectURL = (blob: Blob | MediaSource) => {
    const url = `blob:saved-${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  };
  URL.revokeObjectURL = () => undefined;
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  return () =>
    Promise.all(
      (click.mock.contexts as HTMLAnchorElement[]).map(async (link) => {
        const blob = blobs.get(link.getAttribute('href')!)!;
        return { name: link.download, type: blob.type, text: await blob.text() };
      }),
    );
}

const exportCalls = () => calls.filter((c) => c.startsWith('/api/v1/sampleValue?'));

function renderStation(path: string) {
  const router = createMemoryRouter([{ path: '/sts', children: stationRoutes }, { path: '/sts/overview', element: <p>explorer</p> }], { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  setApiBase(undefined);
  calls.length = 0;
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => fakeFetch(input)));
});

describe('station page /sts/station/{stationId}', () => {
  it('opens on the chart: first parameter drawn, its values summarized, flags counted', async () => {
    const router = renderStation('/sts/station/s1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bear Creek' })).toBeInTheDocument();
    // The station type by its name in the reference list, not its key.
    expect(await screen.findByText('USGS-01 · Stream')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/sts/station/s1/chart'));
    expect(await screen.findByTestId('chart')).toHaveTextContent('pH [std units] 3');
    const summary = screen.getByRole('table', { name: 'Series shown' });
    const row = within(summary).getByRole('row', { name: /pH/ });
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(['std units', '3', '2020-01-01', '2020-03-01', '6.8', '7.9', '6.8', '1']);
    expect(calls).toContain('/api/v1/sampleValue/s1/p-ph?order=ASC');
  });

  it("dates an evening's value as written in its own zone, as the API does, not by its UTC date", async () => {
    // 2024-01-10 21:15 EST and 2024-07-15 23:40 EDT: stored in UTC on the next day.
    series['p-ph'] = { stationId: 's1', parameterId: 'p-ph', unit: 'std units', count: 2, data: [
      { time: '2024-01-11T02:15:00Z', value: 7.2, timeZone: 'EST' },
      { time: '2024-07-16T03:40:00Z', value: 7.4, timeZone: 'EDT' },
    ] };
    try {
      renderStation('/sts/station/s1/chart?from=2024-01-01&to=2024-12-31');
      const summary = await screen.findByRole('table', { name: 'Series shown' });
      const row = within(summary).getByRole('row', { name: /pH/ });
      await waitFor(() => expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(['std units', '2', '2024-01-10', '2024-07-15', '7.2', '7.4', '7.4', '0']));
      expect(calls).toContain('/api/v1/keylist/timeZones');
    } finally {
      series['p-ph'] = PH;
    }
  });

  it('adds a second parameter (its own unit) and a date range, kept in the address', async () => {
    const user = userEvent.setup();
    const router = renderStation('/sts/station/s1/chart');
    await screen.findByTestId('chart');
    await user.click(screen.getByRole('checkbox', { name: 'Temperature, water' }));
    await waitFor(() => expect(screen.getByTestId('chart')).toHaveTextContent('pH [std units] 3 | Temperature, water [deg C] 2'));
    expect(router.state.location.search).toBe('?parameter=p-ph%2Cp-temp');
    const summary = screen.getByRole('table', { name: 'Series shown' });
    const temp = within(summary).getByRole('row', { name: /Temperature/ });
    expect(within(temp).getAllByRole('cell').at(-1)).toHaveTextContent('1');

    const from = screen.getByLabelText('From');
    await user.type(from, '2020-02-01');
    await waitFor(() => expect(router.state.location.search).toContain('from=2020-02-01'));
    await waitFor(() => expect(calls).toContain('/api/v1/sampleValue/s1/p-ph?from=2020-02-01&order=ASC'));
  });

  it('adding a parameter fetches only its series, keeps the drawn ones, and shows the chart busy meanwhile', async () => {
    const user = userEvent.setup();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => {
      if (String(input).includes('/sampleValue/s1/p-temp')) await held;
      // A station with too many values to preload its other series.
      if (String(input).endsWith('/station/s1')) return jsonResponse(200, { ...station, sampleCount: 50_000 });
      return fakeFetch(input);
    }));
    renderStation('/sts/station/s1/chart');
    expect(await screen.findByTestId('chart')).toHaveTextContent('pH [std units] 3');
    const seriesCalls = () => calls.filter((c) => c.startsWith('/api/v1/sampleValue'));
    expect(seriesCalls()).toEqual(['/api/v1/sampleValue/s1/p-ph?order=ASC']);

    await user.click(screen.getByRole('checkbox', { name: 'Temperature, water' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Loading Temperature, water…');
    expect(screen.getByTestId('chart')).toHaveTextContent('pH [std units] 3');
    expect(screen.getByTestId('chart').closest('[aria-busy]')).toHaveAttribute('aria-busy', 'true');
    release();
    await waitFor(() => expect(screen.getByTestId('chart')).toHaveTextContent('pH [std units] 3 | Temperature, water [deg C] 2'));
    expect(screen.queryByText('Loading Temperature, water…')).not.toBeInTheDocument();
    expect(seriesCalls()).toEqual(['/api/v1/sampleValue/s1/p-ph?order=ASC', '/api/v1/sampleValue/s1/p-temp?order=ASC']);

    // Unticking and ticking again draws from what was loaded: nothing is fetched again.
    await user.click(screen.getByRole('checkbox', { name: 'pH' }));
    await waitFor(() => expect(screen.getByTestId('chart')).toHaveTextContent(/^Temperature, water \[deg C\] 2$/));
    await user.click(screen.getByRole('checkbox', { name: 'pH' }));
    await waitFor(() => expect(screen.getByTestId('chart')).toHaveTextContent('Temperature, water [deg C] 2 | pH [std units] 3'));
    expect(seriesCalls()).toHaveLength(2);
  });

  it("preloads a small station's other series once the chart is drawn, so a tick draws at once", async () => {
    const user = userEvent.setup();
    renderStation('/sts/station/s1/chart');
    expect(await screen.findByTestId('chart')).toHaveTextContent('pH [std units] 3');
    await waitFor(() => expect(calls).toContain('/api/v1/sampleValue/s1/p-temp?order=ASC'));
    await user.click(screen.getByRole('checkbox', { name: 'Temperature, water' }));
    expect(screen.getByTestId('chart')).toHaveTextContent('pH [std units] 3 | Temperature, water [deg C] 2');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.startsWith('/api/v1/sampleValue'))).toEqual([
      '/api/v1/sampleValue/s1/p-ph?order=ASC',
      '/api/v1/sampleValue/s1/p-temp?order=ASC',
    ]);
  });

  it('checks the date range in the form and shows no series for a range that cannot be', async () => {
    const router = renderStation('/sts/station/s1/chart?from=2020-03-01&to=2020-01-01');
    const from = await screen.findByLabelText('From');
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(from).toHaveAccessibleDescription('The start date must not be after the end date.');
    expect(screen.queryByTestId('chart')).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Series shown' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.startsWith('/api/v1/sampleValue'))).toEqual([]);
    router.navigate('/sts/station/s1/chart?from=2020-01-01&to=2020-03-01');
    expect(await screen.findByTestId('chart')).toHaveTextContent('pH [std units] 3');
    expect(screen.getByLabelText('From')).not.toHaveAttribute('aria-invalid');
  });

  it('keeps a date being typed in the field: the address and the series asked for change only for the whole date', async () => {
    const router = renderStation('/sts/station/s1/chart');
    expect(await screen.findByTestId('chart')).toHaveTextContent('pH [std units] 3');
    const from = screen.getByLabelText('From');
    const dated = () => calls.filter((c) => c.startsWith('/api/v1/sampleValue') && c.includes('from='));
    // Typing 02012020: the year as typed so far.
    fireEvent.change(from, { target: { value: '0002-02-01' } });
    fireEvent.change(from, { target: { value: '0020-02-01' } });
    fireEvent.change(from, { target: { value: '0202-02-01' } });
    expect(from).toHaveValue('0202-02-01');
    expect(router.state.location.search).toBe('');
    fireEvent.change(from, { target: { value: '2020-02-01' } });
    await waitFor(() => expect(router.state.location.search).toBe('?from=2020-02-01'));
    await waitFor(() => expect(dated()).toContain('/api/v1/sampleValue/s1/p-ph?from=2020-02-01&order=ASC'));
    expect(dated().every((c) => c.includes('from=2020-02-01'))).toBe(true);
    expect(from).toHaveValue('2020-02-01');
    // Back: the field shows the address's range again.
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('');
    expect(from).toHaveValue('');
  });

  it('says which date of a shared link is not a date, as the field cannot show it', async () => {
    renderStation('/sts/station/s1/chart?from=2024-13-45');
    const from = await screen.findByLabelText('From');
    expect(from).toHaveValue('');
    expect(from).toHaveAccessibleDescription('“2024-13-45” in the address is not a date; choose a date.');
    expect(screen.queryByTestId('chart')).not.toBeInTheDocument();
  });

  it("gives the chart the chosen range for its time axis, and the station's name and identifier for the downloaded image's heading", async () => {
    renderStation('/sts/station/s1/chart?parameter=p-ph,p-temp&from=2020-01-01&to=2020-06-30');
    const chart = await screen.findByTestId('chart');
    await waitFor(() => expect(chart).toHaveTextContent('pH [std units] 3 | Temperature, water [deg C] 2'));
    expect(chart).toHaveAttribute('data-range', '2020-01-01/2020-06-30');
    expect(chart).toHaveAttribute('data-image-title', 'Bear Creek (USGS-01): pH, Temperature, water');
    await changeLanguage('zh-CN');
    await waitFor(() => expect(screen.getByTestId('chart')).toHaveAttribute('data-image-title', 'Bear Creek（USGS-01）：pH、Temperature, water'));
    await changeLanguage('en');
  });

  it("downloads the server's export of the shown parameters over the chosen range, saved under the page's file name", async () => {
    const user = userEvent.setup();
    const headers: Headers[] = [];
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/sampleValue?')) headers.push(new Headers(init?.headers));
      return fakeFetch(input);
    }));
    const saved = captureDownloads();
    renderStation('/sts/station/s1/chart?parameter=p-ph,p-temp&from=2020-01-01&to=2020-06-30');
    await waitFor(() => expect(screen.getByTestId('chart')).toHaveTextContent('pH [std units] 3 | Temperature, water [deg C] 2'));
    expect(exportCalls()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(HTMLAnchorElement.prototype.click).toHaveBeenCalledTimes(1));
    expect(exportCalls()).toEqual(['/api/v1/sampleValue?stationId=s1&parameterId=p-ph&parameterId=p-temp&from=2020-01-01&to=2020-06-30']);
    expect(headers[0].get('Accept')).toBe('text/csv');
    // The file is what the server answered, byte for byte: 12:20 CDT stays 12:20 CDT, ND stays ND.
    expect(await saved()).toEqual([{ name: 'USGS-01-pH-Temperature_water.csv', type: 'text/csv;charset=utf-8', text: EXPORT_CSV }]);
    expect(screen.getByRole('button', { name: 'Download CSV' })).not.toHaveAttribute('aria-disabled');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    ['with the byte-order mark the server sends', '\ufeff'],
    ['without a byte-order mark', ''],
  ])('saves the export as UTF-8 with one byte-order mark (answered %s), so that Excel reads "Lake – “North” basin café"', async (_how, mark) => {
    const user = userEvent.setup();
    const named = EXPORT_CSV.replaceAll('Bear Creek', 'Lake – “North” basin café');
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) =>
      String(input).includes('/sampleValue?')
        ? new Response(mark + named, { status: 200, headers: { 'Content-Type': 'text/csv; charset=utf-8' } })
        : fakeFetch(input)));
    const blobs: Blob[] = [];
    URL.createObjectURL = (blob: Blob | MediaSource) => {
      blobs.push(blob as Blob);
      return `blob:saved-${blobs.length}`;
    };
    URL.revokeObjectURL = () => undefined;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderStation('/sts/station/s1/chart?parameter=p-ph');
    await screen.findByTestId('chart');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('USGS-01-pH.csv');
    const bytes = new Uint8Array(await blobs[0]!.arrayBuffer());
    // EF BB BF once, then the file: the name as written, in UTF-8.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect([...bytes.slice(3, 6)]).not.toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes.slice(3))).toBe(named);
    expect(named).toContain('Lake – “North” basin café');
  });

  it('asks for all the values when no date range is chosen', async () => {
    const user = userEvent.setup();
    const saved = captureDownloads();
    renderStation('/sts/station/s1/chart?parameter=p-ph');
    await screen.findByTestId('chart');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(HTMLAnchorElement.prototype.click).toHaveBeenCalledTimes(1));
    expect(exportCalls()).toEqual(['/api/v1/sampleValue?stationId=s1&parameterId=p-ph']);
    expect(await saved()).toEqual([{ name: 'USGS-01-pH.csv', type: 'text/csv;charset=utf-8', text: EXPORT_CSV }]);
  });

  it('shows the download busy while the server prepares it, and asks once however often it is pressed', async () => {
    const user = userEvent.setup();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => {
      const response = fakeFetch(input);
      if (String(input).includes('/sampleValue?')) await held;
      return response;
    }));
    const saved = captureDownloads();
    renderStation('/sts/station/s1/chart?parameter=p-ph&from=2020-01-01');
    await screen.findByTestId('chart');
    const button = screen.getByRole('button', { name: 'Download CSV' });
    await user.click(button);
    // The same button, which keeps focus: marked busy, saying so, not pressed again.
    expect(button).toHaveAccessibleName('Preparing CSV…');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveFocus();
    await user.click(button);
    expect(exportCalls()).toEqual(['/api/v1/sampleValue?stationId=s1&parameterId=p-ph&from=2020-01-01']);
    expect(HTMLAnchorElement.prototype.click).not.toHaveBeenCalled();
    release();
    await waitFor(() => expect(button).toHaveAccessibleName('Download CSV'));
    expect(button).not.toHaveAttribute('aria-disabled');
    expect((await saved()).map((f) => f.name)).toEqual(['USGS-01-pH.csv']);
    expect(exportCalls()).toHaveLength(1);
  });

  it('says why when the export cannot be downloaded, saves nothing, and lets it be tried again', async () => {
    const user = userEvent.setup();
    let fail = true;
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => {
      const response = fakeFetch(input);
      return fail && String(input).includes('/sampleValue?') ? jsonResponse(500, { statusCode: 500, message: 'Internal server error.' }) : response;
    }));
    const saved = captureDownloads();
    renderStation('/sts/station/s1/chart?parameter=p-ph');
    await screen.findByTestId('chart');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The CSV could not be downloaded: Internal server error.');
    expect(await saved()).toEqual([]);
    const button = screen.getByRole('button', { name: 'Download CSV' });
    expect(button).not.toHaveAttribute('aria-disabled');
    // The chart itself is still there: only the download failed.
    expect(screen.getByTestId('chart')).toHaveTextContent('pH [std units] 3');

    fail = false;
    await user.click(button);
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(await saved()).toEqual([{ name: 'USGS-01-pH.csv', type: 'text/csv;charset=utf-8', text: EXPORT_CSV }]);
    expect(exportCalls()).toHaveLength(2);
  });

  it('info: metadata, small map, projects, parameters', async () => {
    const user = userEvent.setup();
    const router = renderStation('/sts/station/s1/chart');
    await screen.findByTestId('chart');
    await user.click(screen.getByRole('link', { name: 'Info' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sts/station/s1/info'));
    expect(await screen.findByText('Demo Watershed Council')).toBeInTheDocument();
    expect(screen.getByText('USGS-01', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('10190005')).toBeInTheDocument();
    // The datum by the name the New station form gives it, not its WQX code alone.
    expect(screen.getByText('Horizontal datum').nextElementSibling).toHaveTextContent(/^NAD83 \(North American Datum 1983\)$/);
    expect(screen.getByText('Stream', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('2020-01-01 – 2020-03-01')).toBeInTheDocument();
    expect(await screen.findByTestId('mini-map')).toHaveTextContent('40.1,-105.2');
    expect(await screen.findByText('Spring survey')).toBeInTheDocument();
    const table = screen.getAllByRole('table').at(-1)!;
    expect(within(table).getByRole('link', { name: 'Temperature, water' })).toHaveAttribute('href', '/sts/station/s1/chart?parameter=p-temp');
    // Each parameter's number of values and first and last dates, from the station's series.
    const row = (name: string) => within(table).getByRole('rowheader', { name }).closest('tr')!;
    await waitFor(() => expect(within(row('pH')).getAllByRole('cell').map((c) => c.textContent)).toEqual(['std units', '3', '2020-01-01', '2020-03-01']));
    expect(within(row('Temperature, water')).getAllByRole('cell').map((c) => c.textContent)).toEqual(['deg C', '2', '2020-01-01', '2020-03-01']);
  });

  it("info: names a project made since the project names were read (it asks for them once more), not by its id", async () => {
    // A walk: a visitor whose page was open when a project was made saw "Projects: <its id>" until a reload.
    const named = [{ id: 'proj-1', name: 'Spring survey' }];
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname.replace('/api/v1', '');
      const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
      if (path === '/station/s1') return json({ ...station, projectIds: ['proj-1', 'proj-2'] });
      if (path === '/project/getIdsByOrganizationIds') {
        const answer = json([...named]);
        named.push({ id: 'proj-2', name: 'Autumn survey' }); // made just after this first answer
        calls.push(path);
        return answer;
      }
      return fakeFetch(input);
    }));
    renderStation('/sts/station/s1/info');
    expect(await screen.findByText('Autumn survey')).toBeInTheDocument();
    expect(screen.getByText('Spring survey')).toBeInTheDocument();
    expect(screen.queryByText('proj-2')).not.toBeInTheDocument();
    expect(calls.filter((c) => c === '/project/getIdsByOrganizationIds')).toHaveLength(2);
  });

  /** The station info page of `served` (as the server answers GET /station/s1): its [label, value] pairs. */
  async function infoFacts(served: Record<string, unknown>) {
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) =>
      String(input).endsWith('/station/s1') ? jsonResponse(200, served) : fakeFetch(input)));
    renderStation('/sts/station/s1/info');
    const list = await screen.findByLabelText(/^(Station metadata|站点元数据)$/);
    await within(list).findByText(served.identifier as string, { selector: 'dd' });
    return within(list).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]);
  }

  // A new station of a volunteer group in China: no sample yet (no summary written), no US codes.
  const chinaStation = {
    id: 's1', identifier: 'QXH-01', name: '清溪河上游·石桥村', latitude: 30.2741, longitude: 120.1551, horizontalDatum: 'WGS84',
    stationType: 'stream', organizationId: ORG, projectIds: ['proj-1'],
  };

  it('info: a station without data has 0 samples, not "not recorded", and no sampling period (English and Chinese)', async () => {
    const facts = await infoFacts(chinaStation);
    expect(facts).toContainEqual(['Samples', '0']);
    expect(facts.map(([label]) => label)).not.toContain('Sampled');
    cleanup();
    await changeLanguage('zh-CN');
    try {
      const zh = await infoFacts(chinaStation);
      expect(zh).toContainEqual(['样品数', '0']);
      expect(zh).toContainEqual(['水平基准', 'WGS 84（GPS、手机、网络地图）']);
      expect(zh.map(([label]) => label)).not.toContain('采样时间');
    } finally {
      await changeLanguage('en');
    }
  });

  it('info: shows the HUC and county rows only where they apply: not in China; in the US, "not recorded" when empty; a recorded code anywhere', async () => {
    const usRows = ['Hydrologic unit (HUC8)', 'Hydrologic unit (HUC12)', 'County (FIPS)'];
    const labels = (facts: (string | null | undefined)[][]) => facts.map(([label]) => label);
    expect(labels(await infoFacts(chinaStation)).filter((label) => usRows.includes(label!))).toEqual([]);
    cleanup();
    await changeLanguage('zh-CN');
    try {
      expect(labels(await infoFacts(chinaStation))).toEqual(['标识符', '名称', '组织', '站点类型', '监测位置类型', '纬度，经度', '水平基准', '样品数']);
    } finally {
      await changeLanguage('en');
    }
    cleanup();
    // In the US by its position (Honolulu), nothing recorded.
    const honolulu = { ...chinaStation, identifier: 'OWD-HI-01', latitude: 21.31, longitude: -157.86 };
    expect(await infoFacts(honolulu)).toEqual(expect.arrayContaining(usRows.map((label) => [label, 'Not recorded'])));
    cleanup();
    // In the US by its state, wherever its coordinates were typed.
    expect(await infoFacts({ ...chinaStation, stateFips: '15' })).toContainEqual(['County (FIPS)', 'Not recorded']);
    cleanup();
    // A code that was recorded is shown, whatever the position.
    expect(await infoFacts({ ...chinaStation, huc8: '10190005' })).toContainEqual(['Hydrologic unit (HUC8)', '10190005']);
  });

  it("info: a gauge with only logger series has 0 samples and says its logger series are on the Chart tab", async () => {
    const gauge = { ...chinaStation, loggerSeries: ['p-temp#mean#probe-1', 'p-ph#mean#probe-1'] };
    const facts = await infoFacts(gauge);
    expect(facts).toContainEqual(['Samples', '0 · 2 logger series on the Chart tab']);
    expect(screen.getByRole('link', { name: '2 logger series on the Chart tab' })).toHaveAttribute('href', '/sts/station/s1/chart');
    cleanup();
    await changeLanguage('zh-CN');
    try {
      expect(await infoFacts(gauge)).toContainEqual(['样品数', '0 · “图表”标签页中有 2 条记录仪序列']);
    } finally {
      await changeLanguage('en');
    }
  });

  it("info: 'Use in Python / R' fetches this station's site from this portal's WQP services, in English and Chinese", async () => {
    const user = userEvent.setup();
    renderStation('/sts/station/s1/info');
    await user.click(await screen.findByText('Use in Python / R'));
    // The code shown under the caption that starts with `label`.
    const code = (label: string) =>
      [...document.querySelectorAll('figcaption')].find((c) => c.firstChild?.textContent === label)?.nextElementSibling?.textContent;
    const base = `${window.location.origin}/api/v1/wqp`;
    const query = `siteid=USGS-01&organization=${ORG}&mimeType=csv`;
    expect(screen.getByText(/these addresses and snippets fetch this station and its results/)).toBeInTheDocument();
    expect(code('Stations (WQP address)')).toBe(`${base}/data/Station/search?${query}`);
    expect(code('Results (WQP address)')).toBe(`${base}/data/Result/search?${query}`);
    expect(code('Python (dataretrieval)')).toContain(`wqp.get_results(siteid="USGS-01", organization="${ORG}")`);
    expect(code('R')).toBe(`sites <- read.csv("${base}/data/Station/search?${query}")\nresults <- read.csv("${base}/data/Result/search?${query}")`);
    expect(screen.getByRole('button', { name: 'Copy Python (dataretrieval)' })).toBeInTheDocument();
    await changeLanguage('zh-CN');
    expect(await screen.findByText('本门户提供水质门户（WQP）的网络服务：以下地址和代码片段可获取本站点及其结果。')).toBeInTheDocument();
    expect(screen.getByText('在 Python / R 中使用')).toBeInTheDocument();
    expect(code('站点（WQP 地址）')).toBe(`${base}/data/Station/search?${query}`);
    await changeLanguage('en');
  });

  it('shows a not-found page with a way back for a station that does not exist, or a link that is not a station id', async () => {
    const user = userEvent.setup();
    for (const id of ['nope', 'does-not-exist']) {
      const router = renderStation(`/sts/station/${id}/chart`);
      expect(await screen.findByRole('heading', { level: 1, name: 'Station not found' })).toBeInTheDocument();
      expect(screen.getByText(`No station has the id “${id}”: it may have been removed, or the link is incomplete.`)).toBeInTheDocument();
      expect(screen.queryByText(/UUID/)).not.toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      await user.click(screen.getByRole('link', { name: 'Back to the explorer' }));
      expect(await screen.findByText('explorer')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/sts/overview');
      cleanup();
    }
  });

  it("'Back to the explorer' returns to the explorer's view it was opened from: its filters, sort and page, after a tab or a date too", async () => {
    const user = userEvent.setup();
    const explorerSearch = '?mode=table&stationType=lake&sort=-sampleCount&page=2';
    const router = createMemoryRouter([{ path: '/sts', children: stationRoutes }, { path: '/sts/overview', element: <p>explorer</p> }], {
      initialEntries: [{ pathname: '/sts/station/s1', state: { explorerSearch } }],
    });
    renderWithProviders(<RouterProvider router={router} />);
    await screen.findByTestId('chart');
    const back = () => screen.getByRole('link', { name: '← Back to the explorer' });
    expect(back()).toHaveAttribute('href', `/sts/overview${explorerSearch}`);
    await user.click(screen.getByRole('link', { name: 'Info' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sts/station/s1/info'));
    expect(back()).toHaveAttribute('href', `/sts/overview${explorerSearch}`);
    await user.click(screen.getByRole('link', { name: 'Chart' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Temperature, water' }));
    await waitFor(() => expect(router.state.location.search).toBe('?parameter=p-ph%2Cp-temp'));
    // Each entry of the station page carries the way back (a reload of any of them keeps it).
    expect(router.state.location.state).toEqual({ explorerSearch });
    await user.click(back());
    expect(await screen.findByText('explorer')).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe(`/sts/overview${explorerSearch}`);
  });

  it("'Back to the explorer' opens the explorer as it starts when the station was opened by a link", async () => {
    const user = userEvent.setup();
    const router = renderStation('/sts/station/s1/chart');
    await screen.findByTestId('chart');
    const back = screen.getByRole('link', { name: '← Back to the explorer' });
    expect(back).toHaveAttribute('href', '/sts/overview');
    await user.click(back);
    expect(await screen.findByText('explorer')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('still says why when a station cannot be loaded for another reason', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ statusCode: 500, message: 'Internal server error.' }), { status: 500, headers: { 'Content-Type': 'application/json' } })));
    renderStation('/sts/station/s1');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The station could not be loaded.');
    expect(alert).toHaveTextContent('The server ran into a problem and could not answer.');
    expect(alert).toHaveTextContent('Details: HTTP 500 · Internal server error.');
  });

  it('unreachable: keeps the way back, a heading and the tabs, says to check the connection, and loads again on "Try again"', async () => {
    let offline = true;
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => {
      if (offline) throw new TypeError('Failed to fetch');
      return fakeFetch(input);
    }));
    renderStation('/sts/station/s1/chart');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The station could not be loaded.');
    expect(alert).toHaveTextContent('Could not reach the server. Check your connection, then try again.');
    expect(alert).not.toHaveTextContent('The station could not be loaded: Failed to fetch');
    expect(screen.getByRole('link', { name: '← Back to the explorer' })).toHaveAttribute('href', '/sts/overview');
    expect(screen.getByRole('heading', { level: 1, name: 'Station' })).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Station views' });
    expect(within(tabs).getAllByRole('link').map((l) => l.textContent)).toEqual(['Chart', 'Info']);

    offline = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bear Creek' })).toBeInTheDocument();
    expect(await screen.findByTestId('chart')).toBeInTheDocument();
  });

  it('says an unreachable server in Simplified Chinese', async () => {
    await changeLanguage('zh-CN');
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    renderStation('/sts/station/s1/chart');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('无法加载该站点。');
    expect(alert).toHaveTextContent('无法连接到服务器。请检查网络连接，然后重试。');
    expect(within(alert).getByRole('button', { name: '重试' })).toBeInTheDocument();
    await changeLanguage('en');
  });

  it('speaks Simplified Chinese', async () => {
    await changeLanguage('zh-CN');
    renderStation('/sts/station/s1/chart');
    await screen.findByTestId('chart');
    expect(screen.getByRole('link', { name: '图表' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '信息' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '下载 CSV' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: '已显示的数据序列' })).toBeInTheDocument();
  });

  it('says in Simplified Chinese that the download is being prepared, or why it failed', async () => {
    const user = userEvent.setup();
    let answer!: (response: Response) => void;
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => {
      if (String(input).includes('/sampleValue?')) return new Promise<Response>((resolve) => (answer = resolve));
      return fakeFetch(input);
    }));
    captureDownloads();
    await changeLanguage('zh-CN');
    renderStation('/sts/station/s1/chart');
    await screen.findByTestId('chart');
    const button = screen.getByRole('button', { name: '下载 CSV' });
    await user.click(button);
    expect(button).toHaveAccessibleName('正在准备 CSV…');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    answer(jsonResponse(503, { statusCode: 503, message: '服务暂时不可用。' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('无法下载 CSV：服务暂时不可用。');
    expect(button).toHaveAccessibleName('下载 CSV');
  });
});
