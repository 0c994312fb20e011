import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiBase } from '../../../api/client';
import type { Profile } from '../../../auth/profile';
import { ANONYMOUS_SESSION, SessionContext } from '../../../auth/session';
import { changeLanguage } from '../../../i18n';
import { Toasts, toast } from '../../../shell/toast';
import { renderWithProviders } from '../../../test/render';
import { stationRoutes } from '.';

// No canvas in jsdom: the chart stands in with what it was given (the sampled series' and the logger's).
vi.mock('../components/TimeSeriesChart', () => ({
  default: (props: { all: { name: string; unit: string; series: { time: Float64Array } }[] }) => (
    <div data-testid="chart">{props.all.map((s) => `${s.name} [${s.unit}] ${s.series.time.length}`).join(' | ')}</div>
  ),
}));

const ORG = 'org-demo';
const member = (roleName: string, organizationId = ORG): Profile => ({
  id: `u-${roleName}`, name: roleName, email: `${roleName}@demo.example`, systemRoles: [], permissions: [],
  organizationRole: { organizationId, roleName }, organizationRoles: [{ organizationId, roleName }],
});
const PROFILES = {
  contributor: member('data-contributor'),
  viewer: member('simple-user'),
  otherOrganization: member('data-contributor', 'org-other'),
  systemAdmin: { id: 'u-ada', name: 'Ada', email: 'ada@demo.example', systemRoles: [{ id: 'system-admin', roleName: 'system-admin' }], permissions: [], organizationRoles: [] } as Profile,
};

/** A value as the object form of GET /sampleValue/{station}/{parameter} answers it. */
type Value = { time: string; value: number | null; [field: string]: unknown };
/** The station's sampled values by parameter, as the server holds them (DELETE takes them out). */
let values: Record<string, Value[]>;
/** The station's logger series (GET /wapi/ts/list), as the server holds them. */
let logger: Record<string, unknown>[];
/** The station's logger series as its summary names them (GET /station: loggerSeries). */
let summaryLogger: string[];
/** The answer of the next DELETE of sampled values, instead of deleting (a refusal). */
let refusal: { status: number; message: string } | undefined;
let calls: { method: string; path: string }[];

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const inPeriod = (day: string, from: string | null, to: string | null) => (!from || day >= from) && (!to || day <= to);

function station() {
  const ids = Object.keys(values).filter((id) => values[id]!.length > 0);
  return {
    id: 's1', identifier: 'USGS-01', name: 'Bear Creek', organizationId: ORG, stationType: 'stream',
    sampleCount: ids.reduce((n, id) => n + values[id]!.length, 0), parameterIds: ids,
    ...(summaryLogger.length ? { loggerSeries: summaryLogger } : {}),
  };
}

async function fakeFetch(input: RequestInfo | URL, init?: RequestInit) {
  const url = new URL(String(input), 'http://localhost');
  const method = (init?.method ?? 'GET').toUpperCase();
  calls.push({ method, path: url.pathname + url.search });
  const path = url.pathname.replace('/api/v1', '');
  const from = url.searchParams.get('from');
  const to = url.searchParams.get('to');
  if (path === '/station/s1') return json(station());
  if (path === '/station/s1/series') return json(Object.entries(values).map(([parameterId, list]) => ({ parameterId, sampleCount: list.length })));
  if (path === '/parameter/parameters') return json([
    { id: 'p-ph', label: 'pH', name: 'pH', unit: 'std units' },
    { id: 'p-temp', label: 'Temperature, water', name: 'Temperature, water', unit: 'deg C' },
    { id: 'p-cond', label: 'Specific conductance', name: 'Specific conductance', unit: 'uS/cm' },
    { id: 'p-cl', label: 'Chloride', name: 'Chloride', unit: 'mg/L' },
    { id: 'p-p', label: 'Phosphorus', name: 'Phosphorus', unit: 'mg/L' },
  ]);
  if (path === '/stationTypes') return json([{ key: 'stream', label: 'Stream' }]);
  const sampled = /^\/sampleValue\/s1\/(.+)$/.exec(path);
  if (sampled && method === 'GET') {
    const list = (values[sampled[1]!] ?? []).filter((v) => inPeriod(v.time.slice(0, 10), from, to));
    const unit = ({ 'p-ph': 'std units', 'p-cl': 'mg/L', 'p-p': 'mg/L' } as Record<string, string>)[sampled[1]!] ?? 'deg C';
    return json({ stationId: 's1', parameterId: sampled[1], unit, count: list.length, data: list });
  }
  if (sampled && method === 'DELETE') {
    if (refusal) return json({ statusCode: refusal.status, message: refusal.message }, refusal.status);
    const all = values[sampled[1]!] ?? [];
    const kept = all.filter((v) => !inPeriod(v.time.slice(0, 10), from, to));
    values[sampled[1]!] = kept;
    return json({ deleted: all.length - kept.length });
  }
  if (path === '/wapi/ts/list') return json(logger);
  if (path === '/wapi/ts/data') return json({ aggregate: 'raw', count: 2, points: [{ t: '2023-03-01T00:00:00Z', v: 400 }, { t: '2023-03-01T00:15:00Z', v: 410 }] });
  const series = /^\/wapi\/ts\/series\/(.+)$/.exec(path);
  if (series && method === 'DELETE') {
    const found = logger.find((s) => s.id === series[1])!;
    const deleted = from || to ? 96 : (found.count as number);
    found.count = (found.count as number) - deleted;
    logger = logger.filter((s) => (s.count as number) > 0);
    return json({ deleted });
  }
  return json({ message: 'Not found' }, 404);
}

function renderChart(path: string, profile: Profile | null) {
  const session = profile ? { ...ANONYMOUS_SESSION, enabled: true, status: 'signed-in' as const, profile } : ANONYMOUS_SESSION;
  const router = createMemoryRouter([{ path: '/sts', children: stationRoutes }], { initialEntries: [path] });
  renderWithProviders(
    <SessionContext.Provider value={session}>
      <RouterProvider router={router} />
      <Toasts />
    </SessionContext.Provider>,
  );
  return router;
}

const deletes = () => calls.filter((c) => c.method === 'DELETE').map((c) => c.path);
const gets = (path: string) => calls.filter((c) => c.method === 'GET' && c.path === path).length;

beforeEach(() => {
  setApiBase(undefined);
  toast.clear();
  calls = [];
  refusal = undefined;
  logger = [];
  summaryLogger = [];
  values = {
    'p-ph': [
      { time: '2020-01-01T10:00:00Z', value: 7.1 },
      { time: '2020-02-01T10:00:00Z', value: 7.9 },
      { time: '2020-03-01T10:00:00Z', value: 6.8 },
    ],
    'p-temp': [{ time: '2020-01-01T10:00:00Z', value: 4.5 }],
  };
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
});

describe('deleting sampled values from the station chart', () => {
  it("deletes the chart's period of a parameter, says how many went, and reads the values again (every range cached)", async () => {
    const user = userEvent.setup();
    const router = renderChart('/sts/station/s1/chart', PROFILES.contributor);
    expect(await screen.findByTestId('chart')).toHaveTextContent('pH [std units] 3');
    // The period as the chart shows it: its values are cached too.
    await router.navigate('/sts/station/s1/chart?from=2020-02-01&to=2020-02-29');
    await waitFor(() => expect(screen.getByTestId('chart')).toHaveTextContent('pH [std units] 1'));

    const summary = screen.getByRole('table', { name: 'Series shown' });
    const button = within(summary).getByRole('button', { name: 'Delete values of pH…' });
    expect(button).toHaveTextContent('Delete values…');
    await user.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Delete values of pH' });
    expect(within(dialog).getByLabelText('From')).toHaveValue('2020-02-01');
    expect(within(dialog).getByLabelText('To')).toHaveValue('2020-02-29');
    expect(dialog).toHaveTextContent('The values of pH at Bear Creek (USGS-01) from 2020-02-01 to 2020-02-29 will be deleted. This cannot be undone.');
    const stationReads = gets('/api/v1/station/s1');
    await user.click(within(dialog).getByRole('button', { name: 'Delete values' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deletes()).toEqual(['/api/v1/sampleValue/s1/p-ph?from=2020-02-01&to=2020-02-29']);
    expect(screen.getByText('1 value deleted.').closest('[role="status"]')).toHaveClass('toast-success');
    expect(button).toHaveFocus();
    // The chart read its series again, and the station (its parameters and counts).
    expect(await screen.findByText('No values in this date range.')).toBeInTheDocument();
    expect(gets('/api/v1/sampleValue/s1/p-ph?from=2020-02-01&to=2020-02-29&order=ASC')).toBe(2);
    expect(gets('/api/v1/station/s1')).toBeGreaterThan(stationReads);

    // The whole range, cached before the deletion, is read again rather than shown as it was.
    await router.navigate('/sts/station/s1/chart');
    await waitFor(() => expect(screen.getByTestId('chart')).toHaveTextContent('pH [std units] 2'));
    expect(gets('/api/v1/sampleValue/s1/p-ph?order=ASC')).toBe(2);
  });

  it('deletes every value of a parameter when the period is left empty; focus goes to the parameters once its row has gone', async () => {
    const user = userEvent.setup();
    renderChart('/sts/station/s1/chart', PROFILES.systemAdmin);
    expect(await screen.findByTestId('chart')).toHaveTextContent('pH [std units] 3');
    await user.click(screen.getByRole('button', { name: 'Delete values of pH…' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete values of pH' });
    expect(within(dialog).getByLabelText('From')).toHaveValue('');
    expect(dialog).toHaveTextContent('Every value of pH at Bear Creek (USGS-01) will be deleted. This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete values' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deletes()).toEqual(['/api/v1/sampleValue/s1/p-ph']);
    expect(screen.getByText('3 values deleted.')).toBeInTheDocument();
    // The station no longer has pH: the chart shows its other parameter, and focus is on the parameters.
    await waitFor(() => expect(screen.getByTestId('chart')).toHaveTextContent(/^Temperature, water \[deg C\] 1$/));
    expect(screen.queryByRole('checkbox', { name: 'pH' })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Temperature, water' })).toHaveFocus();
  });

  it("shows the server's refusal in the dialog, which stays open", async () => {
    const user = userEvent.setup();
    refusal = { status: 400, message: 'This period holds 61,200 values: at most 50,000 are deleted at a time. Choose a shorter period.' };
    renderChart('/sts/station/s1/chart', PROFILES.contributor);
    await screen.findByTestId('chart');
    await user.click(screen.getByRole('button', { name: 'Delete values of pH…' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete values of pH' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete values' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The values could not be deleted: This period holds 61,200 values: at most 50,000 are deleted at a time. Choose a shorter period.',
    );
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(screen.queryByText(/values deleted/)).not.toBeInTheDocument();
    expect(screen.getByTestId('chart')).toHaveTextContent('pH [std units] 3');
  });

  it.each([
    ['a simple member', PROFILES.viewer],
    ['a contributor of another organization', PROFILES.otherOrganization],
    ['an anonymous visitor', null],
  ])('offers %s no Delete values', async (_who, profile) => {
    logger = [{ id: 'ts-1', organizationId: ORG, stationId: 's1', parameterId: 'p-cond', statistic: null, sensor: null, unit: 'uS/cm', count: 2, firstTime: '2023-03-01T00:00:00Z', lastTime: '2023-03-01T00:15:00Z' }];
    renderChart('/sts/station/s1/chart', profile);
    const summary = await screen.findByRole('table', { name: 'Series shown' });
    await screen.findByRole('region', { name: 'Logger data' });
    expect(within(summary).queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete values/ })).not.toBeInTheDocument();
  });

  it('speaks Simplified Chinese', async () => {
    await changeLanguage('zh-CN');
    const user = userEvent.setup();
    renderChart('/sts/station/s1/chart', PROFILES.contributor);
    await screen.findByTestId('chart');
    const button = screen.getByRole('button', { name: '删除 pH 的数值…' });
    expect(button).toHaveTextContent('删除数值…');
    await user.click(button);
    const dialog = screen.getByRole('dialog', { name: '删除 pH 的数值' });
    expect(dialog).toHaveTextContent('将删除站点 Bear Creek（USGS-01） 上 pH 的全部数值。 此操作无法撤销。');
    await user.click(within(dialog).getByRole('button', { name: '删除数值' }));
    expect(await screen.findByText('已删除 3 个数值。')).toBeInTheDocument();
  });
});

describe('the summary of the series shown', () => {
  /** The summary's row of a series: its cells after the header (unit, values, first, last, min, max, latest, flagged). */
  const rowOf = async (name: string) => {
    const summary = await screen.findByRole('table', { name: /^(Series shown|已显示的数据序列)$/ });
    const header = await within(summary).findByRole('rowheader', { name });
    return within(header.closest('tr')!).getAllByRole('cell').map((cell) => cell.textContent);
  };

  it('counts a result not detected (without a number) as a value, and says it is not drawn', async () => {
    values = { 'p-cl': [
      { time: '2019-01-10T15:00:00Z', value: 6.2 },
      { time: '2019-02-14T15:00:00Z', value: null, text: 'ND', detectionCondition: 'Not Detected' },
      { time: '2019-03-14T15:00:00Z', value: 6.43 },
    ] };
    renderChart('/sts/station/s1/chart', null);
    // Two points drawn: the chart is given three values, of which it draws two (its own tests say so).
    expect(await screen.findByTestId('chart')).toHaveTextContent('Chloride [mg/L] 3');
    const [unit, count, , , min, max, latest, flagged] = await rowOf('Chloride');
    expect([unit, count, min, max, latest, flagged]).toEqual(['mg/L', '3 values, 1 not detected (not drawn)', '6.2', '6.43', '6.43', '1 (1 not drawn)']);
  });

  it('writes minimum, maximum and latest with their significant digits, as the tooltips do', async () => {
    values = { 'p-p': [
      { time: '2019-01-10T15:00:00Z', value: 0.000123456789 },
      { time: '2019-02-14T15:00:00Z', value: 12345.6789 },
      { time: '2019-03-14T15:00:00Z', value: 0.0015 },
    ] };
    renderChart('/sts/station/s1/chart', null);
    const [, count, first, last, min, max, latest, flagged] = await rowOf('Phosphorus');
    expect([count, first, last, min, max, latest, flagged]).toEqual(['3', '2019-01-10', '2019-03-14', '0.000123457', '12,345.7', '0.0015', '0']);
  });

  it("draws and sums up a parameter's dissolved and total results apart; Delete values (of the parameter) is offered once", async () => {
    values = { 'p-p': [
      { time: '2019-01-10T15:00:00Z', value: 0.01, activityId: 'a1', sampleFraction: 'Dissolved' },
      { time: '2019-01-10T15:00:00Z', value: 0.2, activityId: 'a1', sampleFraction: 'Total' },
      { time: '2019-02-14T15:00:00Z', value: 0.03, activityId: 'a2', sampleFraction: 'Dissolved' },
      { time: '2019-02-14T15:00:00Z', value: 0.4, activityId: 'a2', sampleFraction: 'Total' },
    ] };
    renderChart('/sts/station/s1/chart', PROFILES.contributor);
    expect(await screen.findByTestId('chart')).toHaveTextContent('Phosphorus (Dissolved) [mg/L] 2 | Phosphorus (Total) [mg/L] 2');
    expect((await rowOf('Phosphorus (Dissolved)')).slice(1, 7)).toEqual(['2', '2019-01-10', '2019-02-14', '0.01', '0.03', '0.03']);
    expect((await rowOf('Phosphorus (Total)')).slice(1, 7)).toEqual(['2', '2019-01-10', '2019-02-14', '0.2', '0.4', '0.4']);
    expect(screen.getAllByRole('button', { name: 'Delete values of Phosphorus…' })).toHaveLength(1);
  });

  it("counts each fraction's values and non-detects apart in the Values and Flagged texts", async () => {
    values = { 'p-p': [
      { time: '2019-01-10T15:00:00Z', value: 0.01, activityId: 'a1', sampleFraction: 'Dissolved' },
      { time: '2019-01-10T15:00:00Z', value: 0.2, activityId: 'a1', sampleFraction: 'Total' },
      { time: '2019-02-14T15:00:00Z', value: null, text: 'ND', detectionCondition: 'Not Detected', activityId: 'a2', sampleFraction: 'Dissolved' },
      { time: '2019-02-14T15:00:00Z', value: 0.4, activityId: 'a2', sampleFraction: 'Total' },
    ] };
    renderChart('/sts/station/s1/chart', null);
    // Not "4 values, 1 not detected (not drawn)" on either row.
    const [, dissolved, , , , , , dissolvedFlagged] = await rowOf('Phosphorus (Dissolved)');
    const [, total, , , , , , totalFlagged] = await rowOf('Phosphorus (Total)');
    expect([dissolved, dissolvedFlagged, total, totalFlagged]).toEqual(['2 values, 1 not detected (not drawn)', '1 (1 not drawn)', '2', '0']);
  });

  it('speaks Simplified Chinese', async () => {
    await changeLanguage('zh-CN');
    values = { 'p-cl': [
      { time: '2019-01-10T15:00:00Z', value: 6.2, sampleFraction: 'Dissolved' },
      { time: '2019-02-14T15:00:00Z', value: null, detectionCondition: 'Not Detected', detectionLimit: '0.5', sampleFraction: 'Dissolved' },
      { time: '2019-02-14T15:00:00Z', value: 9, sampleFraction: 'Total' },
    ] };
    renderChart('/sts/station/s1/chart', null);
    expect(await screen.findByTestId('chart')).toHaveTextContent('Chloride（Dissolved） [mg/L] 2 | Chloride（Total） [mg/L] 1');
    const [, count, , , , , latest, flagged] = await rowOf('Chloride（Dissolved）');
    expect([count, latest, flagged]).toEqual(['2 个数值，其中 1 个未检出（绘于检出限处）', 'Not Detected; DL 0.5', '1']);
  });
});

describe("deleting values of the station's logger series", () => {
  const CONDUCTANCE = { id: 'ts-1', organizationId: ORG, stationId: 's1', parameterId: 'p-cond', statistic: null, sensor: null, unit: 'uS/cm', count: 35040, firstTime: '2023-01-01T00:00:00Z', lastTime: '2023-12-31T23:45:00Z' };

  it("deletes the chart's days of the series chosen, and lists the series with its count read again", async () => {
    const user = userEvent.setup();
    logger = [{ ...CONDUCTANCE }];
    renderChart('/sts/station/s1/chart?from=2023-03-01&to=2023-03-01', PROFILES.contributor);
    const panel = await screen.findByRole('region', { name: 'Logger data' });
    expect(await within(panel).findByRole('radio', { name: 'Specific conductance, uS/cm: 35,040 values' })).toBeChecked();
    const button = within(panel).getByRole('button', { name: 'Delete values of the logger series Specific conductance…' });
    await user.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Delete values of Specific conductance' });
    expect(dialog).toHaveTextContent(
      'The values of Specific conductance at Bear Creek (USGS-01) from 2023-03-01 to 2023-03-01 will be deleted. A series left without values leaves the list. This cannot be undone.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete values' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deletes()).toEqual([`/api/v1/wapi/ts/series/ts-1?${localDay(`2023-03-01`)}`]);
    expect(screen.getByText('96 values deleted.')).toBeInTheDocument();
    expect(await within(panel).findByRole('radio', { name: 'Specific conductance, uS/cm: 34,944 values' })).toBeChecked();
    expect(button).toHaveFocus();
  });

  it('deletes a whole series with the period emptied: it leaves the panel, and focus goes to the parameters', async () => {
    const user = userEvent.setup();
    logger = [{ ...CONDUCTANCE, count: 2 }];
    renderChart('/sts/station/s1/chart?from=2023-03-01', PROFILES.contributor);
    const panel = await screen.findByRole('region', { name: 'Logger data' });
    await user.click(await within(panel).findByRole('button', { name: 'Delete values of the logger series Specific conductance…' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete values of Specific conductance' });
    fireEvent.change(within(dialog).getByLabelText('From'), { target: { value: '' } });
    expect(dialog).toHaveTextContent('The whole logger series Specific conductance at Bear Creek (USGS-01) will be deleted, every value of it: it then leaves the list of series.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete values' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Logger data' })).not.toBeInTheDocument());
    expect(deletes()).toEqual(['/api/v1/wapi/ts/series/ts-1']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('2 values deleted.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'pH' })).toHaveFocus();
  });
});

/** The query of a day of the browser's time zone, as deleting a logger series' values sends it. */
function localDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  const iso = (ms: number) => encodeURIComponent(new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z'));
  return `from=${iso(new Date(year, month - 1, date).getTime())}&to=${iso(new Date(year, month - 1, date + 1).getTime() - 1)}`;
}

describe('a station whose only values are logger series (a gauge imported from USGS Water Services)', () => {
  const FLOW = { id: 'ts-flow', organizationId: ORG, stationId: 's1', parameterId: 'p-cond', statistic: null, sensor: null, unit: 'uS/cm', count: 5, firstTime: '2019-02-14T05:00:00Z', lastTime: '2019-02-14T06:00:00Z' };
  const NO_PARAMETERS = 'This station has no measured parameters yet.';
  const NO_SAMPLED = 'No sampled parameters yet; its logger series are charted below.';

  beforeEach(() => {
    values = {};
  });

  it('says it has no sampled parameters, its logger series being charted below, as its summary names them', async () => {
    summaryLogger = ['p-cond##'];
    logger = [{ ...FLOW }];
    renderChart('/sts/station/s1/chart', null);
    expect(await screen.findByText(NO_SAMPLED)).toBeInTheDocument();
    expect(screen.queryByText(NO_PARAMETERS)).not.toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Logger data' })).toBeInTheDocument();
  });

  it('says so too of a series written since the station was read (the list of series has it)', async () => {
    logger = [{ ...FLOW }];
    renderChart('/sts/station/s1/chart', null);
    expect(await screen.findByText(NO_SAMPLED)).toBeInTheDocument();
    expect(screen.queryByText(NO_PARAMETERS)).not.toBeInTheDocument();
  });

  it('says it has no measured parameters when it has no logger series either', async () => {
    renderChart('/sts/station/s1/chart', null);
    expect(await screen.findByText(NO_PARAMETERS)).toBeInTheDocument();
    await waitFor(() => expect(gets('/api/v1/wapi/ts/list?stationId=s1')).toBeGreaterThan(0));
    expect(screen.queryByText(NO_SAMPLED)).not.toBeInTheDocument();
  });

  it('says on the Info tab where its logger series are', async () => {
    summaryLogger = ['p-cond##'];
    renderChart('/sts/station/s1/info', null);
    expect(await screen.findByText('No parameter has been sampled here yet; its logger series are on the Chart tab.')).toBeInTheDocument();
    expect(screen.queryByText('No parameter has been measured here yet.')).not.toBeInTheDocument();
  });

  it('speaks Simplified Chinese', async () => {
    await changeLanguage('zh-CN');
    try {
      summaryLogger = ['p-cond##'];
      logger = [{ ...FLOW }];
      renderChart('/sts/station/s1/chart', null);
      expect(await screen.findByText('该站点尚无采样参数；其记录仪序列绘制于下方。')).toBeInTheDocument();
      cleanup();
      renderChart('/sts/station/s1/info', null);
      expect(await screen.findByText('此处尚未采样任何参数；其记录仪序列见“图表”标签页。')).toBeInTheDocument();
    } finally {
      await changeLanguage('en');
    }
  });
});
