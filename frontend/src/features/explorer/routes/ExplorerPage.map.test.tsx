import { act, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiBase } from '../../../api/client';
import { renderWithProviders } from '../../../test/render';
import { FakeMap } from '../fakeMaplibre';
import { explorerApi, fakeApi, statisticOver, stationRow, stationsAtRows } from '../fixtures';
import { explorerRoutes } from '.';

// The explorer with its own map (maplibre's stand-in: jsdom has no WebGL), as ExplorerPage.test.tsx cannot show it.
vi.mock('maplibre-gl', async (importOriginal) => (await import('../fakeMaplibre')).fakeMaplibre(await importOriginal<object>()));

type Feature = { geometry: { coordinates: [number, number] }; properties: Record<string, number> };
const map = () => FakeMap.made.at(-1)!;
const pinned = () => document.querySelector<HTMLElement>('.station-pinned');

/** The server's stations and the snapshot they are in: a test rebuilds it by changing both. */
const server = { snapshot: 7, stations: [stationRow(1, { latitude: 40, longitude: -100 }), stationRow(2, { latitude: 42, longitude: -90 })] };
let api: ReturnType<typeof fakeApi>;

beforeEach(() => {
  setApiBase(undefined);
  FakeMap.made = [];
  api = fakeApi({
    ...explorerApi(),
    'POST /statistic': (url: URL, init: RequestInit | undefined) => ({ ...statisticOver(server.stations)(url, init), snapshot: server.snapshot }),
    'GET /statistic/sampleLocationList': stationsAtRows(server),
  });
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  // The built-in outlines' files are not served here: the map shows its plain background.
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

describe("the explorer's map when the station data changes under it", () => {
  it("asks for the stations again when a popup's lookup finds their snapshot rebuilt, and opens it from the new one", async () => {
    const router = createMemoryRouter([{ path: '/sts', children: explorerRoutes }], { initialEntries: ['/sts/overview?mode=map'] });
    renderWithProviders(<RouterProvider router={router} />);
    expect(await screen.findByText('2 stations · 20 samples', {}, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(map().getSource('stations')).toBeDefined());
    const points = (map().getSource('stations')!.data as { features: Feature[] }).features;
    // Meanwhile a station is created: the snapshot is rebuilt, the others' rows moved on by one.
    Object.assign(server, { snapshot: 8, stations: [stationRow(3, { latitude: 35, longitude: -110 }), ...server.stations] });
    act(() => map().fire('click', 'stations-points', { features: [points.find((point) => point.properties.i === 1)] }));

    // Three answers in a row (the refused lookup, the stations again, the lookup): more than waitFor's second on a
    // loaded machine.
    await waitFor(() => expect(pinned()).not.toBeNull(), { timeout: 5000 });
    expect(pinned()).toHaveTextContent(/^Station 2IdentifierID-2Organization/);
    const lookups = api.calls.filter((call) => call.url.pathname.endsWith('/sampleLocationList'));
    expect(lookups.map((call) => [call.url.searchParams.get('snapshot'), call.url.searchParams.get('rows')])).toEqual([
      ['7', '1'],
      ['8', '2'],
    ]);
    // The page took the current snapshot: its count, and the map's points.
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(2);
    expect(screen.getByText('3 stations · 30 samples')).toBeInTheDocument();
    expect((map().getSource('stations')!.data as { features: Feature[] }).features).toHaveLength(3);
  });
});
