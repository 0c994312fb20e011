import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiBase } from '../../../api/client';
import { changeLanguage } from '../../../i18n';
import { toast, useToasts } from '../../../shell/toast';
import { renderWithProviders } from '../../../test/render';
import { OFFLINE_MAP_SERVICE, type MapService } from '../api/mapService';
import { decodeStatistic, type StationSet } from '../api/statistic';
import type { StationDetails } from '../api/stationsAt';
import { FakeMap } from '../fakeMaplibre';
import { fakeApi, ORG_A, ORG_B, organizations, statisticOver, stationRow, stationsAtRows, type StationRow } from '../fixtures';
import { typeLegend } from '../lib/colors';
import { StationMap } from './StationMap';

vi.mock('maplibre-gl', async (importOriginal) => (await import('../fakeMaplibre')).fakeMaplibre(await importOriginal<object>()));

const TILES: MapService = { ...OFFLINE_MAP_SERVICE, tiles: ['https://tiles.example/{z}/{x}/{y}.png'] };
const organizationNames = new Map(organizations.map((o) => [o.id, o.name]));
// The same USGS site in two organizations: one place, one name, one identifier.
const SKIT = { name: 'SKIT BRANCH NEAR WHITESBOG, NJ', identifier: 'USGS-01409434', latitude: 39.795, longitude: -74.6228 };
const sameSite = [stationRow(1, { ...SKIT, organizationId: ORG_B }), stationRow(2, { ...SKIT, organizationId: ORG_A, sampleCount: 42 })];

let api: ReturnType<typeof fakeApi>;
// Looked-up stations are kept by snapshot and row: each test's stations are of a snapshot of their own.
let snapshot = 100;

/** The map's set for `stations`, of a snapshot of its own. */
function setOf(stations: StationRow[]): StationSet {
  const body = statisticOver(stations)(new URL('http://localhost'), { body: JSON.stringify({ format: 'columns' }) });
  return { ...decodeStatistic(body), snapshot: (snapshot += 1) };
}

/** The server's lookups of points by their rows (as the map's popups do) in its current snapshot. */
function serve(current: StationSet, stations: StationRow[]) {
  api = fakeApi({ 'GET /statistic/sampleLocationList': stationsAtRows({ snapshot: current.snapshot!, stations }) });
  vi.stubGlobal('fetch', vi.fn(api.fetch));
}

/** The map's answer for `stations`, the server's current one. */
function mapAnswer(stations: StationRow[]): StationSet {
  const set = setOf(stations);
  serve(set, stations);
  return set;
}

function renderMap(stations: StationSet, { mapService = TILES, onToggle = vi.fn() }: { mapService?: MapService; onToggle?: (s: StationDetails) => void } = {}) {
  return renderWithProviders(
    <StationMap
      stations={stations}
      legend={typeLegend(stations.stationType)}
      valueRange={null}
      selected={[]}
      onToggle={onToggle}
      mapService={mapService}
      organizationNames={organizationNames}
    />,
  );
}

const map = () => FakeMap.made.at(-1)!;
type Feature = { geometry: { coordinates: [number, number] }; properties: Record<string, number | boolean | string> };
/** The features the map was given for the view, once its stations are on it. */
async function features(): Promise<Feature[]> {
  await waitFor(() => expect((map().getSource('stations')?.data as { features: Feature[] } | undefined)?.features.length).toBeGreaterThan(0));
  return (map().getSource('stations')!.data as { features: Feature[] }).features;
}
const hovered = () => document.querySelector('.station-hover');
const pinned = () => document.querySelector<HTMLElement>('.station-pinned');

beforeEach(() => {
  setApiBase(undefined);
  FakeMap.made = [];
  document.body.querySelectorAll('.fake-popup').forEach((popup) => popup.remove());
  // The built-in outlines' files are not served here: the map shows its plain background.
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

describe('stations at one spot', () => {
  it('lists every station of a dot on a click: how many, each one with its organization, link and selection box', async () => {
    const onToggle = vi.fn();
    renderMap(mapAnswer(sameSite), { onToggle });
    const points = await features();
    // Zoomed in past the clusters: two points, one on the other.
    expect(points.map((f) => f.geometry.coordinates)).toEqual([points[0].geometry.coordinates, points[0].geometry.coordinates]);
    act(() => map().fire('mouseenter', 'stations-points', { features: [points[1]] }));
    expect(hovered()).toHaveTextContent('2 stations at this spot: click to list them');

    act(() => map().fire('click', 'stations-points', { features: [points[1]] }));
    await waitFor(() => expect(pinned()).not.toBeNull());
    const popup = pinned()!;
    expect(hovered()).toBeNull();
    expect(popup).toHaveTextContent(/^2 stations at this spot/);
    const items = within(popup).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      `${SKIT.name}Identifier${SKIT.identifier}OrganizationRiver KeepersLast sample2021-01-01Samples10Open the station page Selected`,
      `${SKIT.name}Identifier${SKIT.identifier}OrganizationDemo Watershed CouncilLast sample2021-01-01Samples42Open the station page Selected`,
    ]);
    expect(within(popup).getByRole('link', { name: `Open the station page of ${SKIT.name} (Demo Watershed Council)` })).toHaveAttribute('href', '#/sts/station/s2');
    within(popup).getByRole('checkbox', { name: `Select ${SKIT.name} (Demo Watershed Council)` }).click();
    expect(onToggle).toHaveBeenCalledWith(expect.objectContaining({ id: 's2', organizationId: ORG_A }));
    // Both looked up at once.
    expect(api.calls.map((c) => c.url.searchParams.get('rows'))).toEqual(['0,1']);
  });

  it('lists the stations of a cluster of one place rather than zooming in, which would never part them', async () => {
    renderMap(mapAnswer(sameSite), { mapService: OFFLINE_MAP_SERVICE });
    const [cluster] = await features();
    expect(cluster.properties).toMatchObject({ point_count: 2 });
    act(() => map().fire('mouseenter', 'clusters', { features: [cluster] }));
    expect(hovered()).toHaveTextContent('2 stations at this spot: click to list them');
    const zoom = map().getZoom();
    act(() => map().fire('click', 'clusters', { features: [cluster] }));
    await waitFor(() => expect(pinned()).not.toBeNull());
    expect(within(pinned()!).getAllByRole('listitem')).toHaveLength(2);
    expect(map().getZoom()).toBe(zoom);
  });

  it("says how many logger series a station has beside its samples (a gauge's 0 samples is not 'no data'), in both languages", async () => {
    const gauge = stationRow(1, { sampleCount: 0, name: 'Choptank River' });
    renderMap(mapAnswer([{ ...gauge, meta: { ...gauge.meta, lastDate: '', loggerSeriesCount: 2 } as StationRow['meta'] }, stationRow(2)]));
    const points = await features();
    act(() => map().fire('mouseenter', 'stations-points', { features: [points[0]] }));
    await waitFor(() => expect(hovered()).toHaveTextContent('Choptank RiverIdentifierID-1OrganizationDemo Watershed CouncilLast sampleNoneSamples0Logger series2'));
    act(() => map().fire('mouseleave', 'stations-points', {}));
    // A station without logger series says nothing of them.
    act(() => map().fire('mouseenter', 'stations-points', { features: [points[1]] }));
    await waitFor(() => expect(hovered()).toHaveTextContent('Station 2'));
    expect(hovered()).not.toHaveTextContent('Logger series');
    act(() => map().fire('mouseleave', 'stations-points', {}));
    await act(() => changeLanguage('zh-CN'));
    try {
      act(() => map().fire('mouseenter', 'stations-points', { features: [points[0]] }));
      await waitFor(() => expect(hovered()).toHaveTextContent('样品数0记录仪序列2'));
    } finally {
      await act(() => changeLanguage('en'));
    }
  });

  it("shows one station's organization in its popup", async () => {
    renderMap(mapAnswer([stationRow(1, { organizationId: ORG_B }), stationRow(2)]));
    const points = await features();
    act(() => map().fire('mouseenter', 'stations-points', { features: [points[0]] }));
    await waitFor(() => expect(hovered()).toHaveTextContent('Station 1IdentifierID-1OrganizationRiver Keepers'));
    expect(hovered()).not.toHaveTextContent('at this spot');
  });
});

describe('the map as it moves', () => {
  it("clears a cluster's tooltip when the view moves from under the mouse (a click zooms in)", async () => {
    renderMap(mapAnswer(Array.from({ length: 6 }, (_, i) => stationRow(i, { latitude: 40 + i, longitude: -100 - i }))));
    await features();
    const cluster = { geometry: { coordinates: [-102, 42] }, properties: { cluster: true, point_count: 206, west: -105, south: 40, east: -100, north: 45, f: 0 } };
    act(() => map().fire('mouseenter', 'clusters', { features: [cluster] }));
    expect(hovered()).toHaveTextContent('206 stations: click to zoom in');
    expect(map().getCanvas().style.cursor).toBe('pointer');
    act(() => map().fire('click', 'clusters', { features: [cluster] }));
    expect(map().fits.at(-1)?.bounds).toEqual([[-105, 40], [-100, 45]]);
    expect(hovered()).toBeNull();
    expect(screen.queryByText('206 stations: click to zoom in')).not.toBeInTheDocument();
    expect(map().getCanvas().style.cursor).toBe('');
  });

  it('shows one station with the land around it: no closer than the basemap has something to show', async () => {
    const { unmount } = renderMap(mapAnswer([stationRow(1)]), { mapService: OFFLINE_MAP_SERVICE });
    await features();
    // The built-in outlines have coasts and state lines only.
    expect(screen.getByTestId('station-map')).toHaveAttribute('data-zoom', '7.00');
    unmount();
    // A basemap of its own shows the streets.
    renderMap(mapAnswer([stationRow(1)]), { mapService: TILES });
    await features();
    expect(screen.getByTestId('station-map')).toHaveAttribute('data-zoom', '12.00');
  });
});

describe('the map in the interface language', () => {
  it('names its controls and itself in Simplified Chinese, and again when the language changes', async () => {
    renderMap(mapAnswer([stationRow(1)]));
    expect(screen.getByRole('button', { name: 'Zoom in' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Map of the stations' })).toBeInTheDocument();
    await act(() => changeLanguage('zh-CN'));
    try {
      expect(await screen.findByRole('button', { name: '放大' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: '缩小' })).toBeInTheDocument();
      expect(screen.getByRole('region', { name: '站点地图' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Zoom in' })).not.toBeInTheDocument();
      // Every string of maplibre's: a pinned popup's close button too.
      expect(map()._locale).toMatchObject({ 'Popup.Close': '关闭弹窗', 'AttributionControl.ToggleAttribution': '显示或隐藏版权信息' });
      // What the keys do, read with the canvas's name and shown with the cross.
      const hint = document.getElementById(map().getCanvas().getAttribute('aria-describedby')!);
      expect(hint).toHaveTextContent('方向键移动地图，+ 和 − 缩放；按 Enter 打开地图中央十字处的站点。');
      expect(screen.getByTestId('station-map')).toHaveAttribute('data-hint', hint!.textContent);
      // The same map, its stations still on it.
      expect(FakeMap.made).toHaveLength(1);
      expect(await features()).toHaveLength(1);
    } finally {
      await act(() => changeLanguage('en'));
    }
  });

  it("keeps the user's view over a change of language: the same map, neither made again nor fitted again", async () => {
    const stations = mapAnswer([stationRow(1, { latitude: 40, longitude: -100 }), stationRow(2, { latitude: 42, longitude: -90 })]);
    /** As the explorer's page: the legend is made again in the new language, in the same render as the map. */
    function TranslatedMap() {
      const { t } = useTranslation();
      const legend = useMemo(() => typeLegend(stations.stationType).map((entry) => ({ ...entry, label: t('explorer.map.label') })), [t]);
      return <StationMap stations={stations} legend={legend} valueRange={null} selected={[]} onToggle={vi.fn()} mapService={TILES} />;
    }
    renderWithProviders(<TranslatedMap />);
    expect(await features()).toHaveLength(2);
    // The user pans and zooms in.
    const view = { center: { lng: -91.5, lat: 41.8 }, zoom: 6.25 };
    act(() => map().jumpTo(view));
    const fits = map().fits.length;
    await act(() => changeLanguage('zh-CN'));
    try {
      expect(await screen.findByRole('region', { name: '站点地图' })).toBeInTheDocument();
      expect(FakeMap.made).toHaveLength(1);
      expect(map().removed).toBe(false);
      expect({ center: map().getCenter(), zoom: map().getZoom() }).toEqual(view);
      expect(map().fits).toHaveLength(fits);
      expect(screen.getByTestId('station-map')).toHaveAttribute('data-zoom', '6.25');
      // Still painted, in the new legend's colours.
      expect(await features()).toHaveLength(2);
    } finally {
      await act(() => changeLanguage('en'));
    }
  });
});

describe('the map from the keyboard', () => {
  it('says what the keys do, and Enter lists the stations at the cross in the middle, focus in the list and back on Escape', async () => {
    renderMap(mapAnswer(sameSite));
    const points = await features();
    const canvas = map().getCanvas();
    const hint = document.getElementById(canvas.getAttribute('aria-describedby')!);
    expect(hint).toHaveTextContent('Arrow keys move the map, + and − zoom; Enter opens the stations at the cross in the middle.');
    expect(screen.getByTestId('station-map')).toHaveAttribute('data-hint', hint!.textContent);

    const [lng, lat] = points[0].geometry.coordinates;
    map().center = { lng: lng + 1.5, lat }; // 15 px off: within reach
    canvas.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(pinned()).not.toBeNull());
    expect(pinned()).toHaveTextContent(/^2 stations at this spot/);
    // The focus is in the list: its first link, then on through the stations by Tab.
    expect(document.activeElement).toBe(within(pinned()!).getAllByRole('link')[0]);
    await userEvent.keyboard('{Escape}');
    expect(pinned()).toBeNull();
    expect(document.activeElement).toBe(canvas);
  });

  it('says so when nothing is at the cross, in both languages', async () => {
    const info = vi.spyOn(toast, 'info');
    renderMap(mapAnswer(sameSite));
    const [point] = await features();
    const [lng, lat] = point.geometry.coordinates;
    map().center = { lng: lng + 5, lat }; // 50 px off
    map().getCanvas().focus();
    await userEvent.keyboard('{Enter}');
    expect(info).toHaveBeenLastCalledWith('No station at the cross in the middle of the map: move the map with the arrow keys, or zoom in with +.');
    expect(pinned()).toBeNull();
    await act(() => changeLanguage('zh-CN'));
    try {
      map().center = { lng: lng + 5, lat };
      map().getCanvas().focus();
      await userEvent.keyboard(' ');
      expect(info).toHaveBeenLastCalledWith('地图中央的十字处没有站点：请用方向键移动地图，或按 + 放大。');
    } finally {
      await act(() => changeLanguage('en'));
    }
  });
  it('closes the list by its close button too, by Escape or by pressing it, the focus back on the map (not the page)', async () => {
    renderMap(mapAnswer(sameSite));
    const [point] = await features();
    map().center = { lng: point.geometry.coordinates[0], lat: point.geometry.coordinates[1] };
    const canvas = map().getCanvas();
    for (const key of ['{Escape}', '{Enter}']) {
      canvas.focus();
      await userEvent.keyboard('{Enter}');
      await waitFor(() => expect(pinned()).not.toBeNull());
      const close = within(pinned()!).getByRole('button', { name: 'Close popup' });
      close.focus();
      await userEvent.keyboard(key);
      expect(pinned()).toBeNull();
      expect(document.activeElement).toBe(canvas);
    }
  });

  it('says that Enter on a cluster at the cross zoomed in, and to how many stations, in both languages', async () => {
    const info = vi.spyOn(toast, 'info');
    // Twelve stations close together (one cluster when the view takes in the far one), and one far away.
    const close = Array.from({ length: 12 }, (_, k) => stationRow(k + 1, { latitude: 40 + k * 0.001, longitude: -100 + k * 0.001 }));
    renderMap(mapAnswer([...close, stationRow(13, { latitude: 30, longitude: -80 })]));
    await features();
    const zoomOut = map().getZoom();
    /** The cluster of the twelve, brought to the cross by the arrow keys. */
    const clusterAtCross = async () => {
      const cluster = (await features()).find((feature) => feature.properties.point_count === 12);
      expect(cluster).toBeDefined();
      const [lng, lat] = cluster!.geometry.coordinates;
      map().center = { lng, lat };
      map().getCanvas().focus();
      return cluster!;
    };
    const cluster = await clusterAtCross();
    await userEvent.keyboard('{Enter}');
    expect(map().fits.at(-1)?.bounds).toEqual([[cluster.properties.west, cluster.properties.south], [cluster.properties.east, cluster.properties.north]]);
    expect(map().getZoom()).toBeGreaterThan(zoomOut);
    expect(info).toHaveBeenLastCalledWith('Zoomed in to 12 stations');
    expect(pinned()).toBeNull();
    await act(() => changeLanguage('zh-CN'));
    try {
      act(() => map().jumpTo({ zoom: zoomOut }));
      await clusterAtCross();
      await userEvent.keyboard(' ');
      expect(info).toHaveBeenLastCalledWith('已放大到 12 个站点');
    } finally {
      await act(() => changeLanguage('en'));
    }
  });

  it('says "nothing at the cross" once however often Enter is pressed: the messages do not pile up over the map', async () => {
    toast.clear();
    renderMap(mapAnswer(sameSite));
    const [point] = await features();
    map().center = { lng: point.geometry.coordinates[0] + 5, lat: point.geometry.coordinates[1] };
    map().getCanvas().focus();
    await userEvent.keyboard('{Enter}{Enter} ');
    const { result } = renderHook(() => useToasts());
    expect(result.current.map((shown) => shown.message)).toEqual([
      'No station at the cross in the middle of the map: move the map with the arrow keys, or zoom in with +.',
    ]);
    // A station found meanwhile: the message goes, as it no longer holds.
    map().center = { lng: point.geometry.coordinates[0], lat: point.geometry.coordinates[1] };
    await userEvent.keyboard('{Enter}');
    expect(result.current).toEqual([]);
    toast.clear();
  });
});

describe("a pick whose stations changed meanwhile (the server's snapshot rebuilt: stations created, an import ended)", () => {
  // Two stations far apart; since, a third was created, which comes first: the others' rows moved on by one.
  const before = [stationRow(1, { latitude: 40, longitude: -100 }), stationRow(2, { latitude: 42, longitude: -90 })];
  const after = [stationRow(3, { latitude: 35, longitude: -110 }), ...before];

  /** As the explorer's page holds the map's stations: the set it asks for again replaces them. */
  function ReloadingMap({ stale, current, onReload }: { stale: StationSet; current: StationSet; onReload: () => void }) {
    const [stations, setStations] = useState(stale);
    const legend = useMemo(() => typeLegend(stations.stationType), [stations]);
    const reloadStations = async () => {
      onReload();
      setStations(current);
      return current;
    };
    return (
      <StationMap stations={stations} legend={legend} valueRange={null} selected={[]} onToggle={vi.fn()} mapService={TILES} reloadStations={reloadStations} />
    );
  }

  /** The map of `before`, whose snapshot the server has rebuilt since with `current` (its answer when asked again). */
  async function renderRebuilt(current: StationRow[] = after) {
    const stale = setOf(before);
    const rebuilt = setOf(current);
    serve(rebuilt, current);
    const onReload = vi.fn();
    const { unmount } = renderWithProviders(<ReloadingMap stale={stale} current={rebuilt} onReload={onReload} />);
    const points = await features();
    /** The point of the stale set's station i. */
    const point = (i: number) => points.find((feature) => feature.properties.i === i)!;
    return { stale, rebuilt, onReload, point, unmount };
  }
  const lookups = () => api.calls.map((call) => [Number(call.url.searchParams.get('snapshot')), call.url.searchParams.get('rows')]);

  it("lists the spot's stations from the current snapshot, the map's stations asked for again once, the user's view kept", async () => {
    const { stale, rebuilt, onReload, point } = await renderRebuilt();
    const view = { center: { lng: -91, lat: 41.5 }, zoom: 6.25 };
    act(() => map().jumpTo(view));
    const fits = map().fits.length;
    act(() => map().fire('click', 'stations-points', { features: [point(1)] }));
    await waitFor(() => expect(pinned()).not.toBeNull());
    expect(pinned()).toHaveTextContent(/^Station 2IdentifierID-2Organization/);
    // Refused by its row in the old snapshot; found at the same place in the new one, by its row there.
    expect(lookups()).toEqual([[stale.snapshot, '1'], [rebuilt.snapshot, '2']]);
    expect(onReload).toHaveBeenCalledTimes(1);
    // Redrawn with the new station, where the user had the map: the same results, not new ones to fit.
    await waitFor(() => expect((map().getSource('stations')!.data as { features: Feature[] }).features).toHaveLength(3));
    expect({ center: map().getCenter(), zoom: map().getZoom() }).toEqual(view);
    expect(map().fits).toHaveLength(fits);
  });

  it('opens the list of the spot at the cross from the current snapshot on Enter, the focus in it', async () => {
    const { point } = await renderRebuilt();
    const [lng, lat] = point(1).geometry.coordinates;
    map().center = { lng, lat };
    map().getCanvas().focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(pinned()).not.toBeNull());
    expect(pinned()).toHaveTextContent(/^Station 2IdentifierID-2Organization/);
    expect(document.activeElement).toBe(within(pinned()!).getAllByRole('link')[0]);
  });

  it("shows a hovered station from the current snapshot rather than 'Loading...' for ever", async () => {
    const { point } = await renderRebuilt();
    act(() => map().fire('mouseenter', 'stations-points', { features: [point(1)] }));
    await waitFor(() => expect(hovered()).toHaveTextContent(/^Station 2IdentifierID-2Organization/));
  });

  it('says that the map was updated and to pick again when no station stands at the spot now, in both languages', async () => {
    const info = vi.spyOn(toast, 'info');
    const notices = [
      ['en', 'The station data changed meanwhile: the map now shows the latest. Pick the station again.'],
      ['zh-CN', '站点数据已在此期间更新，地图现在显示最新数据。请重新选择站点。'],
    ] as const;
    try {
      for (const [language, notice] of notices) {
        await act(() => changeLanguage(language));
        // Station 2 was deleted since.
        const { point, unmount } = await renderRebuilt(after.slice(0, 2));
        act(() => map().fire('click', 'stations-points', { features: [point(1)] }));
        await waitFor(() => expect(info).toHaveBeenLastCalledWith(notice));
        expect(pinned()).toBeNull();
        unmount();
      }
    } finally {
      await act(() => changeLanguage('en'));
    }
  });
});
