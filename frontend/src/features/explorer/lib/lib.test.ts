import { describe, expect, it, vi } from 'vitest';
import { readMapService } from '../api/mapService';
import { decodeStatistic, detailsAt } from '../api/statistic';
import { statisticColumns } from '../fixtures';
import { BUILT_IN_TYPES, OTHER_COLOR, TYPE_PALETTE, typeColors, typeLegend } from './colors';
import { csvCell, sitesCsv } from './csv';
import { boundsOf } from './geojson';
import { clusterView, projectStations } from './clusters';
import { stationPopup } from './popup';
import { selectionStore } from './selection';
import { tableRows } from './tableRows';

const stations = decodeStatistic(statisticColumns);

describe('station table rows', () => {
  it('sorts by a text column both ways and by sample count', () => {
    expect(tableRows(stations, '', { key: 'name', direction: 'asc' }).map((i) => stations.name[i])).toEqual(['Alder Lake', 'Bear Creek', 'Cedar River']);
    expect(tableRows(stations, '', { key: 'name', direction: 'desc' }).map((i) => stations.name[i])).toEqual(['Cedar River', 'Bear Creek', 'Alder Lake']);
    expect(tableRows(stations, '', { key: 'sampleCount', direction: 'asc' }).map((i) => stations.sampleCount[i])).toEqual([34, 200, 1000]);
  });

  it('sorts organizations and station types by the names shown for them, codes without one', () => {
    const [first, , third] = stations.organizationId.map((_, i) => i);
    const organizationNames = new Map([
      [stations.organizationId[first], 'Zebra Mussel Watch'],
      [stations.organizationId[third], 'Aardvark Watershed Council'],
    ]);
    expect(tableRows(stations, '', { key: 'organization', direction: 'asc' }, { organizationNames })[0]).toBe(third);
    expect(tableRows(stations, '', { key: 'organization', direction: 'desc' }, { organizationNames }).at(-1)).toBe(third);
    const typeNames = new Map([['Lake', 'Zee (lake)']]);
    expect(tableRows(stations, '', { key: 'stationType', direction: 'asc' }, { typeNames }).map((i) => stations.name[i])).toEqual(['Bear Creek', 'Cedar River', 'Alder Lake']);
    // Unnamed: by their codes, numbers in them compared as numbers ('6f1f…' before '11111111-…').
    expect(tableRows(stations, '', { key: 'organization', direction: 'asc' })).toEqual([first, 1, third]);
    expect(tableRows(stations, '', { key: 'organization', direction: 'asc' }, { organizationNames: new Map([[stations.organizationId[first], 'Zz']]) })).toEqual([third, first, 1]);
  });

  it('searches names and identifiers, ignoring case', () => {
    expect(tableRows(stations, 'creek', null)).toEqual([0]);
    expect(tableRows(stations, 'rk-', null)).toEqual([2]);
  });
});

describe('CSV of the selection', () => {
  it('uses the Water Quality Portal site columns', () => {
    const csv = sitesCsv([detailsAt(stations, 0), detailsAt(stations, 2)]);
    const [header, first, second] = csv.trim().split('\r\n');
    expect(header).toBe('OrganizationIdentifier,MonitoringLocationIdentifier,MonitoringLocationName,MonitoringLocationTypeName,LatitudeMeasure,LongitudeMeasure,ResultCount,FirstActivityStartDate,LastActivityStartDate');
    expect(first).toBe(`${stations.organizationId[0]},USGS-01,Bear Creek,River/Stream,40.1,-105.2,1000,2019-01-02,2023-12-30`);
    expect(second).toContain('RK-03,Cedar River');
  });

  it("writes WQP's values: the organization by its name, the station's monitoring location type (empty when not recorded)", () => {
    const organizationNames = new Map([[stations.organizationId[0], 'Demo Watershed Council']]);
    const [, first, second] = sitesCsv([detailsAt(stations, 0), detailsAt(stations, 2)], organizationNames).trim().split('\r\n');
    expect(first).toBe('Demo Watershed Council,USGS-01,Bear Creek,River/Stream,40.1,-105.2,1000,2019-01-02,2023-12-30');
    // No name known (an organization gone): its id; no type recorded: an empty cell, not the explorer's station type.
    expect(second).toBe(`${stations.organizationId[2]},RK-03,Cedar River,,39.9,-106.1,34,2021-07-08,2021-09-09`);
  });

  it('defuses cells a spreadsheet would run as formulas, and quotes commas and quotes', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('-1+2')).toBe("'-1+2");
    expect(csvCell(-1.5)).toBe('-1.5');
    expect(csvCell('a, b')).toBe('"a, b"');
  });
});

describe('station type colours', () => {
  it("are each type's own: the same alone or among others, in any order, other types of the list after the built-in ones", () => {
    const colors = typeColors(['zz-spring', 'estuary', 'a-wetland', 'groundwater']);
    const colorOf = (legend: ReturnType<typeof typeLegend>, type: string) => legend.find((e) => e.type === type)?.color;
    const alone = typeLegend(['groundwater'], colors);
    const mixed = typeLegend(['surface-water', 'surface-water', 'estuary', 'other', 'groundwater', 'a-wetland'], colors);
    expect(colorOf(alone, 'groundwater')).toBe(colorOf(mixed, 'groundwater'));
    expect(colorOf(mixed, 'estuary')).toBe(typeLegend(['estuary'], colors)[0].color);
    expect(colors.get('a-wetland')).toBe(TYPE_PALETTE[BUILT_IN_TYPES.length]);
    expect(colors.get('zz-spring')).toBe(TYPE_PALETTE[BUILT_IN_TYPES.length + 1]);
    expect(new Set(mixed.map((e) => e.color)).size).toBe(mixed.length);
    // A type the list does not know (or none): the other colour.
    expect(typeLegend(['unlisted', ''], colors).map((e) => e.color)).toEqual([OTHER_COLOR, OTHER_COLOR]);
  });
});

describe('map data', () => {
  it('makes one point per station with its index and type colour, and the bounds of all', () => {
    const legend = typeLegend(stations.stationType);
    expect(legend.map((e) => [e.type, e.count])).toEqual([['River/Stream', 2], ['Lake', 1]]);
    const points = projectStations(stations, new Map(legend.map((e, k) => [e.type, k])));
    // Zoomed in past the clusters: every station its own point.
    const collection = clusterView(points, stations, { west: -107, south: 39, east: -104, north: 42, zoom: 12 });
    expect(collection.features).toHaveLength(3);
    expect(collection.features[1]).toEqual({ type: 'Feature', geometry: { type: 'Point', coordinates: [-104.9, 41.2] }, properties: { i: 1, c: 1 } });
    expect(boundsOf(stations)).toEqual([-106.1, 39.9, -104.9, 41.2]);
  });

  const labels = {
    identifier: 'Identifier', organization: 'Organization', lastSample: 'Last sample', samples: 'Samples', open: 'Open the station page',
    stationOf: (name: string, organization: string) => `${name} (${organization})`,
    openStation: (station: string) => `Open the station page of ${station}`, selected: 'Selected', selectStation: (station: string) => `Select ${station}`, none: 'None',
  };

  it('popup: name, identifier, organization, last sample date, samples, link to the station page, selection box', () => {
    const onToggle = vi.fn();
    const organizationNames = new Map([[stations.organizationId[0], 'Demo Watershed Council']]);
    const popup = stationPopup([detailsAt(stations, 0)], labels, { organizationNames, selection: { isSelected: () => false, onToggle } });
    expect(popup.querySelector('strong')?.textContent).toBe('Bear Creek');
    expect(popup.textContent).toContain('IdentifierUSGS-01');
    expect(popup.textContent).toContain('OrganizationDemo Watershed Council');
    expect(popup.textContent).toContain('Last sample2023-12-30');
    expect(popup.querySelector('a')?.getAttribute('href')).toBe('#/sts/station/s1');
    document.body.appendChild(popup);
    const box = popup.querySelector('input') as HTMLInputElement;
    box.click();
    expect(onToggle).toHaveBeenCalledWith(detailsAt(stations, 0));
    popup.remove();
  });

  it("popup: its link opens the station through the explorer's navigation (carrying the way back); a new tab is the browser's", () => {
    const onOpen = vi.fn();
    const popup = stationPopup([detailsAt(stations, 0)], labels, { onOpen });
    document.body.appendChild(popup);
    const link = popup.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('#/sts/station/s1');
    const plain = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    link.dispatchEvent(plain);
    expect(plain.defaultPrevented).toBe(true);
    expect(onOpen).toHaveBeenCalledWith('s1');
    const newTab = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ctrlKey: true });
    link.addEventListener('click', (e) => e.preventDefault(), { once: true }); // (jsdom would follow the link)
    link.dispatchEvent(newTab);
    expect(onOpen).toHaveBeenCalledTimes(1);
    popup.remove();
  });

  it('map service: offline default unless a style or tiles are configured', () => {
    expect(readMapService([{ id: 'map-service', value: { provider: 'none', styleUrl: 'https://x/style.json' } }]).styleUrl).toBeNull();
    expect(readMapService([])).toEqual({ styleUrl: null, tiles: [], accessToken: null, attribution: null });
    expect(readMapService([{ id: 'map-service', value: { styleUrl: 'https://x/style.json', accessToken: 'k' } }])).toMatchObject({ styleUrl: 'https://x/style.json', accessToken: 'k' });
    expect(readMapService([{ id: 'map-service', value: { tiles: ['https://t/{z}/{x}/{y}.png'], attribution: '© T' } }]).tiles).toHaveLength(1);
  });
});

describe('station selection state', () => {
  it('starts on desktop with nothing selected; the list can be replaced and the device toggled', () => {
    selectionStore.reset();
    expect(selectionStore.get()).toEqual({ device: 'desktop', selected: [] });
    const [a, b] = [detailsAt(stations, 0), detailsAt(stations, 1)];
    selectionStore.setSelected([a, b, a]);
    expect(selectionStore.get().selected.map((s) => s.id)).toEqual(['s1', 's2']);
    selectionStore.toggle(a);
    expect(selectionStore.get().selected.map((s) => s.id)).toEqual(['s2']);
    selectionStore.toggleDevice();
    expect(selectionStore.get().device).toBe('mobile');
    selectionStore.reset();
  });
});
