import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiBase } from '../../../api/client';
import { registerModules } from '../../../app/modules';
import { ANONYMOUS_SESSION, SessionContext, type Session } from '../../../auth/session';
import { changeLanguage } from '../../../i18n';
import { Toasts, toast } from '../../../shell/toast';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { stationRoutes } from '../routes';
import { STATION_CHART_WIDGET, stationChartWidget } from '.';
import { chartPagePath, readChartConfig } from './config';
import { StationChartWidget } from './StationChartWidget';

// No canvas in jsdom: the chart stands in with what it was given.
vi.mock('../components/TimeSeriesChart', () => ({
  default: (props: { title: string; all: { name: string; series: { time: Float64Array } }[] }) => (
    <div data-testid="chart" aria-label={props.title}>{props.all.map((s) => `${s.name} ${s.series.time.length}`).join(' | ')}</div>
  ),
}));

const SIGNED_IN: Session = { ...ANONYMOUS_SESSION, enabled: true, status: 'signed-in', profile: { id: 'u1', systemRoles: [] }, displayName: 'Carl' };
const calls: { method: string; path: string; body: unknown }[] = [];

function fakeFetch(input: RequestInfo | URL, init?: RequestInit) {
  const url = new URL(String(input), 'http://localhost');
  const path = url.pathname.replace('/api/v1', '');
  const method = init?.method ?? 'GET';
  calls.push({ method, path: path + url.search, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
  if (path === '/station/s1') return jsonResponse(200, { id: 's1', identifier: 'USGS-01', name: 'Bear Creek', parameterIds: ['p-ph', 'p-temp'] });
  if (path === '/parameter/parameters')
    return jsonResponse(200, [
      { id: 'p-ph', name: 'pH', unit: 'std units' },
      { id: 'p-temp', name: 'Temperature, water', unit: 'deg C' },
      { id: 'p-p', name: 'Phosphorus', unit: 'mg/L' },
    ]);
  // Dissolved and total phosphorus of the same activities, and a later dissolved result alone.
  if (path === '/sampleValue/s1/p-p')
    return jsonResponse(200, { unit: 'mg/L', data: [
      { time: '2020-01-01T10:00:00Z', value: 0.02, activityId: 'a1', sampleFraction: 'Dissolved' },
      { time: '2020-01-01T10:00:00Z', value: 0.3, activityId: 'a1', sampleFraction: 'Total' },
      { time: '2020-02-01T10:00:00Z', value: 0.04, activityId: 'a2', sampleFraction: 'Dissolved' },
      { time: '2020-02-01T10:00:00Z', value: 0.5, activityId: 'a2', sampleFraction: 'Total' },
      { time: '2020-03-01T10:00:00Z', value: 0.08, activityId: 'a3', sampleFraction: 'Dissolved' },
    ] });
  if (path === '/sampleValue/s1/p-ph') return jsonResponse(200, { unit: 'std units', data: [{ time: '2020-01-01T10:00:00Z', value: 7.1 }, { time: '2020-02-01T10:00:00Z', value: 7.3 }] });
  if (path === '/sampleValue/s1/p-temp') return jsonResponse(200, { unit: 'deg C', data: [{ time: '2020-01-01T10:00:00Z', value: 4 }] });
  if (path === '/dashboards' && method === 'GET') return jsonResponse(200, [{ id: 'd1', label: 'Lakes', icon: 'kiLineChart2', layout: 'dashboard-layout-free', config: {}, widgets: [] }]);
  if (path === '/dashboards/d1/widgets') return jsonResponse(201, { id: 'd1', label: 'Lakes', widgets: [] });
  return jsonResponse(404, { message: 'Not found.' });
}

beforeEach(() => {
  setApiBase(undefined);
  toast.clear();
  calls.length = 0;
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => fakeFetch(input, init)));
});

function renderAt(element: React.ReactNode, session: Session = SIGNED_IN) {
  const router = createMemoryRouter([{ path: '/', element }, { path: '/sts', children: stationRoutes }], { initialEntries: ['/'] });
  renderWithProviders(
    <SessionContext.Provider value={session}>
      <RouterProvider router={router} />
      <Toasts />
    </SessionContext.Provider>,
  );
  return router;
}

describe('station chart widget', () => {
  it('is the station-chart widget type, not offered without a station', () => {
    expect(stationChartWidget.component).toBe(STATION_CHART_WIDGET);
    expect(stationChartWidget.component).toBe('station-chart');
    expect(stationChartWidget.shareable).toBeUndefined();
  });

  it('reads its config defensively and links to the same chart on the station page', () => {
    expect(readChartConfig({ stationId: 's1', parameterId: 'p-ph' })).toEqual({ stationId: 's1', parameterIds: ['p-ph'], from: '', to: '' });
    expect(chartPagePath({ stationId: 's 1', parameterIds: ['a', 'b'], from: '2020-01-01', to: '' })).toBe('/sts/station/s%201/chart?parameter=a%2Cb&from=2020-01-01');
  });

  it("draws the chosen parameters' series over the saved date range", async () => {
    renderAt(<StationChartWidget config={{ stationId: 's1', parameterIds: ['p-ph', 'p-temp'], from: '2020-01-01', to: '2020-12-31' }} />);
    expect(await screen.findByTestId('chart')).toHaveTextContent('pH 2 | Temperature, water 1');
    expect(screen.getByTestId('chart')).toHaveAttribute('aria-label', 'Time series of pH, Temperature, water');
    expect(screen.getByRole('link', { name: 'Open the station page: Bear Creek' })).toHaveAttribute(
      'href',
      '/sts/station/s1/chart?parameter=p-ph%2Cp-temp&from=2020-01-01&to=2020-12-31',
    );
    expect(screen.getByText('2020-01-01 to 2020-12-31')).toBeInTheDocument();
    expect(calls.map((c) => c.path)).toContain('/sampleValue/s1/p-ph?from=2020-01-01&to=2020-12-31&order=ASC');
  });

  it("draws a parameter's dissolved and total results as two series, each named with its fraction, as the station page does", async () => {
    renderAt(<StationChartWidget config={{ stationId: 's1', parameterIds: ['p-p', 'p-ph'] }} />);
    // Not one line "Phosphorus 5" zigzagging between the two analytes.
    expect(await screen.findByTestId('chart')).toHaveTextContent('Phosphorus (Dissolved) 3 | Phosphorus (Total) 2 | pH 2');
    expect(screen.getByTestId('chart')).toHaveAttribute('aria-label', 'Time series of Phosphorus (Dissolved), Phosphorus (Total), pH');
  });

  it('names the fractions in Simplified Chinese too', async () => {
    await changeLanguage('zh-CN');
    renderAt(<StationChartWidget config={{ stationId: 's1', parameterIds: ['p-p'] }} />);
    expect(await screen.findByTestId('chart')).toHaveTextContent('Phosphorus（Dissolved） 3 | Phosphorus（Total） 2');
  });

  it('says when no parameter was chosen, and when the station cannot be loaded', async () => {
    renderAt(
      <>
        <StationChartWidget config={{ stationId: 's1', parameterIds: [] }} />
        <StationChartWidget config={{ stationId: 'gone', parameterIds: ['p-ph'] }} />
      </>,
    );
    expect(await screen.findByText('No parameter was chosen for this chart.')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('The series could not be loaded: Not found.');
  });
});

describe("station chart page: 'Add to dashboard'", () => {
  it('adds the chart shown (station, chosen parameters, date range) to a dashboard', async () => {
    registerModules();
    const user = userEvent.setup();
    const router = createMemoryRouter([{ path: '/sts', children: stationRoutes }], { initialEntries: ['/sts/station/s1/chart?parameter=p-ph,p-temp&from=2020-01-01'] });
    renderWithProviders(
      <SessionContext.Provider value={SIGNED_IN}>
        <RouterProvider router={router} />
        <Toasts />
      </SessionContext.Provider>,
    );
    const actions = await screen.findByRole('group', { name: 'Widget actions' });
    await user.click(within(actions).getByRole('button', { name: 'Add to dashboard' }));
    await user.click(await screen.findByRole('button', { name: 'Lakes' }));
    expect(await screen.findByText('Widget successfully added to dashboard.')).toBeInTheDocument();
    const posted = calls.find((c) => c.method === 'POST' && c.path === '/dashboards/d1/widgets');
    expect(posted?.body).toEqual({
      component: 'station-chart',
      config: { stationId: 's1', parameterIds: ['p-ph', 'p-temp'], from: '2020-01-01', to: '' },
      position: { x: 0, y: 0, w: 6, h: 8 },
    });
  });

  it('is not offered to anonymous visitors', async () => {
    registerModules();
    const router = createMemoryRouter([{ path: '/sts', children: stationRoutes }], { initialEntries: ['/sts/station/s1/chart'] });
    renderWithProviders(<RouterProvider router={router} />);
    await screen.findByTestId('chart');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Add to dashboard' })).toBeNull());
  });
});
