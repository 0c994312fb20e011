import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiBase } from '../../../api/client';
import { changeLanguage } from '../../../i18n';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { STATION_TABLE_WIDGET, stationTableWidget } from '.';
import { readTableConfig } from './config';
import { StationTableWidget } from './StationTableWidget';

const bodies: unknown[] = [];
/** Stations the next answers list after the two above. */
let extraStations: unknown[] = [];

beforeEach(() => {
  setApiBase(undefined);
  bodies.length = 0;
  extraStations = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/stationTypes')) return jsonResponse(200, [{ key: 'lake', label: 'Lake or reservoir' }, { key: 'river', label: 'River/Stream' }]);
      bodies.push(JSON.parse(String(init?.body)));
      return jsonResponse(200, {
        total: 42,
        stations: [
          { id: 's1', identifier: 'USGS-01', name: 'Bear Creek', stationType: 'lake', meta: { sampleCount: 1200, lastDate: '2021-05-01T00:00:00Z' } },
          { id: 's2', identifier: 'USGS-02', name: '', stationType: 'river', meta: { sampleCount: 3 } },
          ...extraStations,
        ],
      });
    }),
  );
});

function renderWidget(config: Record<string, unknown>, title?: string) {
  const router = createMemoryRouter([{ path: '/', element: <StationTableWidget config={config} title={title} /> }], { initialEntries: ['/'] });
  renderWithProviders(<RouterProvider router={router} />);
}

describe('station table widget', () => {
  it('is the station-table widget type, offered for any dashboard with all stations', () => {
    expect(stationTableWidget.component).toBe(STATION_TABLE_WIDGET);
    expect(stationTableWidget.component).toBe('station-table');
    expect(stationTableWidget.shareable).toEqual({ filters: '', limit: 25 });
  });

  it('reads its config defensively', () => {
    expect(readTableConfig({})).toEqual({ filters: '', limit: 25 });
    expect(readTableConfig({ filters: '?stationType=lake', limit: 10_000 })).toEqual({ filters: 'stationType=lake', limit: 500 });
  });

  it('shows the first stations of its explorer filters, each linking to its page', async () => {
    renderWidget({ filters: 'stationType=lake&q=bear', limit: 10 });
    expect(await screen.findByRole('link', { name: 'Bear Creek' })).toHaveAttribute('href', '/sts/station/s1');
    expect(screen.getByRole('link', { name: 'USGS-02' })).toHaveAttribute('href', '/sts/station/s2');
    expect(screen.getByText('2 of 42 stations')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '2021-05-01' })).toBeInTheDocument();
    // Station types by their names in the reference list.
    expect(await screen.findByRole('cell', { name: 'Lake or reservoir' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'River/Stream' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open in the explorer' })).toHaveAttribute('href', '/sts/overview?stationType=lake&q=bear');
    expect(bodies[0]).toEqual({ stationTypes: ['lake'], search: 'bear', format: 'objects', limit: 10, offset: 0 });
    expect(screen.getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Name', 'Identifier', 'Station type', 'Samples', 'Logger series', 'Last sample']);
  });

  it("counts each station's logger series apart from its samples, as the explorer's table does", async () => {
    // A gauge whose only data are two logger series: 0 samples, not "no data".
    extraStations = [{ id: 's3', identifier: 'USGS-03', name: 'Gauge at Mill Road', stationType: 'river', meta: { sampleCount: 0, loggerSeriesCount: 2 } }];
    renderWidget({ filters: '', limit: 10 });
    await screen.findByRole('link', { name: 'Gauge at Mill Road' });
    const column = screen.getAllByRole('columnheader').findIndex((c) => c.textContent === 'Logger series');
    const cells = screen.getAllByRole('row').slice(1).map((row) => row.querySelectorAll('td')[column]?.textContent);
    // Without logger series: a dash to the eye, "None" to a screen reader.
    expect(cells).toEqual(['—None', '—None', '2']);
    expect(screen.getAllByRole('cell', { name: 'None' })).toHaveLength(2);
  });

  it('speaks Simplified Chinese', async () => {
    await changeLanguage('zh-CN');
    try {
      extraStations = [{ id: 's3', identifier: 'USGS-03', name: 'Gauge at Mill Road', stationType: 'river', meta: { sampleCount: 0, loggerSeriesCount: 2 } }];
      renderWidget({ filters: '', limit: 10 });
      await screen.findByRole('link', { name: 'Gauge at Mill Road' });
      expect(screen.getByRole('columnheader', { name: '记录仪序列' })).toBeInTheDocument();
      expect(screen.getAllByRole('cell', { name: '无' })).toHaveLength(2);
      expect(screen.getByText('显示 3 个，共 42 个站点')).toBeInTheDocument();
    } finally {
      await changeLanguage('en');
    }
  });

  it('saved from a sorted table, lists its first rows in its order and links back to that table', async () => {
    renderWidget({ filters: 'mode=table&stationType=lake&sort=sampleCount&size=25', limit: 1 });
    // The explorer's first chunk, sorted as the explorer sorts it: the fewest samples first.
    expect(await screen.findByRole('link', { name: 'USGS-02' })).toHaveAttribute('href', '/sts/station/s2');
    expect(screen.queryByRole('link', { name: 'Bear Creek' })).not.toBeInTheDocument();
    expect(screen.getByText('1 of 42 stations')).toBeInTheDocument();
    expect(bodies[0]).toEqual({ stationTypes: ['lake'], format: 'objects', limit: 5000, offset: 0 });
    expect(screen.getByRole('link', { name: 'Open in the explorer' })).toHaveAttribute(
      'href',
      '/sts/overview?mode=table&stationType=lake&sort=sampleCount&size=25',
    );
  });

  it("names its scroll region by the widget's own title, so that two on a dashboard differ", async () => {
    renderWidget({ filters: 'stationType=lake', limit: 10 }, 'Stations 2');
    expect(await screen.findByRole('region', { name: 'Stations 2' })).toBeInTheDocument();
  });
});
