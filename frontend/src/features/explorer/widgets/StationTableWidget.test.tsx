import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

  describe('fitting its widget', () => {
    // jsdom lays nothing out: the widget's stylesheet is applied and what it asks of the cells is read back; the
    // scroller's widths are stood in for (what a browser would measure), and the shadows are read from their rules.
    const WIDGETS_CSS = readFileSync(join(process.cwd().replace(/\/frontend$/, ''), 'frontend', 'src', 'features', 'explorer', 'widgets', 'widgets.css'), 'utf-8');
    let style: HTMLStyleElement;
    beforeEach(() => {
      style = document.createElement('style');
      style.textContent = WIDGETS_CSS;
      document.head.append(style);
    });
    afterEach(() => {
      style.remove();
      vi.restoreAllMocks();
    });

    /** The scroller is `tableWidth` wide inside, `shownWidth` shown (each scroller alike). */
    function widths(tableWidth: number, shownWidth: number) {
      const scroller = (el: Element) => el.classList.contains('station-table-widget-scroller');
      const scrollWidth = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollWidth')!.get!;
      const clientWidth = Object.getOwnPropertyDescriptor(Element.prototype, 'clientWidth')!.get!;
      vi.spyOn(Element.prototype, 'scrollWidth', 'get').mockImplementation(function (this: Element) {
        return scroller(this) ? tableWidth : scrollWidth.call(this);
      });
      vi.spyOn(Element.prototype, 'clientWidth', 'get').mockImplementation(function (this: Element) {
        return scroller(this) ? shownWidth : clientWidth.call(this);
      });
    }

    it('wraps a long station type or name instead of cutting it at the edge; a Chinese type keeps its words whole', async () => {
      await changeLanguage('zh-CN');
      try {
        renderWidget({ filters: '', limit: 10 });
        const type = await screen.findByRole('cell', { name: '湖泊或水库' });
        expect(getComputedStyle(type).whiteSpace).toBe('normal');
        expect(getComputedStyle(type).wordBreak).toBe('keep-all');
        const name = screen.getByRole('link', { name: 'Bear Creek' }).closest('td')!;
        expect(getComputedStyle(name).whiteSpace).toBe('normal');
        // Identifiers and dates stay on one line.
        expect(getComputedStyle(screen.getByRole('cell', { name: 'USGS-01' })).whiteSpace).toBe('nowrap');
        expect(getComputedStyle(screen.getByRole('columnheader', { name: '记录仪序列' })).whiteSpace).toBe('normal');
      } finally {
        await changeLanguage('en');
      }
    });

    it('casts a shadow at the edge with columns hidden past it, and moves it as the table is scrolled sideways; none when it fits', async () => {
      widths(900, 500);
      renderWidget({ filters: '', limit: 10 });
      const region = await screen.findByRole('region', { name: 'Stations' });
      const frame = region.parentElement!;
      // At the start: more to the right only.
      expect(frame).toHaveAttribute('data-more-right');
      expect(frame).not.toHaveAttribute('data-more-left');
      // Scrolled to the end: more to the left only.
      Object.defineProperty(region, 'scrollLeft', { configurable: true, value: 400 });
      act(() => void fireEvent.scroll(region));
      expect(frame).toHaveAttribute('data-more-left');
      expect(frame).not.toHaveAttribute('data-more-right');
      // Half way: both.
      Object.defineProperty(region, 'scrollLeft', { configurable: true, value: 200 });
      act(() => void fireEvent.scroll(region));
      expect(frame).toHaveAttribute('data-more-left');
      expect(frame).toHaveAttribute('data-more-right');
      // The shadows those edges show (pseudo-elements jsdom does not draw: their rules).
      expect(WIDGETS_CSS).toMatch(/\.station-table-widget-frame\[data-more-left\]::before,\s*\.station-table-widget-frame\[data-more-right\]::after\s*{\s*opacity: 1;/);
      cleanup();
      // A table that fits: no shadow at either edge.
      vi.restoreAllMocks();
      widths(480, 500);
      renderWidget({ filters: '', limit: 10 });
      const fits = (await screen.findByRole('region', { name: 'Stations' })).parentElement!;
      expect(fits).not.toHaveAttribute('data-more-right');
      expect(fits).not.toHaveAttribute('data-more-left');
    });

    it('in a narrow widget, shows each station as a card: every value after its column name, in English and Chinese', async () => {
      renderWidget({ filters: '', limit: 10 });
      const row = (await screen.findByRole('link', { name: 'Bear Creek' })).closest('tr')!;
      const labelled = () => [...row.querySelectorAll('td[data-label]')].map((cell) => [cell.getAttribute('data-label'), cell.textContent]);
      await within(row).findByRole('cell', { name: 'Lake or reservoir' });
      expect(labelled()).toEqual([
        ['Identifier', 'USGS-01'], ['Station type', 'Lake or reservoir'], ['Samples', '1,200'], ['Logger series', '—None'], ['Last sample', '2021-05-01'],
      ]);
      await act(() => changeLanguage('zh-CN'));
      try {
        expect(labelled().map(([label]) => label)).toEqual(['标识符', '站点类型', '样品数', '记录仪序列', '最近采样']);
      } finally {
        await act(() => changeLanguage('en'));
      }
      // The card layout is asked of the widget's own width (a container query), and writes each column's name
      // before its value (jsdom evaluates no container query: the rules are read).
      expect(WIDGETS_CSS).toMatch(/\.station-table-widget\s*{\s*container: station-table-widget \/ inline-size;/);
      const card = WIDGETS_CSS.slice(WIDGETS_CSS.indexOf('@container station-table-widget (max-width: 36rem)'));
      expect(card).toMatch(/\.station-table-widget tbody tr\s*{\s*display: flex;\s*flex-wrap: wrap;/);
      expect(card).toMatch(/td\[data-label\]::before\s*{\s*content: attr\(data-label\);/);
    });
  });
});
