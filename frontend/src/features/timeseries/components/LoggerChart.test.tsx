import { screen, waitFor } from '@testing-library/react';
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
