import i18next from 'i18next';
import { dequal } from 'dequal';
import useSWR from 'swr';
import { post } from '../../../api/client';
import { withoutColorBy, type StationQuery } from '../lib/filters';
import type { StationDetails } from './stationsAt';

/**
 * POST /statistic: the stations matching a station query, with their meta, and totals.
 *
 * The map's answer comes in pages (at most the server's page size each, under Lambda's 6 MB response cap):
 * getStationPoints asks for them all and joins them; a result of one page is one request, as before.
 *
 * The map asks for the compact columnar encoding (`format: 'columns'`): one array per field rather
 * than one object per station. Both encodings are read, as are dictionary-encoded columns
 * (`{values: [...], codes: [...]}`), so the explorer keeps working while the server's encoding settles.
 */
export const STATISTIC_PATH = '/statistic';

/** What the server says of the colorBy parameter's values over all matching stations (the legend). */
export interface ValueSummary {
  parameterId: string;
  /** Stations with a value. */
  stations: number;
  min: number | null;
  max: number | null;
  /** The most common unit of the values, and every unit found, most common first. */
  unit: string | null;
  units: string[];
}

/** The matching stations as columns: index i of every array is station i. */
export interface StationSet {
  length: number;
  id: string[];
  identifier: string[];
  name: string[];
  latitude: number[];
  longitude: number[];
  stationType: string[];
  /** The station's WQX monitoring location type ('River/Stream', 'Well'…; '' when not recorded): the table's rows only. */
  monitoringLocationType: string[];
  organizationId: string[];
  sampleCount: number[];
  firstDate: string[];
  lastDate: string[];
  /** How many logger series each station has (`meta.loggerSeriesCount`): the table's rows only (their samples are
   * counted apart, in sampleCount). */
  loggerSeries?: number[];
  /** The chosen parameter's latest value per station, when the server sent one (colour by value). */
  value?: (number | null)[];
  /** The range and unit of those values (`totals.value`), when the query had colorBy. */
  valueSummary?: ValueSummary;
  /** Matching stations per county (5-digit FIPS, `totals.counties`), when the server sent them. */
  countyCounts?: Map<string, number>;
  /** Matching stations per organization id (`totals.organizationCounts`), when the server sent them. */
  organizationCounts?: Map<string, number>;
  /** The parameters measured by the matching stations (`totals.parameterIds`), when the server sent them. */
  parameterIds?: string[];
  /** The sample fractions of those parameters' latest values, for the parameters with values of some fraction
   * (`totals.fractions`; '' for values without one): the map is coloured by one fraction at a time. */
  fractions?: Map<string, string[]>;
  /** Row numbers in the server's snapshot (the compact map answer), for looking a point's station up. */
  row?: number[];
  snapshot?: number;
  total: number;
  totalSamples: number;
  /** How many of the matching stations have logger series (`totals.loggerStations`), when the server sent it. */
  totalLoggerStations?: number;
}

/** No stations: what the map shows while the filters need correcting, or after an error (not an earlier answer). */
export const NO_STATIONS: StationSet = {
  length: 0,
  id: [],
  identifier: [],
  name: [],
  latitude: [],
  longitude: [],
  stationType: [],
  monitoringLocationType: [],
  organizationId: [],
  sampleCount: [],
  firstDate: [],
  lastDate: [],
  total: 0,
  totalSamples: 0,
};

type Row = Record<string, unknown>;
type Column = unknown[] | { values?: unknown[]; codes?: number[]; dictionary?: unknown[]; indices?: number[] };

const ALIASES: Record<
  Exclude<keyof StationSet, 'length' | 'total' | 'totalSamples' | 'totalLoggerStations' | 'row' | 'snapshot' | 'valueSummary' | 'parameterIds' | 'fractions' | 'countyCounts' | 'organizationCounts'>,
  string[]
> = {
  id: ['id', 'stationId', 'ids'],
  identifier: ['identifier', 'monitoringLocationIdentifier', 'MonitoringLocationIdentifier', 'stationIdentifier'],
  name: ['name', 'stationName', 'monitoringLocationName'],
  latitude: ['latitude', 'lat', 'y'],
  longitude: ['longitude', 'lng', 'lon', 'x'],
  stationType: ['stationType', 'stationTypes', 'type', 'stationTypeId'],
  monitoringLocationType: ['monitoringLocationType', 'MonitoringLocationTypeName'],
  organizationId: ['organizationId', 'organization', 'orgId'],
  sampleCount: ['sampleCount', 'samples', 'count', 'resultCount'],
  firstDate: ['firstDate', 'firstSampleDate', 'first', 'startDate'],
  lastDate: ['lastDate', 'lastSampleDate', 'last', 'endDate'],
  loggerSeries: ['loggerSeriesCount'],
  value: ['value', 'latestValue', 'lastValue'],
};

function decodeColumn(column: Column | undefined): unknown[] | undefined {
  if (!column) return undefined;
  if (Array.isArray(column)) return column;
  const values = column.values ?? column.dictionary;
  const codes = column.codes ?? column.indices;
  if (Array.isArray(values) && Array.isArray(codes)) return codes.map((code) => (code < 0 ? null : values[code]));
  return Array.isArray(values) ? values : undefined;
}

function pick(source: Record<string, Column | undefined>, names: string[]): unknown[] | undefined {
  for (const name of names) {
    const column = decodeColumn(source[name]);
    if (column) return column;
  }
  return undefined;
}

const asText = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const asNumber = (v: unknown) => (v === null || v === undefined || v === '' ? NaN : Number(v));

function fromColumns(columns: Record<string, Column | undefined>, length: number): StationSet {
  const col = (key: keyof typeof ALIASES) => pick(columns, ALIASES[key]) ?? [];
  const texts = (key: keyof typeof ALIASES) => {
    const c = col(key);
    return Array.from({ length }, (_, i) => asText(c[i]));
  };
  const numbers = (key: keyof typeof ALIASES) => {
    const c = col(key);
    return Array.from({ length }, (_, i) => asNumber(c[i]));
  };
  const valueColumn = pick(columns, ALIASES.value);
  const counts = numbers('sampleCount').map((n) => (Number.isFinite(n) ? n : 0));
  const loggerColumn = pick(columns, ALIASES.loggerSeries);
  return {
    length,
    id: texts('id'),
    identifier: texts('identifier'),
    name: texts('name'),
    latitude: numbers('latitude'),
    longitude: numbers('longitude'),
    stationType: texts('stationType'),
    monitoringLocationType: texts('monitoringLocationType'),
    organizationId: texts('organizationId'),
    sampleCount: counts,
    firstDate: texts('firstDate').map(dateOnly),
    lastDate: texts('lastDate').map(dateOnly),
    loggerSeries: loggerColumn ? Array.from({ length }, (_, i) => {
      const n = asNumber(loggerColumn[i]);
      return Number.isFinite(n) ? n : 0;
    }) : undefined,
    value: valueColumn ? Array.from({ length }, (_, i) => {
      const n = asNumber(valueColumn[i]);
      return Number.isFinite(n) ? n : null;
    }) : undefined,
    total: length,
    totalSamples: counts.reduce((a, b) => a + b, 0),
  };
}

/** A station row (object form) flattened: its meta may sit in a nested `meta` object. */
function flatten(row: Row): Row {
  const meta = row.meta && typeof row.meta === 'object' ? (row.meta as Row) : {};
  const position = row.position && typeof row.position === 'object' ? (row.position as Row) : {};
  return { ...position, ...meta, ...row };
}

function dateOnly(text: string): string {
  return /^\d{4}-\d\d-\d\d/.test(text) ? text.slice(0, 10) : text;
}

function numberField(body: Row, ...path: string[][]): number | undefined {
  for (const keys of path) {
    let node: unknown = body;
    for (const key of keys) node = node && typeof node === 'object' ? (node as Row)[key] : undefined;
    if (typeof node === 'number') return node;
  }
  return undefined;
}

function cumulative(deltas: unknown[], scale = 1): number[] {
  const out = new Array<number>(deltas.length);
  let sum = 0;
  for (let i = 0; i < deltas.length; i++) {
    sum += Number(deltas[i]);
    out[i] = sum / scale;
  }
  return out;
}

/**
 * The server's map answer: `encoding: 'delta'` columns `row`, `lat`, `lng` (coordinates quantised to
 * `precision` decimals), each delta-coded, plus optional `sampleCount` and `stationType` codes into
 * `dictionaries.stationType`. Names and identifiers are looked up per point (stationsAt).
 */
function fromDelta(root: Row): StationSet {
  const columns = root.columns as Record<string, unknown[]>;
  const scale = 10 ** Number(root.precision ?? 4);
  const rows = cumulative(columns.row ?? []);
  const length = rows.length;
  const types = ((root.dictionaries as Row | undefined)?.stationType ?? []) as unknown[];
  const typeNames = types.map(asText);
  const typeCodes = columns.stationType;
  const countColumn = columns.sampleCount;
  const valueColumn = columns.value;
  // Filled in plain loops: at a million stations, per-element callbacks and the text columns the
  // row form has (empty here: a point's texts are looked up by its row) took most of a second.
  const stationType = new Array<string>(length);
  const sampleCount = new Array<number>(length);
  const value = Array.isArray(valueColumn) ? new Array<number | null>(length) : undefined;
  let totalSamples = 0;
  for (let i = 0; i < length; i++) {
    stationType[i] = typeCodes ? (typeNames[Number(typeCodes[i])] ?? '') : '';
    const count = countColumn ? Number(countColumn[i]) : 0;
    sampleCount[i] = Number.isFinite(count) ? count : 0;
    totalSamples += sampleCount[i];
    if (value) {
      // The colorBy parameter's latest values: aligned with the rows, not delta-coded, null where none.
      const v = valueColumn![i];
      value[i] = typeof v === 'number' && Number.isFinite(v) ? v : null;
    }
  }
  return {
    length,
    id: [],
    identifier: [],
    name: [],
    latitude: cumulative(columns.lat ?? [], scale),
    longitude: cumulative(columns.lng ?? [], scale),
    stationType,
    monitoringLocationType: [],
    organizationId: [],
    sampleCount,
    firstDate: [],
    lastDate: [],
    value,
    row: rows,
    snapshot: Number(root.snapshot),
    total: length,
    totalSamples,
  };
}

const finiteOrNull = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** `totals.value`: the colorBy parameter's range and units; undefined when the answer has none. */
function valueSummaryOf(totals: unknown): ValueSummary | undefined {
  const value = totals && typeof totals === 'object' ? (totals as Row).value : undefined;
  if (!value || typeof value !== 'object') return undefined;
  const v = value as Row;
  const units = Array.isArray(v.units) ? v.units.filter((u): u is string => typeof u === 'string' && u !== '') : [];
  const unit = typeof v.unit === 'string' && v.unit ? v.unit : (units[0] ?? null);
  return {
    parameterId: asText(v.parameterId),
    stations: finiteOrNull(v.stations) ?? 0,
    min: finiteOrNull(v.min),
    max: finiteOrNull(v.max),
    unit,
    units: units.length || !unit ? units : [unit],
  };
}

/** What the answer's totals add to a set: the value summary and the measured parameters. */
function withTotals(set: StationSet, root: Row): StationSet {
  const summary = valueSummaryOf(root.totals);
  if (summary) set.valueSummary = summary;
  const ids = root.totals && typeof root.totals === 'object' ? (root.totals as Row).parameterIds : undefined;
  if (Array.isArray(ids)) set.parameterIds = ids.map(asText).filter(Boolean);
  const totals = root.totals && typeof root.totals === 'object' ? (root.totals as Row) : undefined;
  const counts = (value: unknown) =>
    value && typeof value === 'object'
      ? new Map(Object.entries(value as Record<string, unknown>).filter(([, n]) => typeof n === 'number') as [string, number][])
      : undefined;
  const countyCounts = counts(totals?.counties);
  if (countyCounts) set.countyCounts = countyCounts;
  const organizationCounts = counts(totals?.organizationCounts);
  if (organizationCounts) set.organizationCounts = organizationCounts;
  if (typeof totals?.loggerStations === 'number') set.totalLoggerStations = totals.loggerStations;
  const fractions = totals?.fractions;
  if (fractions && typeof fractions === 'object') {
    set.fractions = new Map(
      Object.entries(fractions as Record<string, unknown>)
        .filter(([, list]) => Array.isArray(list) && list.length > 0)
        .map(([id, list]) => [id, (list as unknown[]).map(asText)]),
    );
  }
  return set;
}

/** Read any of the accepted encodings into a StationSet. */
export function decodeStatistic(body: unknown): StationSet {
  let set: StationSet;
  const root: Row = body && typeof body === 'object' && !Array.isArray(body) ? (body as Row) : {};
  if (root.encoding === 'delta' && root.columns && typeof root.columns === 'object') {
    set = fromDelta(root);
    const total = numberField(root, ['total'], ['totals', 'stations']);
    const samples = numberField(root, ['totals', 'samples']);
    if (total !== undefined) set.total = total;
    if (samples !== undefined) set.totalSamples = samples;
    return withTotals(set, root);
  }
  const rows = Array.isArray(body) ? body : Array.isArray(root.stations) ? root.stations : Array.isArray(root.data) ? root.data : undefined;
  const columns = (root.columns ?? (root.stations && !Array.isArray(root.stations) ? root.stations : undefined)) as
    | Record<string, Column>
    | undefined;
  if (columns && typeof columns === 'object') {
    const ids = pick(columns, ALIASES.id) ?? pick(columns, ALIASES.latitude) ?? [];
    set = fromColumns(columns, ids.length);
  } else if (rows) {
    const flat = (rows as Row[]).map(flatten);
    const cols: Record<string, unknown[]> = {};
    for (const names of Object.values(ALIASES)) {
      for (const name of names) {
        if (flat.some((r) => r[name] !== undefined)) {
          cols[name] = flat.map((r) => r[name]);
          break;
        }
      }
    }
    set = fromColumns(cols, flat.length);
  } else {
    set = fromColumns({}, 0);
  }
  const total = numberField(root, ['total'], ['totals', 'stations'], ['totals', 'stationCount'], ['count']);
  const samples = numberField(root, ['totals', 'samples'], ['totals', 'sampleCount'], ['totalSamples']);
  if (total !== undefined) set.total = total;
  if (samples !== undefined) set.totalSamples = samples;
  return withTotals(set, root);
}

export async function getStatistic(query: StationQuery): Promise<StationSet> {
  return decodeStatistic(await post<unknown>(STATISTIC_PATH, query));
}

/** Pages of the map's answer asked for at once after the first (the server answers one per Lambda). */
export const PAGE_REQUESTS_AT_ONCE = 3;

/** The pages' sets as one, in their order: the first page's totals (only it has them), every page's points. */
export function joinPages(pages: StationSet[]): StationSet {
  const [first, ...rest] = pages;
  if (!rest.length) return first;
  const joined = (pick: (set: StationSet) => unknown[]) => pages.flatMap(pick);
  const points = {
    latitude: joined((p) => p.latitude) as number[],
    longitude: joined((p) => p.longitude) as number[],
    stationType: joined((p) => p.stationType) as string[],
    sampleCount: joined((p) => p.sampleCount) as number[],
    row: joined((p) => p.row ?? []) as number[],
    value: first.value ? (joined((p) => p.value ?? []) as (number | null)[]) : undefined,
  };
  return { ...first, ...points, length: points.row.length };
}

/** Every page of the map's answer for a query, from one snapshot: the first page says the total and the page
 * size, the others are asked PAGE_REQUESTS_AT_ONCE at a time. A snapshot rebuilt between pages (their rows
 * would not match) starts it over once; a second rebuild meanwhile is an error to try again later. */
export async function getStationPoints(query: StationQuery): Promise<StationSet> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const pages = await allPages(query);
    if (pages.every((page) => page.snapshot === pages[0].snapshot)) return joinPages(pages);
  }
  throw new Error(i18next.t('explorer.snapshotChanging'));
}

async function allPages(query: StationQuery): Promise<StationSet[]> {
  const body = await post<Row>(STATISTIC_PATH, query);
  const first = decodeStatistic(body);
  const pageSize = Number(body?.limit);
  const offsets: number[] = [];
  if (pageSize > 0) for (let offset = pageSize; offset < first.total; offset += pageSize) offsets.push(offset);
  const pages: StationSet[] = [first];
  // Workers taking the next offset in turn: at most PAGE_REQUESTS_AT_ONCE requests in flight, pages kept in order.
  let next = 0;
  const worker = async () => {
    while (next < offsets.length) {
      const at = next++;
      pages[at + 1] = decodeStatistic(await post<unknown>(STATISTIC_PATH, { ...query, offset: offsets[at] }));
    }
  };
  await Promise.all(Array.from({ length: Math.min(PAGE_REQUESTS_AT_ONCE, offsets.length) }, worker));
  return pages;
}

/** What the map asks for: the compact columns with the fields that colour and size the points
 * (with colorBy in the query, the answer adds each station's latest value of that parameter). */
export const MAP_FIELDS = ['sampleCount', 'stationType'];
export const TABLE_PAGE_SIZE = 5000;

/** What the explorer reads of an answer: the stations, and whether they are on their way or failed. */
export interface StationAnswer {
  data: StationSet | undefined;
  error: unknown;
  isLoading: boolean;
  isValidating: boolean;
  /** Ask again (after a failure: "Try again"; a snapshot rebuilt since), resolving with the new answer. */
  mutate: () => Promise<StationSet | undefined>;
}

const NOT_ASKED: StationAnswer = { data: undefined, error: undefined, isLoading: false, isValidating: false, mutate: async () => undefined };

/** POST /statistic with `body`: the previous answer stays while a new body's loads. Asked nothing (null: the
 * map or the table is hidden), there is no answer at all: SWR would keep returning its last one, and a hidden
 * map's old figures were shown as the table's. */
function useStatistic(body: StationQuery | null, fetch: (body: StationQuery) => Promise<StationSet>): StationAnswer {
  const answer = useSWR(body ? [STATISTIC_PATH, JSON.stringify(body)] : null, () => fetch(body!), {
    keepPreviousData: true,
    // The set holds Maps (counts per county and organization, fractions): SWR's own comparison takes any two
    // Maps as equal, so a reading that changed only in them was never shown. dequal's whole form compares them.
    compare: dequal,
  });
  return body ? answer : NOT_ASKED;
}

/** The map's points for a query (compact columns, every page joined). */
export function useStationPoints(query: StationQuery | null): StationAnswer {
  return useStatistic(query && { ...query, format: 'columns', fields: MAP_FIELDS }, getStationPoints);
}

/** One page of the table's stations (objects with their meta) for a query; the table shows no values,
 * so it does not ask for them (nor reloads when the map's colour changes). */
export function useStationPage(query: StationQuery | null, page: number): StationAnswer {
  return useStatistic(query && { ...withoutColorBy(query), format: 'objects', limit: TABLE_PAGE_SIZE, offset: page * TABLE_PAGE_SIZE }, getStatistic);
}

/** How many times each value occurs (undefined for no values). */
export function countsOf(values: readonly string[] | undefined): Map<string, number> | undefined {
  if (!values) return undefined;
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

/** Station i of a set in the row form (the table's page), as the selection keeps it. */
export function detailsAt(set: StationSet, i: number): StationDetails {
  return {
    id: set.id[i],
    identifier: set.identifier[i],
    name: set.name[i],
    latitude: set.latitude[i],
    longitude: set.longitude[i],
    stationType: set.stationType[i],
    monitoringLocationType: set.monitoringLocationType[i] ?? '',
    organizationId: set.organizationId[i],
    sampleCount: set.sampleCount[i],
    firstDate: set.firstDate[i],
    lastDate: set.lastDate[i],
  };
}
