import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { setApiBase } from '../../../api/client';
import { renderWithProviders } from '../../../test/render';
import { explorerApi, fakeApi } from '../fixtures';
import { selectionStore } from '../lib/selection';
import { explorerRoutes } from '.';

// No WebGL in jsdom; the table alone is shown here.
vi.mock('../components/StationMap', () => ({ default: () => <div data-testid="station-map" /> }));
// 'Add to dashboard' stands in with the widget it would add.
vi.mock('../../../shell/WidgetActionBar', () => ({
  WidgetActionBar: ({ widget }: { widget: { component: string; config: Record<string, unknown> } }) => (
    <output data-testid="widget-to-add">{JSON.stringify(widget)}</output>
  ),
}));

beforeEach(() => {
  setApiBase(undefined);
  selectionStore.reset();
  vi.stubGlobal('fetch', vi.fn(fakeApi(explorerApi()).fetch));
});

function renderExplorer(path: string) {
  const router = createMemoryRouter([{ path: '/sts', children: explorerRoutes }], { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />);
}

describe("the explorer's table added to a dashboard", () => {
  it('keeps the table as shown: its mode, filters, sort and page size (not its page)', async () => {
    renderExplorer('/sts/overview?mode=table&stationType=lake&sort=-sampleCount&size=25&page=2');
    const widget = JSON.parse((await screen.findByTestId('widget-to-add')).textContent ?? '');
    expect(widget).toEqual({
      component: 'station-table',
      config: { filters: 'mode=table&stationType=lake&sort=-sampleCount&size=25', limit: 25 },
    });
  });

  it('unsorted, keeps the filters as before', async () => {
    renderExplorer('/sts/overview?mode=table&stationType=lake');
    const widget = JSON.parse((await screen.findByTestId('widget-to-add')).textContent ?? '');
    expect(widget.config).toEqual({ filters: 'mode=table&stationType=lake', limit: 25 });
  });
});
