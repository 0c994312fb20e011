/**
 * The explorer's state in the address: `mode` picks the view, `sort`, `page` and `size` are the
 * table's view (lib/tableView.ts), every other query parameter is a filter (spec: /sts/overview).
 * Lists are comma-separated (`organization=a,b`); a key repeated in the address is read as a list
 * too. Unknown parameters are kept and passed on to the server.
 */
import { dateRangeProblems, hucProblem } from '../../../lib/filterChecks';
import { DEFAULT_TABLE_VIEW, isTableViewKey, writeTableView, type TableView } from './tableView';

export const VIEW_MODES = ['both', 'map', 'table'] as const;
export type ViewMode = (typeof VIEW_MODES)[number];
export const DEFAULT_MODE: ViewMode = 'both';

/** Filters the filter panel edits, by their address names. */
export const LIST_FILTERS = ['organization', 'project', 'parameter', 'stationType', 'county'] as const;
export const TEXT_FILTERS = ['from', 'to', 'huc', 'q', 'colorBy'] as const;
/** Other address parameters the station query (POST /statistic) narrows the stations by, as the server names
 * them: a link may carry them, though the panel does not edit them. Any other parameter narrows nothing. */
export const SERVER_FILTERS = ['bbox', 'boundingBox', 'stateFips', 'state', 'monitoringLocationTypes', 'monitoringLocationType'] as const;
/**
 * Every name POST /statistic takes (statistics/service.py FILTER_KEYS and PAGE_KEYS, aliases included): an
 * address parameter is passed on to the server only under one of these (the server refuses any other, and an
 * address may carry others, such as a campaign tag).
 */
export const STATION_QUERY_NAMES: readonly string[] = [
  'organizationIds', 'organizationId', 'organizations', 'projectIds', 'projectId', 'projects', 'parameterIds',
  'parameterId', 'parameters', 'stationTypes', 'stationType', 'monitoringLocationTypes', 'monitoringLocationType',
  'countyFips', 'county', 'counties', 'stateFips', 'state', 'huc', 'hucs', 'huc8', 'huc12', 'bbox', 'boundingBox',
  'from', 'startDate', 'dateFrom', 'to', 'endDate', 'dateTo', 'search', 'searchContent', 'q', 'format', 'limit',
  'offset', 'precision', 'fields', 'colorBy',
];
export type ListFilter = (typeof LIST_FILTERS)[number];
export type TextFilter = (typeof TEXT_FILTERS)[number];

export interface ExplorerFilters {
  organization: string[];
  project: string[];
  parameter: string[];
  stationType: string[];
  county: string[];
  from: string;
  to: string;
  huc: string;
  q: string;
  /** A parameter whose latest value colours the map (its id); empty: colour by station type. */
  colorBy: string;
  /** Any other query parameter, passed on to the server as it is. */
  extra: Record<string, string>;
}

export const EMPTY_FILTERS: ExplorerFilters = {
  organization: [],
  project: [],
  parameter: [],
  stationType: [],
  county: [],
  from: '',
  to: '',
  huc: '',
  q: '',
  colorBy: '',
  extra: {},
};

const isList = (key: string): key is ListFilter => (LIST_FILTERS as readonly string[]).includes(key);
const isText = (key: string): key is TextFilter => (TEXT_FILTERS as readonly string[]).includes(key);

function splitList(values: string[]): string[] {
  const out: string[] = [];
  for (const value of values) {
    for (const part of value.split(',')) {
      const item = part.trim();
      if (item && !out.includes(item)) out.push(item);
    }
  }
  return out;
}

export function parseMode(params: URLSearchParams): ViewMode {
  const mode = params.get('mode');
  return (VIEW_MODES as readonly string[]).includes(mode ?? '') ? (mode as ViewMode) : DEFAULT_MODE;
}

export function parseFilters(params: URLSearchParams): ExplorerFilters {
  const filters: ExplorerFilters = { ...EMPTY_FILTERS, extra: {} };
  for (const key of new Set(params.keys())) {
    if (key === 'mode' || isTableViewKey(key)) continue;
    const values = params.getAll(key);
    if (isList(key)) filters[key] = splitList(values);
    else if (isText(key)) filters[key] = (values[values.length - 1] ?? '').trim();
    else filters.extra[key] = values.join(',');
  }
  return filters;
}

/** The address query for a mode, filters and the table's view; empty filters and defaults are left out,
 * the order is stable (the table's view last). */
export function toSearchParams(mode: ViewMode, filters: ExplorerFilters, view: TableView = DEFAULT_TABLE_VIEW): URLSearchParams {
  const params = new URLSearchParams();
  if (mode !== DEFAULT_MODE) params.set('mode', mode);
  for (const key of LIST_FILTERS) if (filters[key].length) params.set(key, filters[key].join(','));
  for (const key of TEXT_FILTERS) if (filters[key]) params.set(key, filters[key]);
  for (const [key, value] of Object.entries(filters.extra)) if (value && !isTableViewKey(key)) params.set(key, value);
  return writeTableView(params, view);
}

/** The filters set: the panel's, and those the server applies from the address (not an unknown parameter, which
 * filters nothing). */
export function activeFilterCount(filters: ExplorerFilters): number {
  return (
    LIST_FILTERS.filter((key) => filters[key].length).length +
    TEXT_FILTERS.filter((key) => filters[key]).length +
    Object.keys(filters.extra).filter((key) => (SERVER_FILTERS as readonly string[]).includes(key)).length
  );
}

/** Whether the filters can be asked of the server (dates and hydrologic units as it takes them). */
export function filtersAreValid(filters: ExplorerFilters): boolean {
  return Object.keys(dateRangeProblems(filters.from, filters.to)).length === 0 && !(filters.huc && hucProblem(filters.huc));
}

/** The body of POST /statistic for these filters (the station query). */
export interface StationQuery {
  organizationIds?: string[];
  projectIds?: string[];
  parameterIds?: string[];
  stationTypes?: string[];
  countyFips?: string[];
  huc?: string;
  startDate?: string;
  endDate?: string;
  search?: string;
  /** A parameter id: the answer then carries each station's latest value of it (colour by value). */
  colorBy?: string;
  format?: 'columns' | 'objects';
  [extra: string]: unknown;
}

export function toStationQuery(filters: ExplorerFilters): StationQuery {
  const query: StationQuery = Object.fromEntries(Object.entries(filters.extra).filter(([name]) => STATION_QUERY_NAMES.includes(name)));
  if (filters.organization.length) query.organizationIds = filters.organization;
  if (filters.project.length) query.projectIds = filters.project;
  if (filters.parameter.length) query.parameterIds = filters.parameter;
  if (filters.stationType.length) query.stationTypes = filters.stationType;
  if (filters.county.length) query.countyFips = filters.county;
  if (filters.huc) query.huc = filters.huc;
  if (filters.from) query.startDate = filters.from;
  if (filters.to) query.endDate = filters.to;
  if (filters.q) query.search = filters.q;
  if (filters.colorBy) query.colorBy = filters.colorBy;
  return query;
}

/** The query without colorBy: lists that show no values need not ask for them (nor reload when the colour changes). */
export function withoutColorBy(query: StationQuery): StationQuery {
  const { colorBy: _colorBy, ...rest } = query;
  void _colorBy;
  return rest;
}
