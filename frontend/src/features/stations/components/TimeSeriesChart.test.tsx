import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Chart as ChartJS } from 'chart.js';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { AppProviders } from '../../../app/providers';
import { changeLanguage } from '../../../i18n';
import { renderWithProviders } from '../../../test/render';
import { readSeries } from '../api/sampleValues';
import type { SeriesInfo } from '../lib/series';
import { EDGE_MARGIN } from '../lib/timeAxis';
import TimeSeriesChart, { wrappedLines } from './TimeSeriesChart';
import { fakeChartCanvas } from '../../../test/chartCanvas';
import { shownZone } from '../../timeseries/lib/zone';

// The texts drawn, by canvas: tick labels, and the heading of a downloaded image.
const drawnText = new Map<HTMLCanvasElement, string[]>();

beforeEach(() => {
  drawnText.clear();
  fakeChartCanvas((canvas, text) => drawnText.set(canvas, [...(drawnText.get(canvas) ?? []), text]));
});

const DAY = 86_400_000;
function series(n: number): SeriesInfo {
  const time = Float64Array.from({ length: n }, (_, i) => Date.UTC(2020, 0, 1) + i * DAY);
  const value = Float64Array.from({ length: n }, (_, i) => 7 + Math.sin(i));
  return { name: 'pH', unit: 'std units', series: { parameterId: 'p-ph', time, value, unit: 'std units', flags: new Map() } };
}

/** pH values at these moments. */
function valuesAt(times: number[]): SeriesInfo {
  const time = Float64Array.from(times);
  const value = Float64Array.from(times, (_, i) => 7 + (i % 3) / 10);
  return { name: 'pH', unit: 'std units', series: { parameterId: 'p-ph', time, value, unit: 'std units', flags: new Map() } };
}

async function renderChart(all = [series(100)], extra: Partial<Parameters<typeof TimeSeriesChart>[0]> = {}) {
  renderWithProviders(<TimeSeriesChart all={all} title="Time series of pH" filename="ph" {...extra} />);
  const canvas = screen.getByRole('img', { name: 'Time series of pH' });
  await waitFor(() => expect(canvas).toHaveAttribute('data-drawn', 'true'));
  return canvas;
}

describe('time series chart: how to zoom, said for the screen', () => {
  /** A screen whose primary pointer is a finger (`coarse`) or a mouse. */
  const pointer = (coarse: boolean) =>
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: coarse && query === '(pointer: coarse)',
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
  const MOUSE_EN = 'Shift + wheel zooms, dragging pans; on the focused chart, arrows pan, + and − zoom, 0 resets.';
  const TOUCH_EN = 'Pinch or spread two fingers sideways to zoom, drag sideways to pan; the buttons above work too.';

  it('says what fingers do on a touch screen (pinch and pan are enabled), in both languages', async () => {
    pointer(true);
    const canvas = await renderChart();
    expect(screen.getByText(TOUCH_EN)).toBeInTheDocument();
    expect(screen.queryByText(MOUSE_EN)).toBeNull();
    await act(() => changeLanguage('zh-CN'));
    try {
      expect(await screen.findByText('双指左右捏合或张开缩放，左右拖动平移；也可使用上方的按钮。')).toBeInTheDocument();
    } finally {
      await act(() => changeLanguage('en'));
    }
    // What the hint promises is what the chart does: the zoom plugin's pinch and pan are on (hammerjs works them).
    const chart = Object.values(ChartJS.instances).find((c) => c.canvas === canvas)!;
    const zoom = chart.options.plugins!.zoom!;
    expect(zoom.zoom?.pinch?.enabled).toBe(true);
    expect(zoom.pan?.enabled).toBe(true);
    expect(zoom.zoom?.mode).toBe('x');
  });

  it('says the wheel, the drag and the keys with a mouse', async () => {
    pointer(false);
    await renderChart();
    expect(screen.getByText(MOUSE_EN)).toBeInTheDocument();
    expect(screen.queryByText(TOUCH_EN)).toBeNull();
    await act(() => changeLanguage('zh-CN'));
    try {
      expect(await screen.findByText('Shift + 滚轮缩放，拖动平移；图表获得焦点时，方向键平移，+ 和 − 缩放，0 重置。')).toBeInTheDocument();
    } finally {
      await act(() => changeLanguage('en'));
    }
  });
});

describe('time series chart: fingers on a phone', () => {
  const axisOf = (canvas: HTMLElement) => ChartJS.getChart(canvas as HTMLCanvasElement)!.scales.x!;
  const range = (canvas: HTMLElement) => [axisOf(canvas).min, axisOf(canvas).max] as const;
  /** Fingers put on the canvas (each at its x, y), moved together by their (dx, dy) in steps, and lifted: pointer
   * events as a phone's browser sends them to hammerjs (through the zoom plugin). Whether every move was left to the
   * browser (none prevented). */
  function touch(canvas: HTMLElement, fingers: { x: number; y: number; dx: number; dy: number }[]): boolean {
    const at = (f: number, k: number) => {
      const { x, y, dx, dy } = fingers[f]!;
      return { pointerId: 7 + f, pointerType: 'touch', isPrimary: f === 0, button: 0, buttons: 1, clientX: x + (dx * k) / 10, clientY: y + (dy * k) / 10 };
    };
    fingers.forEach((_, f) => fireEvent.pointerDown(canvas, at(f, 0)));
    let allowed = true;
    for (let k = 1; k <= 10; k++) fingers.forEach((_, f) => (allowed = fireEvent.pointerMove(canvas, at(f, k)) && allowed));
    fingers.forEach((_, f) => fireEvent.pointerUp(canvas, { ...at(f, 10), buttons: 0 }));
    return allowed;
  }

  it("leaves a vertical swipe to the browser to scroll the page (touch-action: pan-y on the canvas, not hammerjs's none); a sideways one pans, a pinch zooms", async () => {
    const user = userEvent.setup();
    const canvas = await renderChart();
    expect(canvas.style.touchAction).toBe('pan-y');
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    const zoomed = range(canvas);
    // Up the page, drifting a little sideways: the chart stays as it was (the browser scrolls).
    expect(touch(canvas, [{ x: 400, y: 300, dx: 12, dy: -150 }])).toBe(true);
    expect(range(canvas)).toEqual(zoomed);
    // Sideways: the chart pans to later times, as wide as it was.
    touch(canvas, [{ x: 400, y: 200, dx: -150, dy: 8 }]);
    expect(axisOf(canvas).min).toBeGreaterThan(zoomed[0]);
    expect(axisOf(canvas).max - axisOf(canvas).min).toBeCloseTo(zoomed[1] - zoomed[0], -3);
    // Two fingers spread sideways: zoomed in further.
    const panned = axisOf(canvas).max - axisOf(canvas).min;
    touch(canvas, [{ x: 350, y: 200, dx: -100, dy: 0 }, { x: 450, y: 200, dx: 100, dy: 0 }]);
    expect(axisOf(canvas).max - axisOf(canvas).min).toBeLessThan(panned * 0.8);
    // Still pan-y after the chart is updated anew (another language rebuilds its options).
    await act(() => changeLanguage('zh-CN'));
    await act(() => changeLanguage('en'));
    expect(canvas.style.touchAction).toBe('pan-y');
  }, 15_000);
});

describe('time series chart: zoom and pan (chartjs-plugin-zoom)', () => {
  it("keys on the focused chart zoom and pan; 'Reset zoom' is enabled only while zoomed", async () => {
    const user = userEvent.setup();
    const canvas = await renderChart();
    expect(canvas).toHaveAttribute('data-drawn-points', '100');
    const reset = screen.getByRole('button', { name: 'Reset zoom' });
    expect(reset).toBeDisabled();

    // The whole time range is shown: neither panning nor zooming out goes past the data.
    canvas.focus();
    await user.keyboard('{ArrowRight}{ArrowLeft}-');
    expect(reset).toBeDisabled();

    await user.keyboard('+');
    expect(reset).toBeEnabled();
    await user.keyboard('{ArrowRight}');
    expect(reset).toBeEnabled();
    await user.click(reset);
    expect(reset).toBeDisabled();

    canvas.focus();
    await user.keyboard('=');
    expect(reset).toBeEnabled();
    await user.keyboard('0');
    expect(reset).toBeDisabled();
  });

  it("the buttons zoom in and out; zooming back out to the whole range disables 'Reset zoom'", async () => {
    const user = userEvent.setup();
    await renderChart();
    const reset = screen.getByRole('button', { name: 'Reset zoom' });
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(reset).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Zoom out' }));
    await user.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(reset).toBeDisabled();
  });

  it('Shift or Ctrl + wheel zooms; the plain wheel is left to the page', async () => {
    const canvas = await renderChart();
    const reset = screen.getByRole('button', { name: 'Reset zoom' });
    expect(fireEvent.wheel(canvas, { deltaY: -100, clientX: 400, clientY: 200 })).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(reset).toBeDisabled();

    expect(fireEvent.wheel(canvas, { deltaY: -100, clientX: 400, clientY: 200, shiftKey: true })).toBe(false);
    await waitFor(() => expect(reset).toBeEnabled());
    fireEvent.click(reset);
    expect(reset).toBeDisabled();
    fireEvent.wheel(canvas, { deltaY: -100, clientX: 400, clientY: 200, ctrlKey: true });
    await waitFor(() => expect(reset).toBeEnabled());
  });
});

function Providers({ children }: { children: ReactNode }) {
  return <AppProviders>{children}</AppProviders>;
}

describe('time series chart: a range wider than the values loaded (a logger series, fetched by zoom level)', () => {
  const year = { min: Date.UTC(2020, 0, 1), max: Date.UTC(2021, 0, 1) };
  /** Days of 2020 from `first`, as the server answers for a range. */
  const days = (first: number, n: number) => valuesAt(Array.from({ length: n }, (_, i) => Date.UTC(2020, 0, 1 + first + i)));
  const axisOf = (canvas: HTMLElement) => ChartJS.getChart(canvas as HTMLCanvasElement)!.scales.x;

  async function renderWide(all: SeriesInfo[], onRangeChange = vi.fn()) {
    const props = { title: 'Time series of pH', filename: 'ph', extent: year, onRangeChange };
    // The providers as a wrapper, which a rerender keeps: the chart is rendered again, not mounted anew.
    const view = render(<TimeSeriesChart all={all} {...props} />, { wrapper: Providers });
    const canvas = screen.getByRole('img', { name: 'Time series of pH' });
    await waitFor(() => expect(canvas).toHaveAttribute('data-drawn', 'true'));
    const rerender = (next: SeriesInfo[], extent = year) => view.rerender(<TimeSeriesChart all={next} {...props} extent={extent} />);
    return { canvas, rerender, onRangeChange };
  }

  it('spans the extent, and zooming out and panning reach beyond the values loaded, up to it', async () => {
    const user = userEvent.setup();
    // Only March is loaded (the answer for a zoom), the axis spans the year.
    const { canvas, onRangeChange } = await renderWide([days(60, 31)]);
    expect([axisOf(canvas).min, axisOf(canvas).max]).toEqual([year.min, year.max]);
    canvas.focus();
    await user.keyboard('+++');
    const zoomed = axisOf(canvas).max - axisOf(canvas).min;
    expect(onRangeChange).toHaveBeenLastCalledWith(axisOf(canvas).min, axisOf(canvas).max, true);
    // Panned far to the left: before March, where nothing is loaded yet, and told so.
    await user.keyboard('{ArrowLeft}'.repeat(30));
    expect(axisOf(canvas).min).toBe(year.min);
    expect(axisOf(canvas).max - axisOf(canvas).min).toBeCloseTo(zoomed, -3);
    expect(onRangeChange).toHaveBeenLastCalledWith(year.min, axisOf(canvas).max, true);
    // Zoomed out to the whole year (not only March), and no further.
    await user.keyboard('-'.repeat(10));
    expect([axisOf(canvas).min, axisOf(canvas).max]).toEqual([year.min, year.max]);
    expect(onRangeChange).toHaveBeenLastCalledWith(year.min, year.max, false);
    expect(screen.getByRole('button', { name: 'Reset zoom' })).toBeDisabled();
  });

  it('keeps the zoom, the canvas and its focus when new values arrive; Reset zoom stays enabled and shows the extent', async () => {
    const user = userEvent.setup();
    const { canvas, rerender, onRangeChange } = await renderWide([days(0, 366)]);
    const reset = screen.getByRole('button', { name: 'Reset zoom' });
    canvas.focus();
    await user.keyboard('++');
    const shown = [axisOf(canvas).min, axisOf(canvas).max];
    // The finer values of the range shown arrive.
    rerender([days(40, 200)]);
    await waitFor(() => expect(canvas).toHaveAttribute('data-drawn-points', '200'));
    expect(screen.getByRole('img', { name: 'Time series of pH' })).toBe(canvas);
    expect(canvas).toHaveFocus();
    expect([axisOf(canvas).min, axisOf(canvas).max]).toEqual(shown);
    expect(reset).toBeEnabled();
    // The keys still act.
    await user.keyboard('+');
    expect(axisOf(canvas).max - axisOf(canvas).min).toBeCloseTo((shown[1]! - shown[0]!) * 0.8, -3);
    await user.keyboard('0');
    expect([axisOf(canvas).min, axisOf(canvas).max]).toEqual([year.min, year.max]);
    expect(onRangeChange).toHaveBeenLastCalledWith(year.min, year.max, false);
    expect(reset).toBeDisabled();
  });

  it('shows another extent whole, and tells the listener it is no longer zoomed', async () => {
    const user = userEvent.setup();
    const { canvas, rerender, onRangeChange } = await renderWide([days(0, 366)]);
    canvas.focus();
    await user.keyboard('++');
    const march = { min: Date.UTC(2020, 2, 1), max: Date.UTC(2020, 3, 1) };
    rerender([days(60, 31)], march);
    await waitFor(() => expect([axisOf(canvas).min, axisOf(canvas).max]).toEqual([march.min, march.max]));
    expect(onRangeChange).toHaveBeenLastCalledWith(march.min, march.max, false);
    expect(screen.getByRole('button', { name: 'Reset zoom' })).toBeDisabled();
  });
});

describe('time series chart: the time axis', () => {
  const axisOf = (canvas: HTMLElement) => ChartJS.getChart(canvas as HTMLCanvasElement)!.scales.x;
  const labels = (canvas: HTMLElement) => axisOf(canvas).ticks.map((tick) => tick.label);

  it("spans the values, first to last with a margin that draws their points whole, a tick at each new year written as the year (the station's eight years)", async () => {
    const first = new Date(2017, 5, 5, 10).getTime();
    const last = new Date(2025, 2, 24, 10).getTime();
    const canvas = await renderChart([valuesAt([first, new Date(2020, 6, 1).getTime(), last])]);
    const x = axisOf(canvas);
    expect([x.min, x.max]).toEqual([first - (last - first) * EDGE_MARGIN, last + (last - first) * EDGE_MARGIN]);
    expect(labels(canvas)).toEqual(['2018', '2019', '2020', '2021', '2022', '2023', '2024', '2025']);
    expect(x.ticks.every((tick) => new Date(tick.value).getMonth() === 0 && new Date(tick.value).getDate() === 1)).toBe(true);
    // The labels are what is drawn on the canvas.
    expect(drawnText.get(canvas as HTMLCanvasElement)).toEqual(expect.arrayContaining(['2018', '2025']));
  });

  it('puts fewer ticks on a narrow chart (a phone), still on whole years, still spanning only the values', async () => {
    const narrow = { x: 0, y: 0, left: 0, top: 0, width: 360, height: 300, right: 360, bottom: 300 };
    vi.mocked(Element.prototype.getBoundingClientRect).mockReturnValue({ ...narrow, toJSON: () => narrow } as DOMRect);
    const first = new Date(2017, 5, 5, 10).getTime();
    const last = new Date(2025, 2, 24, 10).getTime();
    const canvas = await renderChart([valuesAt([first, last])]);
    const x = axisOf(canvas);
    expect([x.min, x.max]).toEqual([first - (last - first) * EDGE_MARGIN, last + (last - first) * EDGE_MARGIN]);
    expect(labels(canvas)).toEqual(['2018', '2020', '2022', '2024']);
  });

  it('writes months with the year at the first tick and at each new year, days of a season likewise', async () => {
    const canvas = await renderChart([valuesAt([new Date(2020, 9, 20).getTime(), new Date(2021, 5, 20).getTime()])]);
    expect(labels(canvas)).toEqual(['Nov 2020', 'Dec', 'Jan 2021', 'Feb', 'Mar', 'Apr', 'May', 'Jun']);
  });

  it('spans a chosen date range, from the start of its first day to the end of its last', async () => {
    const canvas = await renderChart([series(100)], { from: '2019-12-01', to: '2020-06-30' });
    const x = axisOf(canvas);
    expect(x.min).toBe(new Date(2019, 11, 1).getTime());
    expect(x.max).toBe(new Date(2020, 6, 1).getTime() - 1);
    expect(labels(canvas)).toEqual(['Dec 2019', 'Jan 2020', 'Feb', 'Mar', 'Apr', 'May', 'Jun']);
  });
});

describe('time series chart: the PNG download', () => {
  it('draws a heading above the chart: the station and its parameters, and the time range shown', async () => {
    const user = userEvent.setup();
    const toDataURL = vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/png;base64,AAAA');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const first = new Date(2017, 5, 5, 10).getTime();
    const last = new Date(2025, 2, 24, 10).getTime();
    const canvas = await renderChart([valuesAt([first, last])], { imageTitle: 'Bear Creek (USGS-01): pH' });
    await user.click(screen.getByRole('button', { name: 'Download PNG' }));
    const image = toDataURL.mock.contexts.at(-1) as HTMLCanvasElement;
    expect(image).not.toBe(canvas);
    // Values that say nothing of their zone are drawn in the browser's, which the period names (as the axis does).
    const [heading, period] = drawnText.get(image)!;
    expect(heading).toBe('Bear Creek (USGS-01): pH');
    expect(period).toMatch(/^Jun 5, 2017 – Mar 24, 2025 \(.+\)$/);
    expect(period).toContain(shownZone([new Date(first).toISOString()]));
    // The chart below the heading, the whole of it.
    expect(image.height).toBeGreaterThan((canvas as HTMLCanvasElement).height);
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('ph.png');
    expect(link.href).toBe('data:image/png;base64,AAAA');
  });
});


describe("the downloaded image's title", () => {
  // Ten pixels a character: what fits a width is easy to tell.
  const context = { measureText: (text: string) => ({ width: text.length * 10 }) as TextMetrics };

  it('wraps at spaces to the width of the image (a phone made a long station name unreadable, squeezed into one line)', () => {
    expect(wrappedLines(context, 'North Branch Pheasant Branch (WIDNR_WQX-10032762): Specific conductance', 300)).toEqual([
      'North Branch Pheasant Branch',
      '(WIDNR_WQX-10032762):',
      'Specific conductance',
    ]);
    expect(wrappedLines(context, 'pH', 300)).toEqual(['pH']);
  });

  it('breaks between characters where a word alone is too wide, as Chinese, which has no spaces', () => {
    expect(wrappedLines(context, '北支野鸡溪在戴明路池塘下游：电导率', 80)).toEqual(['北支野鸡溪在戴明', '路池塘下游：电导', '率']);
  });
});

describe('time series chart: the value axes', () => {
  it('titles an axis with its unit, and leaves the axis of values without a unit untitled', async () => {
    const unitless: SeriesInfo = { ...series(10), name: 'Turbidity index', unit: '', series: { ...series(10).series, unit: '' } };
    const canvas = await renderChart([series(10), unitless]);
    const scales = ChartJS.getChart(canvas as HTMLCanvasElement)!.scales;
    expect(scales.y0!.options).toMatchObject({ title: { display: true, text: 'std units' } });
    expect(scales.y1!.options).toMatchObject({ title: { display: false } });
  });
});

describe('time series chart: its lines told apart without their colours', () => {
  it("draws each series with its own dash and point shape, and the legend shows the shapes, not colour boxes", async () => {
    const named = (name: string): SeriesInfo => ({ ...series(10), name });
    const canvas = await renderChart([named('pH'), named('Temperature, water'), named('Dissolved oxygen')]);
    const chart = ChartJS.getChart(canvas as HTMLCanvasElement)!;
    const looks = chart.data.datasets.map((d) => {
      const line = d as { borderDash?: number[]; pointStyle?: unknown };
      return JSON.stringify([line.borderDash ?? [], line.pointStyle ?? 'circle']);
    });
    expect(new Set(looks).size).toBe(3);
    expect(chart.options.plugins!.legend!.labels!.usePointStyle).toBe(true);
  });
});

describe('time series chart: the tooltip (what a point says when pointed at)', () => {
  /** The zones' offsets, as GET /keylist/timeZones gives them. */
  const OFFSETS = new Map([['CST', -6], ['CDT', -5], ['EST', -5]]);
  const info = (name: string, unit: string, data: Record<string, unknown>[]): SeriesInfo => ({ name, unit, series: readSeries(`p-${name}`, { unit, data }, OFFSETS) });

  /** The tooltip's lines for a dataset's point: its title, then each line of its body. Spaces as plain spaces
   * (a browser may write "11:30 PM" with a narrow no-break space). */
  function tooltipOf(canvas: HTMLElement, datasetIndex: number, index: number): string[] {
    const chart = ChartJS.getChart(canvas as HTMLCanvasElement)!;
    chart.tooltip!.setActiveElements([{ datasetIndex, index }], { x: 0, y: 0 });
    const { title, body } = chart.tooltip!;
    return [...title, ...body.flatMap((b) => [...b.before, ...b.lines, ...b.after])].map((line) => line.replace(/\s/g, ' '));
  }

  it('writes values with their significant digits, grouped: never a small value rounded to 0', async () => {
    const canvas = await renderChart([info('Phosphorus', 'mg/L', [
      { time: '2020-01-01T10:00:00Z', value: 0.000123456789 },
      { time: '2020-02-01T10:00:00Z', value: 0.0015 },
      { time: '2020-03-01T10:00:00Z', value: 12345.6789 },
    ])]);
    expect([0, 1, 2].map((i) => tooltipOf(canvas, 0, i)[1])).toEqual([
      'Phosphorus (mg/L): 0.000123457',
      'Phosphorus (mg/L): 0.0015',
      'Phosphorus (mg/L): 12,345.7',
    ]);
  });

  it('writes a value with the figures its file gave (13.0, 7.10), not a converted value\'s', async () => {
    const canvas = await renderChart([info('Temperature, water', 'deg C', [
      { time: '2020-01-01T10:00:00Z', value: 13, originalValue: '13.0' },
      { time: '2020-02-01T10:00:00Z', value: 7.1, originalValue: '7.10' },
      // 77 deg F taken as 25 deg C: the file's figures are of another unit.
      { time: '2020-03-01T10:00:00Z', value: 25, originalValue: '77', originalUnit: 'deg F' },
      { time: '2020-04-01T10:00:00Z', value: 12.5 },
    ])]);
    expect([0, 1, 2, 3].map((i) => tooltipOf(canvas, 0, i)[1])).toEqual([
      'Temperature, water (deg C): 13.0',
      'Temperature, water (deg C): 7.10',
      'Temperature, water (deg C): 25',
      'Temperature, water (deg C): 12.5',
    ]);
  });

  it('labels the ticks of tiny values readably, none of them "0" but the zero', async () => {
    const canvas = await renderChart([info('Phosphorus', 'mg/L', [
      { time: '2020-01-01T10:00:00Z', value: 0.000121 },
      { time: '2020-02-01T10:00:00Z', value: 0.000135 },
      { time: '2020-03-01T10:00:00Z', value: 0.000128 },
    ])]);
    const labels = ChartJS.getChart(canvas as HTMLCanvasElement)!.scales.y0!.ticks.map((tick) => String(tick.label));
    expect(labels.length).toBeGreaterThan(2);
    expect(new Set(labels).size).toBe(labels.length);
    for (const label of labels) expect(label).toMatch(/^0\.000\d+$/);
  });

  it("shows a point's time as its source wrote it, with its zone, whatever the browser's zone", async () => {
    const canvas = await renderChart([info('Chloride', 'mg/L', [
      // 23:30 CST on the 31st of December: the 1st of January in UTC, in New York or Shanghai.
      { time: '2012-01-01T05:30:00Z', value: 6.5, timeZone: 'CST' },
      // The night the clocks go back: 1:30 CDT, then 1:15 and 1:30 CST, in this order.
      { time: '2012-11-04T06:30:00Z', value: 6.6, timeZone: 'CDT' },
      { time: '2012-11-04T07:15:00Z', value: 6.7, timeZone: 'CST' },
      { time: '2012-11-04T07:30:00Z', value: 6.8, timeZone: 'CST' },
      // No zone: in UTC, and said so.
      { time: '2012-12-01T15:45:00Z', value: 6.9 },
    ])]);
    // Drawn from left to right at their times as written (each on the clock it was written in): 1:15 CST, then
    // the two written 1:30.
    expect([0, 1, 2, 3, 4].map((i) => tooltipOf(canvas, 0, i)[0])).toEqual([
      'Dec 31, 2011, 11:30 PM CST',
      'Nov 4, 2012, 1:15 AM CST',
      'Nov 4, 2012, 1:30 AM CDT',
      'Nov 4, 2012, 1:30 AM CST',
      'Dec 1, 2012, 3:45 PM UTC',
    ]);
  });

  it('shows the date alone of a value given with a date and no time, the date as written', async () => {
    const canvas = await renderChart([info('Chloride', 'mg/L', [
      { time: '2011-07-06T00:00:00Z', value: 6.5, dateOnly: '1' },
      { time: '2011-07-07T05:00:00Z', value: 6.6, timeZone: 'CDT', dateOnly: '1' },
      { time: '2011-07-08T14:00:00Z', value: 6.7, dateOnly: true },
      { time: '2011-07-09T00:00:00Z', value: 6.8 },
    ])]);
    expect([0, 1, 2, 3].map((i) => tooltipOf(canvas, 0, i)[0])).toEqual([
      'Jul 6, 2011', 'Jul 7, 2011', 'Jul 8, 2011', 'Jul 9, 2011, 12:00 AM UTC']);
  });

  it("shows a flagged point's time and value as any other's, and why it is flagged; a non-detect is no value of the line", async () => {
    const canvas = await renderChart([info('Chloride', 'mg/L', [
      { time: '2019-02-14T07:30:00Z', value: 6.43, qualifier: 'J', timeZone: 'CST' },
      { time: '2019-03-14T06:00:00Z', value: null, detectionCondition: 'Not Detected', detectionLimit: '0.5', timeZone: 'CDT' },
      { time: '2019-04-14T15:00:00Z', value: 7.1 },
    ])]);
    const chart = ChartJS.getChart(canvas as HTMLCanvasElement)!;
    expect(chart.data.datasets.map((d) => d.label)).toEqual(['Chloride (mg/L)', 'Chloride: flagged values']);
    expect(tooltipOf(canvas, 1, 0)).toEqual(['Feb 14, 2019, 1:30 AM CST', 'Chloride: flagged values: 6.43', 'J']);
    expect(tooltipOf(canvas, 1, 1)).toEqual([
      'Mar 14, 2019, 1:00 AM CDT',
      'Chloride: flagged values: no number reported (drawn at the detection limit, 0.5)',
      'Not Detected; DL 0.5',
    ]);
    // The line goes from the first value to the third: the detection limit is not a measured value.
    expect((chart.data.datasets[0]!.data as { y: number }[]).map((p) => p.y)).toEqual([6.43, NaN, 7.1]);
  });

  it('speaks Simplified Chinese', async () => {
    await changeLanguage('zh-CN');
    const canvas = await renderChart([info('Chloride', 'mg/L', [
      { time: '2012-01-01T05:30:00Z', value: 12345.6789, timeZone: 'CST' },
      { time: '2012-02-01T05:30:00Z', value: null, detectionCondition: 'Not Detected', detectionLimit: '0.5', timeZone: 'CST' },
    ])]);
    expect(tooltipOf(canvas, 0, 0).slice(0, 2)).toEqual(['2011年12月31日 23:30 CST', 'Chloride (mg/L)：12,345.7']);
    expect(tooltipOf(canvas, 1, 0)[1]).toBe('Chloride：带标记的数值：未报告数值（绘于检出限 0.5 处）');
  });
});

describe("time series chart: a station's values drawn in the zone they were written in", () => {
  const HOUR = 3_600_000;
  const CDT = -5 * HOUR;
  const axisTitle = (canvas: HTMLElement) =>
    (ChartJS.getChart(canvas as HTMLCanvasElement)!.options.scales!.x as { title?: { display?: boolean; text?: unknown } }).title;
  /** Values written in CDT: on Jun 1 at 10:00 and on Sep 11 at 16:10 (Sep 12 in Shanghai). */
  const written: SeriesInfo = (() => {
    const time = Float64Array.from([Date.UTC(2011, 5, 1, 15), Date.UTC(2011, 8, 11, 21, 10)]);
    return {
      name: 'pH', unit: 'std units',
      series: { parameterId: 'p-ph', time, value: Float64Array.from([7.1, 7.3]), unit: 'std units', flags: new Map(),
        zoneOffset: Float64Array.from([CDT, CDT]), zone: ['CDT', 'CDT'] },
    };
  })();
  const axisOf = (canvas: HTMLElement) => ChartJS.getChart(canvas as HTMLCanvasElement)!.scales.x;

  // Whatever the zone the tests run in (but CDT), the old axis was the browser's: these moments were its own.
  it("heads the PNG with the days in the values' zone, and names it", async () => {
    const user = userEvent.setup();
    const toDataURL = vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/png;base64,AAAA');
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await renderChart([written], { from: '2011-06-01', to: '2011-09-11', imageTitle: 'Lake (WI-1): pH' });
    // The heading says the days the values span, chosen days included: Sep 11 (the last value, 16:10 CDT, is on it).
    await user.click(screen.getByRole('button', { name: 'Download PNG' }));
    const image = toDataURL.mock.contexts.at(-1) as HTMLCanvasElement;
    expect(drawnText.get(image)).toEqual(['Lake (WI-1): pH', 'Jun 1, 2011 – Sep 11, 2011 (CDT)']);
  });

  it('spans the chosen days from midnight to midnight in the zone the values were written in', async () => {
    const inside = { ...written, series: { ...written.series, time: Float64Array.from([Date.UTC(2011, 5, 10, 15), Date.UTC(2011, 7, 20, 15)]) } };
    const canvas = await renderChart([inside], { from: '2011-06-01', to: '2011-09-11' });
    const x = axisOf(canvas);
    expect([x.min, x.max]).toEqual([Date.UTC(2011, 5, 1, 5), Date.UTC(2011, 8, 12, 5) - 1]);
    // Every other Monday, at midnight CDT.
    expect(x.ticks.map((tick) => tick.label)).toEqual(['Jun 13, 2011', 'Jun 27', 'Jul 11', 'Jul 25', 'Aug 8', 'Aug 22', 'Sep 5']);
    expect(x.ticks.every(({ value }) => new Date(value + CDT).getUTCHours() === 0 && new Date(value + CDT).getUTCDay() === 1)).toBe(true);
    expect(axisTitle(canvas)).toMatchObject({ display: true, text: 'Time (CDT)' });
  });

  it('writes the hours of a day as the values were written, in both languages', async () => {
    const day = { ...written, series: { ...written.series, time: Float64Array.from([Date.UTC(2011, 8, 11, 14), Date.UTC(2011, 8, 11, 21, 10)]) } };
    const canvas = await renderChart([day]);
    const labels = axisOf(canvas).ticks.map((tick) => tick.label);
    expect(labels[0]).toBe('Sep 11, 9:00 AM'); // 14:00 UTC, as the values were written: 9:00 CDT
    expect(labels.at(-1)).toBe('4:00 PM');
    await act(() => changeLanguage('zh-CN'));
    await waitFor(() => expect(axisTitle(canvas)).toMatchObject({ text: '时间（CDT）' }));
  });

  it('writes sampled values given without a zone in UTC, as their tooltips do, and says so', async () => {
    const body = { data: [{ time: '2024-05-01T23:30:00Z', value: 7.1 }, { time: '2024-05-03T01:00:00Z', value: 7.2 }] };
    const canvas = await renderChart([{ name: 'pH', unit: 'std units', series: readSeries('p-ph', body) }]);
    expect(axisTitle(canvas)).toMatchObject({ display: true, text: 'Time (UTC)' });
    expect(axisOf(canvas).ticks.every(({ value }) => new Date(value).getUTCMinutes() === 0)).toBe(true);
  });

  /** Values of pH as the API answers them, each with the zone its time was written in (none: UTC). */
  const OFFSETS = new Map([['CST', -6], ['CDT', -5]]);
  const pH = (data: Record<string, unknown>[]): SeriesInfo => ({ name: 'pH', unit: 'std units', series: readSeries('p-ph', { data }, OFFSETS) });
  const plain = (text: unknown) => String(text).replace(/\s/g, ' ');
  /** Each value drawn, from left to right: its tooltip's time, and the label of the axis's tick it is drawn at. */
  function timesDrawn(canvas: HTMLElement): [string, string][] {
    const chart = ChartJS.getChart(canvas as HTMLCanvasElement)!;
    return (chart.data.datasets[0]!.data as { x: number }[]).map((point, index) => {
      chart.tooltip!.setActiveElements([{ datasetIndex: 0, index }], { x: 0, y: 0 });
      const tick = chart.scales.x!.ticks.find(({ value }) => value === point.x);
      return [plain(chart.tooltip!.title[0]), tick ? plain(tick.label) : '(between ticks)'];
    });
  }

  it("names both of a place's clocks when its values were written in standard and daylight time, each drawn at its time as written", async () => {
    // Noon on Nov 5, 2011 (CDT), then on Nov 6 and 7, after the clocks went back (CST).
    const canvas = await renderChart([pH([
      { time: '2011-11-05T17:00:00Z', value: 7.1, timeZone: 'CDT' },
      { time: '2011-11-06T18:00:00Z', value: 7.2, timeZone: 'CST' },
      { time: '2011-11-07T18:00:00Z', value: 7.3, timeZone: 'CST' },
    ])]);
    expect(axisTitle(canvas)).toMatchObject({ display: true, text: 'Time (CDT/CST)' });
    // The noon written in CDT is on the axis's noon too, not at 11:00 AM of a CST axis.
    expect(timesDrawn(canvas)).toEqual([
      ['Nov 5, 2011, 12:00 PM CDT', 'Nov 5, 12:00 PM'],
      ['Nov 6, 2011, 12:00 PM CST', '12:00 PM'],
      ['Nov 7, 2011, 12:00 PM CST', '12:00 PM'],
    ]);
    await act(() => changeLanguage('zh-CN'));
    try {
      await waitFor(() => expect(axisTitle(canvas)).toMatchObject({ text: '时间（CDT/CST）' }));
    } finally {
      await act(() => changeLanguage('en'));
    }
  });

  it("says each value is drawn in its own zone when they were written in several (a source's UTC among CDT), on the axis and under the PNG's title", async () => {
    const user = userEvent.setup();
    const toDataURL = vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/png;base64,AAAA');
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    // 9:00 and 12:00 CDT, and 15:00 UTC (10:00 CDT) from a source that wrote its times in UTC.
    const canvas = await renderChart([pH([
      { time: '2011-09-11T14:00:00Z', value: 7.1, timeZone: 'CDT' },
      { time: '2011-09-11T15:00:00Z', value: 7.2 },
      { time: '2011-09-11T17:00:00Z', value: 7.3, timeZone: 'CDT' },
    ])]);
    expect(axisTitle(canvas)).toMatchObject({ display: true, text: 'Time (each value in its own zone: CDT and UTC)' });
    expect(timesDrawn(canvas)).toEqual([
      ['Sep 11, 2011, 9:00 AM CDT', 'Sep 11, 9:00 AM'],
      ['Sep 11, 2011, 12:00 PM CDT', '12:00 PM'],
      ['Sep 11, 2011, 3:00 PM UTC', '3:00 PM'],
    ]);
    await user.click(screen.getByRole('button', { name: 'Download PNG' }));
    const image = toDataURL.mock.contexts.at(-1) as HTMLCanvasElement;
    expect(drawnText.get(image)?.map(plain)).toEqual([
      'Time series of pH',
      'Sep 11, 2011, 9:00 AM – Sep 11, 2011, 3:00 PM (each value in its own zone: CDT and UTC)',
    ]);
    await act(() => changeLanguage('zh-CN'));
    try {
      await waitFor(() => expect(axisTitle(canvas)).toMatchObject({ text: '时间（各数值按其自身时区：CDT和UTC）' }));
    } finally {
      await act(() => changeLanguage('en'));
    }
  });

  it("keeps the browser's zone for series that do not say how their times were written (logger data), and names it in both languages", async () => {
    const first = new Date(2020, 9, 20).getTime();
    const last = new Date(2021, 5, 20).getTime();
    const canvas = await renderChart([valuesAt([first, last])]);
    // The zone at moments across the axis: both of a zone's seasons where it has two ("CDT/CST" from October to June).
    const zone = shownZone([first, new Date(2021, 0, 15).getTime(), last].map((t) => new Date(t).toISOString()));
    expect(zone).not.toBe('');
    expect(axisTitle(canvas)).toMatchObject({ display: true, text: `Time (${zone}, this browser’s zone)` });
    // Ticks on the browser's calendar, as before: midnight of its days.
    expect(axisOf(canvas).ticks.every(({ value }) => new Date(value).getHours() === 0)).toBe(true);
    await act(() => changeLanguage('zh-CN'));
    try {
      await waitFor(() => expect(axisTitle(canvas)).toMatchObject({ text: `时间（${zone}，本浏览器时区）` }));
    } finally {
      await act(() => changeLanguage('en'));
    }
  });
});
