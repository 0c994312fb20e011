import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Chart as ChartJS } from 'chart.js';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiBase } from '../../../api/client';
import { changeLanguage } from '../../../i18n';
import { renderWithProviders } from '../../../test/render';
import { axisExtent } from '../../stations/lib/timeAxis';
import { MAX_REDIRECTS, type TimeSeriesInfo } from '../api/timeseries';
import { LoggerSeriesPanel } from './LoggerSeriesPanel';
import { fakeChartCanvas } from '../../../test/chartCanvas';


const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const FIRST = '2023-01-01T00:00:00Z';
const LAST = '2023-12-31T23:45:00Z';
/** A year of 15-minute specific conductance at Mill Creek. */
const SERIES: TimeSeriesInfo = { id: 'ts-1', stationId: 's-1', parameterId: 'par-cond', statistic: null, sensor: null, unit: 'uS/cm', count: 35040, firstTime: FIRST, lastTime: LAST };
const CSV = 'StationIdentifier,StationId,Parameter,ParameterId,Statistic,Sensor,Unit,Time,Value,Qualifier,Flag\r\nMILL-1,s-1,Specific conductance,par-cond,,,uS/cm,2023-03-01T00:00:00Z,412,,\r\n';

/** 1,501 15-minute pH values (a parameter without a unit) in March 2023. */
const PH_SERIES: TimeSeriesInfo = {
  id: 'ts-ph', stationId: 's-1', parameterId: 'par-ph', statistic: null, sensor: null, unit: null, count: 1501,
  firstTime: '2023-03-01T00:00:00Z', lastTime: '2023-03-16T15:00:00Z',
};

/** The requests of /wapi/ts/data and /wapi/ts/download, with their ranges (ms; undefined: open). */
let asked: { path: string; from?: number; to?: number }[];
/** The station's logger series (GET /wapi/ts/list); the data answered is the first one's. */
let listed: TimeSeriesInfo[];
let download: () => Response;
/** GET /wapi/ts/data for the range asked (ms; ±Infinity: open): by default as the API answers the listed series. */
let answer: (from: number, to: number) => Response;

const json = (value: unknown, status = 200) => new Response(JSON.stringify(value), { status, headers: { 'Content-Type': 'application/json' } });

/** As the API answers: the finest level that fits 2,000 points in the range asked for (days, hours, values as measured). */
function answerData(from: number, to: number): Response {
  const start = Math.max(from, Date.parse(listed[0]!.firstTime!));
  const end = Math.min(to, Date.parse(listed[0]!.lastTime!));
  const [aggregate, step] = end - start > 2000 * HOUR ? ['day', DAY] : end - start > 2000 * 15 * 60_000 ? ['hour', HOUR] : ['raw', 15 * 60_000];
  const points = [];
  for (let t = Math.ceil(start / step) * step; t <= end; t += step) points.push(aggregate === 'raw' ? { t: new Date(t).toISOString(), v: 400 } : { t: new Date(t).toISOString(), min: 390, mean: 400, max: 410, n: 4 });
  return json({ aggregate, count: points.length * (aggregate === 'raw' ? 1 : 4), points });
}

beforeEach(() => {
  setApiBase(undefined);
  asked = [];
  listed = [SERIES];
  download = () => new Response(CSV, { status: 200, headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
  answer = answerData;
  fakeChartCanvas();
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const from = url.searchParams.get('from');
    const to = url.searchParams.get('to');
    if (path === '/wapi/ts/data' || path === '/wapi/ts/download') {
      asked.push({ path, from: from ? Date.parse(from) : undefined, to: to ? Date.parse(to) : undefined });
    }
    if (path === '/wapi/ts/list') return json(listed);
    if (path === '/parameter/parameters') return json([{ id: 'par-cond', name: 'Specific conductance', unit: 'uS/cm' }, { id: 'par-ph', name: 'pH', unit: null }]);
    if (path === '/wapi/ts/data') return answer(from ? Date.parse(from) : -Infinity, to ? Date.parse(to) : Infinity);
    if (path === '/wapi/ts/download') return download();
    return json({ message: 'Not found' }, 404);
  }));
});

/** The panel on the station chart's page, at this address (?from, ?to as the station chart keeps them). */
async function renderPanel(search = '', name = 'Specific conductance') {
  const panel = await renderPanelOnly(search);
  const canvas = await within(panel).findByRole('img', { name: `Logger data: ${name}` });
  await waitFor(() => expect(canvas).toHaveAttribute('data-drawn', 'true'));
  return { panel, canvas, level: within(panel).getByRole('status') };
}

/** The panel at this address, as soon as it is on the page (with or without a chart). */
async function renderPanelOnly(search = '') {
  const router = createMemoryRouter([{ path: '/sts/station/:id/chart', element: <LoggerSeriesPanel stationId="s-1" /> }], {
    initialEntries: [`/sts/station/s-1/chart${search}`],
  });
  renderWithProviders(<RouterProvider router={router} />);
  return screen.findByRole('region', { name: /^(Logger data|记录仪数据)$/ });
}

const dataAsked = () => asked.filter((a) => a.path === '/wapi/ts/data');
/** The answer to the last request is drawn. */
async function settled(level: HTMLElement, count: number) {
  await waitFor(() => expect(dataAsked()).toHaveLength(count));
  await waitFor(() => expect(level).toHaveAttribute('aria-busy', 'false'));
}
/** March 2023 as chosen on the station chart: its local days, first to last millisecond. */
const march = { from: new Date(2023, 2, 1).getTime(), to: new Date(2023, 3, 1).getTime() - 1 };
const axisOf = (canvas: HTMLElement) => ChartJS.getChart(canvas as HTMLCanvasElement)!.scales.x;
/** The whole year as the axis spans it unzoomed (its points drawn whole). */
const WHOLE = axisExtent([[Date.parse(FIRST), Date.parse(LAST)]])!;

describe('the logger chart: zoom, pan and focus through each answer', () => {
  it('keeps the chart and the focus on it through the answers: + + + ← ← 0 each act, beyond the values loaded', async () => {
    const user = userEvent.setup();
    const { panel, canvas, level } = await renderPanel();
    expect(dataAsked()).toEqual([{ path: '/wapi/ts/data', from: undefined, to: undefined }]);
    await settled(level, 1);
    expect(level).toHaveTextContent(/^Daily means/);
    const reset = within(panel).getByRole('button', { name: 'Reset zoom' });
    expect(reset).toBeDisabled();

    canvas.focus();
    for (let n = 2; n <= 4; n++) {
      await user.keyboard('+');
      await settled(level, n);
      // The same canvas, still focused (it was replaced by a new chart for every answer).
      expect(within(panel).getByRole('img', { name: 'Logger data: Specific conductance' })).toBe(canvas);
      expect(canvas).toHaveFocus();
      expect(reset).toBeEnabled();
    }
    // Each + asked for 80 % of the range shown before.
    const zoomed = dataAsked().slice(1);
    zoomed.forEach((view, i) => {
      const before = i === 0 ? WHOLE.max - WHOLE.min : zoomed[i - 1]!.to! - zoomed[i - 1]!.from!;
      expect((view.to! - view.from!) / before).toBeCloseTo(0.8, 2);
    });

    // ← moves earlier than the values loaded, and asks for them.
    const loaded = zoomed.at(-1)!;
    await user.keyboard('{ArrowLeft}');
    await settled(level, 5);
    await user.keyboard('{ArrowLeft}');
    await settled(level, 6);
    const panned = dataAsked().at(-1)!;
    expect(panned.from!).toBeLessThan(loaded.from!);
    expect(panned.to! - panned.from!).toBeCloseTo(loaded.to! - loaded.from!, -4);
    expect(axisOf(canvas).min).toBeLessThan(loaded.from!);
    expect(canvas).toHaveFocus();

    // 0: the whole year again, asked for whole.
    await user.keyboard('0');
    await waitFor(() => expect(dataAsked().at(-1)).toEqual({ path: '/wapi/ts/data', from: undefined, to: undefined }));
    await waitFor(() => expect(level).toHaveTextContent(/^Daily means/));
    expect([axisOf(canvas).min, axisOf(canvas).max]).toEqual([WHOLE.min, WHOLE.max]);
    expect(reset).toBeDisabled();
    expect(canvas).toHaveFocus();
  });

  it('zooms out beyond the range loaded, and asks for the wider range', async () => {
    const user = userEvent.setup();
    const { panel, level } = await renderPanel();
    await settled(level, 1);
    const zoomIn = within(panel).getByRole('button', { name: 'Zoom in' });
    await user.click(zoomIn);
    await settled(level, 2);
    await user.click(zoomIn);
    await settled(level, 3);
    const loaded = dataAsked().at(-1)!;
    // The button keeps the focus through the answers.
    expect(zoomIn).toHaveFocus();

    await user.click(within(panel).getByRole('button', { name: 'Zoom out' }));
    await settled(level, 4);
    const wider = dataAsked().at(-1)!;
    expect(wider.from!).toBeLessThan(loaded.from!);
    expect(wider.to!).toBeGreaterThan(loaded.to!);
    expect((wider.to! - wider.from!) / (loaded.to! - loaded.from!)).toBeCloseTo(1.25, 2);
  });

  it("'Reset zoom', a button of the chart's toolbar, shows the whole period again; there is no other button for it", async () => {
    const user = userEvent.setup();
    const { panel, canvas, level } = await renderPanel();
    await settled(level, 1);
    await user.click(within(panel).getByRole('button', { name: 'Zoom in' }));
    await settled(level, 2);
    const reset = within(panel).getByRole('button', { name: 'Reset zoom' });
    expect(reset).toBeEnabled();
    expect(within(panel).getByRole('toolbar')).toContainElement(reset);
    expect(within(panel).queryByRole('button', { name: 'Show the whole period' })).not.toBeInTheDocument();
    await user.click(reset);
    await waitFor(() => expect(dataAsked().at(-1)).toEqual({ path: '/wapi/ts/data', from: undefined, to: undefined }));
    expect([axisOf(canvas).min, axisOf(canvas).max]).toEqual([WHOLE.min, WHOLE.max]);
    expect(reset).toBeDisabled();
  });
});

describe("the logger chart within the station chart's dates", () => {
  it('asks for the chosen days only, and spans them (not the whole year)', async () => {
    const { canvas, level } = await renderPanel('?from=2023-03-01&to=2023-03-31');
    await settled(level, 1);
    // To the second, as the API takes them: the first and the last second of the chosen (local) days.
    expect(dataAsked()).toEqual([{ path: '/wapi/ts/data', from: Math.floor(march.from / 1000) * 1000, to: Math.floor(march.to / 1000) * 1000 }]);
    expect([axisOf(canvas).min, axisOf(canvas).max]).toEqual([march.from, march.to]);
    expect(level).toHaveTextContent(/^Hourly means/);
  });

  it('with one end chosen, spans from it to the last value', async () => {
    const { canvas, level } = await renderPanel('?from=2023-12-01');
    await settled(level, 1);
    expect(dataAsked()).toEqual([{ path: '/wapi/ts/data', from: new Date(2023, 11, 1).getTime(), to: undefined }]);
    expect([axisOf(canvas).min, axisOf(canvas).max]).toEqual([new Date(2023, 11, 1).getTime(), WHOLE.max]);
  });

  it('asks for nothing while the chosen range is wrong, and says why, as the sampled chart does', async () => {
    const panel = await renderPanelOnly('?from=2026-05-10&to=2026-05-02');
    expect(within(panel).getByRole('radio', { name: /Specific conductance/ })).toBeChecked();
    expect(within(panel).getByText('The start date must not be after the end date.')).toBeInTheDocument();
    expect(within(panel).queryByRole('img')).not.toBeInTheDocument();
    expect(dataAsked()).toEqual([]);
  });

  it('says which date in the address is not one, in Simplified Chinese', async () => {
    await changeLanguage('zh-CN');
    const panel = await renderPanelOnly('?from=2023-02-30');
    expect(await within(panel).findByText('地址中的“2023-02-30”不是日期，请选择日期。')).toBeInTheDocument();
    expect(within(panel).queryByRole('img')).not.toBeInTheDocument();
    expect(dataAsked()).toEqual([]);
  });
});

describe('the logger CSV download', () => {
  function captureLinks() {
    const blobs: Blob[] = [];
    URL.createObjectURL = (blob: Blob | MediaSource) => (blobs.push(blob as Blob), `blob:saved-${blobs.length}`);
    URL.revokeObjectURL = () => undefined;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    return { blobs, links: () => click.mock.contexts as HTMLAnchorElement[] };
  }

  it('downloads the values of the range shown as CSV (the chosen days, then the range zoomed to)', async () => {
    const user = userEvent.setup();
    const { blobs, links } = captureLinks();
    const { panel, level } = await renderPanel('?from=2023-03-01&to=2023-03-31');
    await settled(level, 1);
    const button = within(panel).getByRole('button', { name: 'Download logger data (CSV)' });
    await user.click(button);
    await waitFor(() => expect(links()).toHaveLength(1));
    const downloads = () => asked.filter((a) => a.path === '/wapi/ts/download');
    expect(downloads()).toEqual([{ path: '/wapi/ts/download', from: Math.floor(march.from / 1000) * 1000, to: Math.floor(march.to / 1000) * 1000 }]);
    expect(links()[0]!.download).toBe('Specific_conductance.csv');
    // With the byte-order mark the decoding of the answer dropped: Excel reads it as UTF-8.
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(await blobs[0]!.arrayBuffer())).toBe(`\ufeff${CSV}`);
    expect(button).toHaveFocus();

    await user.click(within(panel).getByRole('button', { name: 'Zoom in' }));
    await settled(level, 2);
    await user.click(button);
    await waitFor(() => expect(links()).toHaveLength(2));
    expect(downloads().at(-1)).toEqual({ ...dataAsked().at(-1), path: '/wapi/ts/download' });
  });

  it("fetches a large file from where the server's 303 answer says", async () => {
    const user = userEvent.setup();
    const { links } = captureLinks();
    const url = 'https://uploads.example.org/downloads/abc/time-series-1234.csv?X-Amz-Signature=x';
    download = () => json({ url, expiresIn: 900 }, 303);
    const { panel, level } = await renderPanel();
    await settled(level, 1);
    await user.click(within(panel).getByRole('button', { name: 'Download logger data (CSV)' }));
    await waitFor(() => expect(links()).toHaveLength(1));
    expect(links()[0]!.href).toBe(url);
    expect(asked.filter((a) => a.path === '/wapi/ts/download')).toEqual([{ path: '/wapi/ts/download', from: undefined, to: undefined }]);
    expect(within(panel).queryByRole('alert')).not.toBeInTheDocument();
  });

  it("follows a queued download's waiting address to the file when the redirects reach it as such", async () => {
    const user = userEvent.setup();
    const { links } = captureLinks();
    const file = 'https://uploads.example.org/downloads/timeseries/answers/abc/time-series-1234.csv?X-Amz-Signature=x';
    // Too large to write while the request waits: the worker writes it, the waiting address redirects to itself
    // (relative addresses, as the API answers them) until the file is written, then to the file.
    download = () => json({ url: 'downloads/abc?attempt=1', id: 'abc', status: 'queued' }, 303);
    const waited: string[] = [];
    const api = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname !== '/api/v1/wapi/ts/downloads/abc') return api(input, init);
      waited.push(`${url.pathname}${url.search}`);
      return url.searchParams.get('attempt') === '1' ? json({ url: 'abc?attempt=2', id: 'abc', status: 'running' }, 303) : json({ url: file, expiresIn: 900 }, 303);
    });
    const { panel, level } = await renderPanel();
    await settled(level, 1);
    await user.click(within(panel).getByRole('button', { name: 'Download logger data (CSV)' }));
    await waitFor(() => expect(links()).toHaveLength(1));
    expect(links()[0]!.href).toBe(file);
    expect(waited).toEqual(['/api/v1/wapi/ts/downloads/abc?attempt=1', '/api/v1/wapi/ts/downloads/abc?attempt=2']);
    expect(within(panel).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the file is not ready yet when the waiting address keeps redirecting', async () => {
    const user = userEvent.setup();
    captureLinks();
    download = () => json({ url: 'downloads/abc?attempt=1', id: 'abc', status: 'queued' }, 303);
    const api = vi.mocked(fetch).getMockImplementation()!;
    let asked = 0;
    vi.mocked(fetch).mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname !== '/api/v1/wapi/ts/downloads/abc') return api(input, init);
      asked += 1;
      return json({ url: `abc?attempt=${asked + 1}`, id: 'abc', status: 'running' }, 303);
    });
    const { panel, level } = await renderPanel();
    await settled(level, 1);
    await user.click(within(panel).getByRole('button', { name: 'Download logger data (CSV)' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('The CSV could not be downloaded: The file is still being written. Please try again in a few minutes.');
    expect(asked).toBe(MAX_REDIRECTS);
  });

  it("says why the download failed, in the server's words", async () => {
    const user = userEvent.setup();
    captureLinks();
    download = () => json({ message: 'Invalid from. It must not be after to' }, 400);
    const { panel, level } = await renderPanel();
    await settled(level, 1);
    await user.click(within(panel).getByRole('button', { name: 'Download logger data (CSV)' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('The CSV could not be downloaded: Invalid from. It must not be after to');
  });
});

describe('what the logger chart says of the values shown', () => {
  it('names a series without a unit by its parameter, and does not offer a zoom-out that shows nothing coarser', async () => {
    const user = userEvent.setup();
    listed = [PH_SERIES];
    const { panel, level } = await renderPanel('', 'pH');
    expect(within(panel).getByRole('radio', { name: 'pH: 1,501 values' })).toBeChecked();
    expect(panel).not.toHaveTextContent('—');
    await settled(level, 1);
    // The whole series, unzoomed: zooming out would change nothing.
    expect(level).toHaveTextContent(/^Values as measured: 1,501 of 1,501\.$/);
    // Zoomed in: zooming out gives the values as measured again, no means.
    await user.click(within(panel).getByRole('button', { name: 'Zoom in' }));
    await settled(level, 2);
    expect(level).toHaveTextContent(/^Values as measured: [\d,]+ of [\d,]+\.$/);
  });

  it('in Simplified Chinese too', async () => {
    await changeLanguage('zh-CN');
    listed = [PH_SERIES];
    const panel = await renderPanelOnly();
    expect(await within(panel).findByRole('radio', { name: 'pH：1,501 个值' })).toBeChecked();
    await waitFor(() => expect(within(panel).getByRole('status')).toHaveTextContent(/^实测值：1,501 个中的 1,501 个。$/));
  });

  it('at the chosen dates, unzoomed, does not offer to zoom out; zoomed in from hourly means, it does', async () => {
    const user = userEvent.setup();
    const { panel, level } = await renderPanel('?from=2023-03-01&to=2023-03-10');
    await settled(level, 1);
    expect(level).toHaveTextContent(/^Values as measured: [\d,]+ of [\d,]+\.$/);
    cleanup();

    const march = await renderPanel('?from=2023-03-01&to=2023-03-31');
    await settled(march.level, 2);
    expect(march.level).toHaveTextContent(/^Hourly means/);
    const zoomIn = within(march.panel).getByRole('button', { name: 'Zoom in' });
    await user.click(zoomIn);
    await settled(march.level, 3);
    await user.click(zoomIn);
    await settled(march.level, 4);
    expect(march.level).toHaveTextContent(/^Values as measured: [\d,]+ of [\d,]+\. Zoom out for hourly, daily or monthly means\.$/);
    expect(panel).not.toBeInTheDocument();
  });

  it('says there are no values in a range without any (no empty chart), in English and Simplified Chinese', async () => {
    let panel = await renderPanelOnly('?from=2024-05-01&to=2024-05-10');
    await waitFor(() => expect(within(panel).getByRole('status')).toHaveTextContent(/^There are no values in this range\.$/));
    expect(within(panel).queryByRole('img')).not.toBeInTheDocument();
    expect(panel).not.toHaveTextContent('0 of 0');
    cleanup();

    await changeLanguage('zh-CN');
    panel = await renderPanelOnly('?from=2024-05-01&to=2024-05-10');
    await waitFor(() => expect(within(panel).getByRole('status')).toHaveTextContent(/^此范围内没有数值。$/));
  });

  it('zoomed into a stretch without values, keeps the chart and says to zoom out', async () => {
    const user = userEvent.setup();
    // The last days of the series, then weeks after it.
    const { panel, canvas, level } = await renderPanel('?from=2023-12-20&to=2024-02-28');
    await settled(level, 1);
    const zoomIn = within(panel).getByRole('button', { name: 'Zoom in' });
    await user.click(zoomIn);
    await settled(level, 2);
    await user.click(zoomIn);
    await settled(level, 3);
    expect(level).toHaveTextContent(/^There are no values in this range\. Zoom out to see the values around it\.$/);
    expect(within(panel).getByRole('img', { name: 'Logger data: Specific conductance' })).toBe(canvas);
  });
});

describe('values outside the plausible range', () => {
  /** A day of 15-minute specific conductance as measured, two of its values flagged by the API as out of range. */
  const ONE_DAY: TimeSeriesInfo = {
    id: 'ts-day', stationId: 's-1', parameterId: 'par-cond', statistic: null, sensor: null, unit: 'uS/cm', count: 96,
    firstTime: '2023-03-01T00:00:00Z', lastTime: '2023-03-01T23:45:00Z',
  };
  const points = Array.from({ length: 96 }, (_, i) => {
    const t = new Date(Date.parse(ONE_DAY.firstTime!) + i * 15 * 60_000).toISOString();
    if (i === 40) return { t, v: 6800, flag: 'out-of-range' };
    if (i === 41) return { t, v: -12, flag: 'out-of-range' };
    return { t, v: 400 };
  });

  it.each([
    ['en', 'Logger data: Specific conductance', '△ Flagged: 2 values outside the parameter\'s plausible range.', 'Specific conductance: flagged values', 'flagged: out of plausible range'],
    ['zh-CN', '记录仪数据：Specific conductance', '△ 已标记：2 个值超出该参数的合理范围。', 'Specific conductance：带标记的数值', '已标记：超出合理范围'],
  ] as const)('draws them flagged, lists why in their tooltip and says so under the chart (%s)', async (language, title, note, legend, why) => {
    await changeLanguage(language);
    listed = [ONE_DAY];
    answer = () => json({ aggregate: 'raw', count: points.length, points });
    const panel = await renderPanelOnly();
    const canvas = await within(panel).findByRole('img', { name: title });
    await waitFor(() => expect(canvas).toHaveAttribute('data-drawn', 'true'));
    expect(within(panel).getByText(note)).toBeInTheDocument();
    const chart = ChartJS.getChart(canvas as HTMLCanvasElement)!;
    // The flagged values apart from the line, in the legend under a name of their own.
    const flagged = chart.data.datasets.findIndex((dataset) => dataset.label === legend);
    expect(chart.data.datasets[flagged]!.data).toHaveLength(2);
    expect(chart.data.datasets[flagged]!.borderColor).not.toBe(chart.data.datasets[0]!.borderColor);
    // Pointing at one: its tooltip says why it is flagged, in the interface's language.
    chart.tooltip!.setActiveElements([{ datasetIndex: flagged, index: 0 }], { x: 0, y: 0 });
    expect(chart.tooltip!.body.flatMap((line) => line.after)).toEqual([why]);
  });

  it('marks an hourly mean that holds flagged values, saying how many, and counts them under the chart', async () => {
    const HOURS: TimeSeriesInfo = { ...ONE_DAY, id: 'ts-hours', count: 4 * 48, lastTime: '2023-03-02T23:45:00Z' };
    const hourly = Array.from({ length: 48 }, (_, n) => ({
      t: new Date(Date.parse(HOURS.firstTime!) + n * HOUR).toISOString(), min: 390, mean: 400, max: n === 20 ? 6800 : 410, n: 4,
      ...(n === 20 ? { flagged: 3 } : {}),
    }));
    listed = [HOURS];
    answer = () => json({ aggregate: 'hour', count: 4 * 48, points: hourly, step: 3600 });
    const panel = await renderPanelOnly();
    const canvas = await within(panel).findByRole('img', { name: 'Logger data: Specific conductance' });
    await waitFor(() => expect(canvas).toHaveAttribute('data-drawn', 'true'));
    expect(within(panel).getByText("△ Flagged: 3 values outside the parameter's plausible range.")).toBeInTheDocument();
    const chart = ChartJS.getChart(canvas as HTMLCanvasElement)!;
    const flagged = chart.data.datasets.findIndex((dataset) => dataset.label === 'Specific conductance: flagged values');
    expect(chart.data.datasets[flagged]!.data).toHaveLength(1);
    chart.tooltip!.setActiveElements([{ datasetIndex: flagged, index: 0 }], { x: 0, y: 0 });
    expect(chart.tooltip!.body.flatMap((line) => line.after)).toEqual(['flagged: 3 values out of plausible range']);
  });

  it('says nothing of flags when no value shown is flagged', async () => {
    const { panel, level } = await renderPanel('?from=2023-03-01&to=2023-03-02');
    await settled(level, 1);
    expect(level).toHaveTextContent(/^Values as measured/);
    expect(panel).not.toHaveTextContent('Flagged');
  });
});

describe('a stretch without values', () => {
  it('breaks the line there (9 days without hourly means), joining the values either side of it', async () => {
    const HOURS: TimeSeriesInfo = { ...SERIES, id: 'ts-gap', count: 4 * 24 * 30, firstTime: '2024-06-01T00:00:00Z', lastTime: '2024-06-30T23:00:00Z' };
    const hour = (n: number) => ({ t: new Date(Date.parse(HOURS.firstTime!) + n * HOUR).toISOString(), min: 390, mean: 400, max: 410, n: 4 });
    // June 1 to 20, then nothing until June 29: 9 days.
    const points = [...Array.from({ length: 20 * 24 }, (_, n) => hour(n)), ...Array.from({ length: 2 * 24 }, (_, n) => hour(28 * 24 + n))];
    listed = [HOURS];
    answer = () => json({ aggregate: 'hour', count: points.length * 4, points });
    const { canvas } = await renderPanel();
    const line = ChartJS.getChart(canvas as HTMLCanvasElement)!.getDatasetMeta(0).dataset as unknown as { segments: { start: number; end: number }[] };
    expect(line.segments.map(({ start, end }) => [start, end])).toEqual([[0, 20 * 24 - 1], [20 * 24, points.length - 1]]);
  });

  it('joins values a step apart, and a few steps missed (a logger that skipped an hour)', async () => {
    const HOURS: TimeSeriesInfo = { ...SERIES, id: 'ts-skip', count: 4 * 48, firstTime: '2024-06-01T00:00:00Z', lastTime: '2024-06-02T23:00:00Z' };
    const points = Array.from({ length: 48 }, (_, n) => n)
      .filter((n) => n !== 10 && n !== 11)
      .map((n) => ({ t: new Date(Date.parse(HOURS.firstTime!) + n * HOUR).toISOString(), min: 390, mean: 400, max: 410, n: 4 }));
    listed = [HOURS];
    answer = () => json({ aggregate: 'hour', count: points.length * 4, points });
    const { canvas } = await renderPanel();
    const line = ChartJS.getChart(canvas as HTMLCanvasElement)!.getDatasetMeta(0).dataset as unknown as { segments: unknown[] };
    expect(line.segments).toHaveLength(1);
  });
});

describe('the logger series to choose from', () => {
  it('names each series by its statistic and sensor, which tell series of one parameter apart', async () => {
    listed = [
      { ...SERIES, id: 'ts-a', sensor: 'upstream', count: 10 },
      { ...SERIES, id: 'ts-b', sensor: 'downstream', statistic: 'mean', count: 10 },
    ];
    const panel = await renderPanelOnly();
    const choices = within(panel).getByRole('group', { name: 'Series' });
    expect(await within(choices).findAllByRole('radio')).toHaveLength(2);
    expect(choices).toHaveTextContent('Specific conductance (sensor upstream), uS/cm: 10 values');
    expect(choices).toHaveTextContent('Specific conductance (mean, sensor downstream), uS/cm: 10 values');
  });
});
