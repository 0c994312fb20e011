import { isoSeconds } from '../../../lib/dates';
import i18next from 'i18next';
import useSWR from 'swr';
import { ApiError, buildUrl, del, get, patch, post } from '../../../api/client';
import type { Series } from '../../stations/api/sampleValues';

/** A logger series (GET /wapi/ts/list): a station's values of one parameter (and statistic, sensor). */
export interface TimeSeriesInfo {
  id: string;
  /** The organization whose data contributors may change the series' values. */
  organizationId?: string | null;
  stationId: string;
  parameterId: string;
  statistic: string | null;
  sensor: string | null;
  unit: string | null;
  count: number;
  firstTime: string | null;
  lastTime: string | null;
  stationIdentifier?: string | null;
  parameterName?: string | null;
}

/** A point of GET /wapi/ts/data: a value as measured (v), or min/mean/max of n values of an hour, day or month. */
export interface TimeSeriesPoint {
  t: string;
  v?: number;
  q?: string;
  flag?: string;
  min?: number;
  mean?: number;
  max?: number;
  n?: number;
  /** Of an hour, day or month: how many of its n values are outside the parameter's plausible range. */
  flagged?: number;
}

export type Level = 'raw' | 'hour' | 'day' | 'month';

export interface TimeSeriesData {
  aggregate: Level;
  count: number;
  points: TimeSeriesPoint[];
  /** The period of the points in seconds: an hour, day or month, or the usual spacing of values as measured. */
  step?: number;
}

/** What the chart asks for: the series' range shown (ms since the epoch), either end open; null: the whole series. */
export interface View {
  from?: number;
  to?: number;
}

export const timeSeriesListPath = (filter: { stationId?: string; projectId?: string }) =>
  `/wapi/ts/list?${new URLSearchParams(filter as Record<string, string>)}`;

export function useTimeSeriesList(filter: { stationId?: string; projectId?: string }) {
  return useSWR(timeSeriesListPath(filter), (path: string) => get<TimeSeriesInfo[]>(path));
}

/** At most this many points reach the chart: the server picks raw values, hours, days or months to fit. */
export const MAX_POINTS = 2000;

/** The range's ends as the API takes them (?from, ?to: ISO times, to the second; an open end is left out). */
function withRange(query: URLSearchParams, view: View | null): URLSearchParams {
  if (view?.from !== undefined) query.set('from', isoSeconds(Math.floor(view.from)));
  if (view?.to !== undefined) query.set('to', isoSeconds(Math.ceil(view.to)));
  return query;
}

export function timeSeriesDataPath(seriesId: string, view: View | null): string {
  return `/wapi/ts/data?${withRange(new URLSearchParams({ series: seriesId, limit: String(MAX_POINTS) }), view)}`;
}

export function useTimeSeriesData(seriesId: string | undefined, view: View | null) {
  // The points shown stay while a finer level loads (keepPreviousData), so zooming never blanks the chart.
  return useSWR(seriesId ? timeSeriesDataPath(seriesId, view) : null, (path: string) => get<TimeSeriesData>(path), {
    keepPreviousData: true,
  });
}

/**
 * The answer for a range as it was first loaded, not asked for again (on focus, or when another hook of the same
 * range mounts): what the chart shows unzoomed, which says what zooming out can show (its level, whether it has values).
 * It shares its request with useTimeSeriesData's of the same range.
 */
export function useTimeSeriesDataOnce(seriesId: string | undefined, view: View | null) {
  return useSWR(seriesId ? timeSeriesDataPath(seriesId, view) : null, (path: string) => get<TimeSeriesData>(path), {
    revalidateIfStale: false,
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
  });
}

export const timeSeriesDownloadPath = (seriesId: string, view: View | null) =>
  `/wapi/ts/download?${withRange(new URLSearchParams({ series: seriesId }), view)}`;

/** A series' values as CSV: the file's text, or where to fetch a large one (a presigned URL). */
export type SeriesCsv = { text: string } | { url: string };

const urlOf = (body: unknown): string | undefined =>
  body && typeof body === 'object' && typeof (body as { url?: unknown }).url === 'string' ? (body as { url: string }).url : undefined;

/** At most this many redirects are followed when they reach the download as such (a browser's fetch follows 20). */
export const MAX_REDIRECTS = 20;

/** A 303's answer (it says where to go) or the file; undefined when there is no answer to save. */
async function downloadAnswer(path: string): Promise<SeriesCsv | undefined> {
  let body: unknown;
  try {
    body = await get<unknown>(path, { headers: { Accept: 'text/csv' } });
  } catch (error) {
    const url = error instanceof ApiError && error.status === 303 ? urlOf(error.data) : undefined;
    if (url) return { url };
    throw error;
  }
  if (body === undefined) return undefined;
  if (typeof body === 'string') return { text: body };
  const url = urlOf(body);
  if (url) return { url };
  throw new ApiError(i18next.t('timeseries.chart.csvUnreadable'), { data: body });
}

/**
 * GET /wapi/ts/download?series&from&to: one series' values in the range as CSV (one row a value, as measured).
 * A large file is a 303 to a presigned S3 URL, and a download too large to write while the request waits is a 303
 * to the API's waiting address (wapi/ts/downloads/{id}), which redirects to itself until the queue worker has
 * written the file, then to the file. fetch follows them all (the waiting address is the API's own origin, so the
 * session's token goes along; the file's bucket allows the site's origin). When a redirect reaches the client as
 * such, its JSON {"url"} says where to go: an address of the API (relative to the one asked) is asked in turn, a
 * file is offered as it is. Undefined when there is no answer to save (the session ended: the sign-in dialog says
 * so; or the request was aborted).
 */
export async function fetchSeriesCsv(seriesId: string, view: View | null): Promise<SeriesCsv | undefined> {
  const api = new URL(buildUrl('/'), window.location.href).href;
  let address = new URL(buildUrl(timeSeriesDownloadPath(seriesId, view)), window.location.href).href;
  for (let redirects = 0; redirects <= MAX_REDIRECTS; redirects += 1) {
    const answer = await downloadAnswer(address);
    if (answer === undefined || 'text' in answer) return answer;
    const next = new URL(answer.url, address).href;
    if (!next.startsWith(api)) return { url: next };
    address = next;
  }
  throw new ApiError(i18next.t('timeseries.chart.csvNotReady'));
}

/** A stretch without values this many of the series' usual steps long breaks the chart's line. */
export const GAP_STEPS = 5;

/**
 * How far apart (ms) two points may be and still be joined by the chart's line: GAP_STEPS of the usual step between
 * them, the server's `step` (seconds) when it says it, else the median spacing (which a few gaps do not stretch).
 * Undefined with too few points to tell.
 */
export function maxGapOf(time: Float64Array, stepSeconds?: number): number | undefined {
  if (stepSeconds) return GAP_STEPS * stepSeconds * 1000;
  if (time.length < 3) return undefined;
  const steps = Array.from(time.subarray(1), (t, i) => t - time[i]!).sort((a, b) => a - b);
  return GAP_STEPS * steps[steps.length >> 1]!;
}

/** A value's flag when it is outside its parameter's plausible range (stored all the same: a sensor fault shows). */
export const OUT_OF_RANGE = 'out-of-range';

/** How many of the values answered are outside their parameter's plausible range (as measured, or within the means). */
export const outOfRangeCount = (data: TimeSeriesData) =>
  data.points.reduce((count, point) => count + (point.flag === OUT_OF_RANGE ? 1 : point.flagged ?? 0), 0);

/**
 * The points as the station chart draws them: values as measured, else each period's mean. A point with a
 * qualifier or a flag is drawn flagged, its tooltip listing them; a value outside the plausible range (or a mean
 * holding such values, with how many) is listed as `outOfRange` says it in the interface's language (the API
 * answers a code).
 */
export function asSeries(parameterId: string, unit: string, data: TimeSeriesData, outOfRange: (inMean?: number) => string): Series {
  const n = data.points.length;
  const time = new Float64Array(n);
  const value = new Float64Array(n);
  const flags = new Map<number, string>();
  data.points.forEach((point, i) => {
    time[i] = Date.parse(point.t);
    value[i] = point.v ?? point.mean ?? NaN;
    const why = point.flag === OUT_OF_RANGE ? outOfRange() : point.flagged ? outOfRange(point.flagged) : point.flag;
    const flag = [point.q, why].filter(Boolean).join('; ');
    if (flag) flags.set(i, flag);
  });
  return { parameterId, time, value, unit, flags };
}

/** A project's import source (organization/{org}/projects/{project}/import-sources). */
export interface ImportSource {
  id: string;
  name: string;
  url: string;
  format: string;
  schedule: 'hourly' | 'daily' | 'weekly';
  enabled: boolean;
  nextRunAt: string | null;
  lastRunAt: string | null;
  lastStatus: 'queued' | 'unchanged' | 'succeeded' | 'partial' | 'failed' | 'cancelled' | null;
  lastMessage: string | null;
}

export const importSourcesPath = (organizationId: string, projectId: string) =>
  `/organization/${encodeURIComponent(organizationId)}/projects/${encodeURIComponent(projectId)}/import-sources`;

/** How often a list holding a queued import asks again, until it has ended. */
export const SOURCES_POLL_MS = 2000;

export function useImportSources(organizationId: string, projectId: string, pollMs = SOURCES_POLL_MS) {
  // A source whose import is queued is read again until its result shows (it had said "queued" until a reload).
  return useSWR(importSourcesPath(organizationId, projectId), (path: string) => get<ImportSource[]>(path), {
    refreshInterval: (sources) => (sources?.some((source) => source.lastStatus === 'queued') ? pollMs : 0),
  });
}

export const createImportSource = (organizationId: string, projectId: string, source: ImportSourceFields) =>
  post<ImportSource>(importSourcesPath(organizationId, projectId), source);

export const runImportSource = (organizationId: string, projectId: string, sourceId: string) =>
  post<ImportSource>(`${importSourcesPath(organizationId, projectId)}/${encodeURIComponent(sourceId)}/run`);

export type ImportSourceFields = Pick<ImportSource, 'name' | 'url' | 'format' | 'schedule'>;

export const updateImportSource = (organizationId: string, projectId: string, sourceId: string, fields: ImportSourceFields) =>
  patch<ImportSource>(`${importSourcesPath(organizationId, projectId)}/${encodeURIComponent(sourceId)}`, fields);

export const deleteImportSource = (organizationId: string, projectId: string, sourceId: string) =>
  del<{ deleted: string }>(`${importSourcesPath(organizationId, projectId)}/${encodeURIComponent(sourceId)}`);

export const setImportSourceEnabled = (organizationId: string, projectId: string, sourceId: string, enabled: boolean) =>
  patch<ImportSource>(`${importSourcesPath(organizationId, projectId)}/${encodeURIComponent(sourceId)}`, { enabled });
