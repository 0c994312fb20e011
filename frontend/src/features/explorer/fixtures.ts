/** Server answers the explorer's tests use, in the shapes the issue-6 API serves. */
export const ORG_A = '6f1f3c4e-8a43-4b0c-9d7e-2f5a1c0b7d01';
export const ORG_B = '11111111-2222-4333-8444-555555555555';

export const organizations = [
  { id: ORG_A, name: 'Demo Watershed Council' },
  { id: ORG_B, name: 'River Keepers' },
];

export const stationTypes = [
  { id: 'river', name: 'River/Stream' },
  { id: 'lake', name: 'Lake' },
];

export const parameters = [
  { id: 'p-ph', label: 'pH', name: 'pH', unit: 'std units', group: 'Physical' },
  { id: 'p-temp', label: 'Temperature, water', name: 'Temperature, water', unit: 'deg C', group: 'Physical' },
];

export const counties = [
  { id: '01001', name: 'Autauga County', countyFips: '001', stateFips: '01', stateName: 'Alabama', stateCode: 'AL' },
];

/** Three stations in the compact columnar encoding (station types dictionary-encoded). */
export const statisticColumns = {
  total: 3,
  totals: { stations: 3, samples: 1234 },
  columns: {
    id: ['s1', 's2', 's3'],
    identifier: ['USGS-01', 'DWC-02', 'RK-03'],
    name: ['Bear Creek', 'Alder Lake', 'Cedar River'],
    latitude: [40.1, 41.2, 39.9],
    longitude: [-105.2, -104.9, -106.1],
    stationType: { values: ['River/Stream', 'Lake'], codes: [0, 1, 0] },
    monitoringLocationType: ['River/Stream', 'Lake', null],
    organizationId: [ORG_A, ORG_A, ORG_B],
    sampleCount: [1000, 200, 34],
    firstDate: ['2019-01-02', '2020-05-06', '2021-07-08'],
    lastDate: ['2023-12-30', '2022-01-01', '2021-09-09'],
  },
};

type Handler = (url: URL, init: RequestInit | undefined) => unknown;

/** A fetch that answers by method and path (below /api/v1), with a handler's own Response as it is (another status
 * than 200); every call is recorded. */
export function fakeApi(routes: Record<string, Handler | unknown>) {
  const calls: { method: string; url: URL; body: unknown }[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, url, body });
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const route = routes[`${method} ${path}`];
    if (route === undefined) {
      return new Response(JSON.stringify({ statusCode: 404, message: `Cannot ${method} ${url.pathname}` }), {
        status: 404,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    const answer = typeof route === 'function' ? (route as Handler)(url, init) : route;
    if (answer instanceof Response) return answer;
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } });
  };
  return { fetch, calls };
}

/** The same three stations as the server sends them: the map's delta-coded columns, or the table's objects. */
export const statisticMap = {
  snapshot: 7,
  total: 3,
  totals: { stations: 3, samples: 1234, organizations: 2, parameters: 2, parameterIds: ['p-ph', 'p-temp'], organizationCounts: { [ORG_A]: 2, [ORG_B]: 1 } },
  format: 'columns', precision: 4, encoding: 'delta',
  columns: { row: [0, 1, 1], lat: [401000, 11000, -13000], lng: [-1052000, 3000, -12000], sampleCount: [1000, 200, 34], stationType: [0, 1, 0] },
  dictionaries: { stationType: ['River/Stream', 'Lake'] },
};

const c = statisticColumns.columns;
export const statisticStations = c.id.map((id, i) => ({
  id, identifier: c.identifier[i], name: c.name[i], latitude: c.latitude[i], longitude: c.longitude[i],
  organizationId: c.organizationId[i], stationType: ['River/Stream', 'Lake', 'River/Stream'][i], monitoringLocationType: c.monitoringLocationType[i],
  projectIds: [], row: i, meta: { sampleCount: c.sampleCount[i], firstDate: c.firstDate[i], lastDate: c.lastDate[i], parameterIds: [] },
}));

export const statisticObjects = {
  snapshot: 7, total: 3, totals: statisticMap.totals, format: 'objects', offset: 0, limit: 5000, stations: statisticStations,
};

/** The latest values of pH at the three stations (the third has none), as POST /statistic with colorBy adds them. */
export const phValues = [7.4, 8.25, null];
export const phSummary = { parameterId: 'p-ph', stations: 2, min: 7.4, max: 8.25, unit: 'std units', units: ['std units'] };

function withValues(answer: typeof statisticMap | typeof statisticObjects, colorBy: string | undefined) {
  if (!colorBy) return answer;
  const values = colorBy === 'p-ph' ? phValues : [null, null, null];
  const summary = colorBy === 'p-ph' ? phSummary : { parameterId: colorBy, stations: 0, min: null, max: null, unit: null, units: [] };
  const totals = { ...answer.totals, value: summary };
  if ('columns' in answer) return { ...answer, totals, columns: { ...answer.columns, value: values } };
  return { ...answer, totals, stations: answer.stations.map((s, i) => ({ ...s, meta: { ...s.meta, latestValue: values[i] } })) };
}

export const explorerApi = () => ({
  'GET /organization': organizations,
  'GET /stationTypes': stationTypes,
  'GET /parameter/parameters': parameters,
  'GET /county/county': counties,
  'GET /project/getIdsByOrganizationIds': [{ id: 'proj-1', name: 'Spring survey' }, { id: 'proj-2', name: '' }],
  'GET /system/settings': [{ id: 'map-service', label: 'Map service', value: { provider: 'none', styleUrl: null } }],
  // A view of one organization asks for its own map service (ORG_A has none: the system's).
  [`GET /organization/${ORG_A}/settings/map-service`]: { id: 'map-service', organizationId: ORG_A, inherited: true, value: { provider: 'none', styleUrl: null } },
  'POST /statistic': (_url: URL, init: RequestInit | undefined) => {
    const body = JSON.parse(String(init?.body));
    return withValues(body.format === 'columns' ? statisticMap : statisticObjects, body.colorBy);
  },
  'GET /statistic/sampleLocationList': (url: URL) => url.searchParams.get('rows')!.split(',').map((row) => statisticStations[Number(row)]),
});

/** GET /statistic/sampleLocationList's refusal of rows of a snapshot rebuilt since, in the server's words. */
function snapshotGone(version: string | null, current: number): Response {
  const message = `Snapshot ${version} is no longer current (now ${current}). Reload the station list.`;
  return new Response(JSON.stringify({ statusCode: 409, message }), { status: 409, headers: { 'Content-Type': 'application/json' } });
}

/** GET /statistic/sampleLocationList of a server whose current snapshot (the object's, which a test may change: a
 * rebuild) holds `stations` by row: the rows of any other snapshot are refused, as the server refuses them. */
export function stationsAtRows(current: { snapshot: number; stations: StationRow[] }) {
  return (url: URL) => {
    const asked = url.searchParams.get('snapshot');
    if (Number(asked) !== current.snapshot) return snapshotGone(asked, current.snapshot);
    return url.searchParams.get('rows')!.split(',').map((row) => current.stations[Number(row)]);
  };
}

/** A station as POST /statistic's objects list it (with its county, which the answer's totals count). */
export interface StationRow {
  id: string;
  identifier: string;
  name: string;
  latitude: number;
  longitude: number;
  organizationId: string;
  stationType: string;
  monitoringLocationType: string | null;
  countyFips?: string;
  meta: { sampleCount: number; firstDate: string; lastDate: string; parameterIds: string[] };
}

const countBy = (values: string[]) => values.reduce<Record<string, number>>((counts, v) => ({ ...counts, [v]: (counts[v] ?? 0) + 1 }), {});

/** POST /statistic over `stations` as the server answers it: those the query's organizations, station types and
 * counties keep, as the map's delta-coded columns or the table's objects, with the totals over them. */
export function statisticOver(stations: StationRow[]) {
  return (_url: URL, init: RequestInit | undefined) => {
    const body = JSON.parse(String(init?.body));
    const keeps = (wanted: string[] | undefined, value: string | undefined) => !wanted || wanted.includes(value ?? '');
    const rows = stations.flatMap((s, row) =>
      keeps(body.organizationIds, s.organizationId) && keeps(body.stationTypes, s.stationType) && keeps(body.countyFips, s.countyFips) ? [{ ...s, row }] : [],
    );
    const totals = {
      stations: rows.length,
      samples: rows.reduce((sum, s) => sum + s.meta.sampleCount, 0),
      parameterIds: [...new Set(rows.flatMap((s) => s.meta.parameterIds))].sort(),
      organizationCounts: countBy(rows.map((s) => s.organizationId)),
      counties: countBy(rows.flatMap((s) => (s.countyFips ? [s.countyFips] : []))),
    };
    if (body.format === 'objects') return { snapshot: 7, total: rows.length, totals, format: 'objects', offset: 0, limit: 5000, stations: rows };
    const types = [...new Set(stations.map((s) => s.stationType))];
    const deltas = (xs: number[]) => xs.map((x, i) => x - (i ? xs[i - 1] : 0));
    return {
      snapshot: 7, total: rows.length, totals, format: 'columns', precision: 4, encoding: 'delta', offset: 0, limit: 5000,
      columns: {
        row: deltas(rows.map((s) => s.row)),
        lat: deltas(rows.map((s) => Math.round(s.latitude * 1e4))),
        lng: deltas(rows.map((s) => Math.round(s.longitude * 1e4))),
        sampleCount: rows.map((s) => s.meta.sampleCount),
        stationType: rows.map((s) => types.indexOf(s.stationType)),
      },
      dictionaries: { stationType: types },
    };
  };
}

/** The station types as GET /stationTypes lists them: the built-in ones, by their stable keys. */
export const builtInStationTypes = [
  { key: 'surface-water', label: 'Surface water' },
  { key: 'groundwater', label: 'Groundwater' },
  { key: 'lake', label: 'Lake or reservoir' },
  { key: 'estuary', label: 'Estuary or ocean' },
  { key: 'other', label: 'Other' },
];

/** A station of statisticOver's server: `i` tells it apart, the rest as given. */
export function stationRow(i: number, fields: Partial<StationRow> & { sampleCount?: number; parameterIds?: string[] } = {}): StationRow {
  const { sampleCount = 10, parameterIds = [], ...rest } = fields;
  return {
    id: `s${i}`, identifier: `ID-${i}`, name: `Station ${i}`, latitude: 40 + i / 10, longitude: -100 - i / 10,
    organizationId: ORG_A, stationType: 'surface-water', monitoringLocationType: null,
    meta: { sampleCount, firstDate: '2020-01-01', lastDate: '2021-01-01', parameterIds },
    ...rest,
  };
}
