import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Chart as ChartJS } from 'chart.js';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiBase } from '../../../api/client';
import { renderWithProviders } from '../../../test/render';
import type { TimeSeriesInfo, TimeSeriesPoint } from '../api/timeseries';
import { LoggerChart } from './LoggerChart';
import { fakeChartCanvas } from '../../../test/chartCanvas';


const SERIES: TimeSeriesInfo = {
  id: 'ts-q', stationId: 's-1', parameterId: 'par-q', statistic: null, sensor: null, unit: 'ft3/s', count: 6,
  firstTime: '2023-03-01T00:00:00Z', lastTime: '2023-03-01T01:15:00Z',
};
/** Discharge as USGS gives it: every value approved (A) or provisional (P); one estimated, one under ice. */
const QUALIFIERS = ['A', 'A', 'P', 'P,e', 'A Ice', 'A'];
const points: TimeSeriesPoint[] = QUALIFIERS.map((q, i) => ({ t: new Date(Date.parse(SERIES.firstTime!) + i * 15 * 60_000).toISOString(), v: 120 + i, q }));

beforeEach(() => {
  setApiBase(undefined);
  fakeChartCanvas();
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ aggregate: 'raw', count: points.length, points }), { headers: { 'Content-Type': 'application/json' } })));
});

describe("a logger series' qualifiers", () => {
  it('flags only the values whose qualifier marks a problem (estimated, ice), not those approved or provisional', async () => {
    renderWithProviders(<LoggerChart series={SERIES} name="Discharge" range={{ from: '', to: '' }} />);
    const canvas = await screen.findByRole('img', { name: 'Logger data: Discharge' });
    await waitFor(() => expect(canvas).toHaveAttribute('data-drawn', 'true'));
    const chart = ChartJS.getChart(canvas as HTMLCanvasElement)!;
    expect(chart.data.datasets.map((dataset) => dataset.label)).toEqual(['Discharge (ft3/s)', 'Discharge: flagged values']);
    expect((chart.data.datasets[1]!.data as unknown as { y: number; flag: string }[]).map(({ y, flag }) => [y, flag])).toEqual([[123, 'e'], [124, 'Ice']]);
    chart.tooltip!.setActiveElements([{ datasetIndex: 1, index: 0 }], { x: 0, y: 0 });
    expect(chart.tooltip!.body.flatMap((line) => [...line.lines, ...line.after])).toEqual(['Discharge: flagged values: 123', 'e']);
  });
});

describe('the logger chart on a phone', () => {
  it("leaves a finger's vertical swipe to the page to scroll (touch-action: pan-y on the canvas): the chart keeps its range and asks for nothing", async () => {
    const user = userEvent.setup();
    renderWithProviders(<LoggerChart series={SERIES} name="Discharge" range={{ from: '', to: '' }} />);
    // (The chart's code is a chunk of its own, loaded on first use: a busy machine may take more than a second.)
    const canvas = await screen.findByRole('img', { name: 'Logger data: Discharge' }, { timeout: 10_000 });
    await waitFor(() => expect(canvas).toHaveAttribute('data-drawn', 'true'));
    expect(canvas.style.touchAction).toBe('pan-y');
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    const x = () => ChartJS.getChart(canvas as HTMLCanvasElement)!.scales.x!;
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalledTimes(2));
    const shown = [x().min, x().max];
    // One finger up the page, drifting a little sideways (pointer events as hammerjs hears them).
    const at = (k: number) => ({ pointerId: 3, pointerType: 'touch', isPrimary: true, button: 0, buttons: 1, clientX: 400 + k, clientY: 300 - 15 * k });
    fireEvent.pointerDown(canvas, at(0));
    for (let k = 1; k <= 10; k++) fireEvent.pointerMove(canvas, at(k));
    fireEvent.pointerUp(canvas, { ...at(10), buttons: 0 });
    expect([x().min, x().max]).toEqual(shown);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(vi.mocked(fetch)).toHaveBeenCalledTimes(2);
  }, 15_000);
});
