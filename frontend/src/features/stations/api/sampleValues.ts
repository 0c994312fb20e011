import { useEffect } from 'react';
import useSWR, { unstable_serialize, useSWRConfig } from 'swr';
import { get } from '../../../api/client';
import { rowsOf, text } from './rows';
import { getTimeZoneOffsets, zoneHours } from './timeZones';

/**
 * GET /sampleValue/{stationId}/{parameterId}?from&to&order&limit: one series sorted by time.
 * Rows (`{time, value, unit, detectionCondition, detectionLimit, qualifier}`) and columns
 * (`{time: [...], value: [...]}`) are both read.
 */
export const sampleValuesPath = (stationId: string, parameterId: string) =>
  `/sampleValue/${encodeURIComponent(stationId)}/${encodeURIComponent(parameterId)}`;

export interface Series {
  parameterId: string;
  /** Milliseconds since the epoch, ascending. */
  time: Float64Array;
  value: Float64Array;
  unit: string;
  /** Index → why the point is flagged (detection condition, qualifier, detection limit). */
  flags: Map<number, string>;
  /**
   * Per point, ms to add to its UTC time for the time as written, in the zone the value was given in (EDT: -4 h);
   * unset when every value was written in UTC or without a zone.
   */
  zoneOffset?: Float64Array;
  /**
   * Per point, the zone its time was written in, as the API answers it ("CST"; "UTC" for a time given without a zone,
   * or in a zone no longer listed, which is kept in UTC); unset when every value was written in UTC or without a zone.
   */
  zone?: string[];
  /** Per point, 1 when its source gave a date and no time of day: its date is shown alone, as written. */
  dateOnly?: Uint8Array;
  /**
   * The points whose result has no number (reported "Not Detected", or beyond a limit): their value is the detection
   * limit when one is given (NaN when not), which is not a measured value: not on the line, not in min and max.
   */
  noNumber?: Set<number>;
  /** Per point, the value's figures as its file wrote them, where they are not its number's own ("13.0", "7.10"; ''
   * otherwise): unset when every value's are. A converted value's (written in another unit) are not its. */
  written?: string[];
  /** Per point, the sample fraction ("Dissolved", "Total"; '' when none): unset when no value gives one. */
  fraction?: string[];
  /**
   * Set on sampled values, whose times are as their source wrote them (in `zone`, else in UTC): a chart writes its
   * time axis in their zone, as their tooltips. Unset on logger series (instants, drawn in the browser's zone).
   */
  asWritten?: true;
}

export interface SeriesRange {
  from?: string;
  to?: string;
}

// "2024-05-01T15:00:00Z" or "...:00.000Z": what the API sends; Date.parse reads it as it is.
const ISO_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?Z$/;

function toMillis(date: unknown, time?: unknown): number {
  if (typeof date === 'number') return date < 1e11 ? date * 1000 : date;
  const d = text(date);
  if (!d) return NaN;
  if (time === undefined && ISO_UTC.test(d)) return Date.parse(d);
  const t = text(time);
  const iso = t && !d.includes('T') ? `${d}T${t}` : d;
  const withZone = /T.*(Z|[+-]\d\d:?\d\d)$/.test(iso) || !iso.includes('T') ? iso : `${iso}Z`;
  return Date.parse(withZone.includes('T') ? withZone : `${withZone}T00:00:00Z`);
}

function flagOf(row: Record<string, unknown>): string {
  const condition = text(row.detectionCondition ?? row.resultDetectionCondition ?? row.flag);
  const qualifier = text(row.qualifier ?? row.measureQualifier ?? row.resultQualifier);
  const limit = text(row.detectionLimit ?? row.detectionLimitValue);
  if (!condition && !qualifier && !limit) return '';
  return [condition, qualifier, limit && `DL ${limit}`].filter(Boolean).join('; ');
}

/** The ISO text of a point's time, in UTC (its date may not be the date as written: see writtenDate). */
export const isoTime = (series: Series, i: number) => new Date(series.time[i]).toISOString();

/** A point's date as its source wrote it, in the value's own zone (23:40 EDT stays that day), as the API's dates. */
export const writtenDate = (series: Series, i: number) => new Date(series.time[i] + (series.zoneOffset?.[i] ?? 0)).toISOString().slice(0, 10);

const HOUR = 3_600_000;
const zoneOf = (row: Record<string, unknown>) => text(row.timeZone ?? row.tz);


/**
 * Whether a value was given with a date and no time of day: the API says so (`dateOnly`, stored as `do`:
 * chalicelib/samples/service.py, LocalTimes); a row of another shape without a time of day is a date alone too.
 */
function isDateOnly(row: Record<string, unknown>, time: unknown): boolean {
  const flag = row.dateOnly ?? row.do;
  if (flag !== undefined && flag !== null && flag !== '') return flag === true || flag === 1 || flag === '1' || flag === 'true';
  return typeof time === 'string' && !time.includes('T') && !text(row.activityStartTime);
}

/** `offsets`: the zones' offsets in hours by code (GET /keylist/timeZones); a zone not in it counts as UTC. */
export function readSeries(parameterId: string, body: unknown, offsets: ReadonlyMap<string, number> = new Map()): Series {
  const root = (body && typeof body === 'object' && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
  const columns = (root.columns && typeof root.columns === 'object' ? root.columns : Array.isArray(root.time) || Array.isArray(root.t) ? root : null) as
    | Record<string, unknown[]>
    | null;
  let rows: Record<string, unknown>[];
  if (columns) {
    const times = (columns.time ?? columns.t ?? columns.timestamp ?? []) as unknown[];
    const values = (columns.value ?? columns.v ?? []) as unknown[];
    const flagsCol = (columns.flag ?? columns.detectionCondition ?? columns.qualifier ?? []) as unknown[];
    rows = times.map((time, i) => ({ time, value: values[i], flag: flagsCol[i] }));
  } else {
    rows = rowsOf(body);
  }
  // A 100,000-point series is read in one pass into typed arrays (no object per point).
  let time = new Float64Array(rows.length);
  let value = new Float64Array(rows.length);
  let flags = new Map<number, string>();
  let zoneOffset: Float64Array | undefined;
  let zone: string[] | undefined;
  let dateOnly: Uint8Array | undefined;
  let noNumber = new Set<number>();
  let fraction: string[] | undefined;
  let written: string[] | undefined;
  let unit = text(root.unit);
  let n = 0;
  let sorted = true;
  for (const row of rows) {
    const raw = row.time ?? row.timestamp ?? row.date ?? row.activityStartDate ?? row.ActivityStartDate;
    const t = toMillis(raw, row.activityStartTime);
    if (!Number.isFinite(t)) continue;
    const v = Number(row.value ?? row.resultValue ?? row.ResultMeasureValue);
    const flag = flagOf(row);
    if (!Number.isFinite(v) && !flag) continue;
    if (!unit) unit = text(row.unit ?? row.resultUnit);
    if (n > 0 && t < time[n - 1]) sorted = false;
    time[n] = t;
    value[n] = Number.isFinite(v) ? v : Number(row.detectionLimit ?? row.detectionLimitValue) || NaN;
    if (!Number.isFinite(v)) noNumber.add(n);
    if (flag) flags.set(n, flag);
    const code = zoneOf(row);
    const hours = zoneHours(offsets, code);
    const offset = (hours ?? 0) * HOUR;
    if (offset) (zoneOffset ??= new Float64Array(rows.length))[n] = offset;
    // A code not listed was kept in UTC (as the server answers it): its time is shown in UTC, and says so.
    if (code && code !== 'UTC') (zone ??= new Array<string>(rows.length).fill('UTC'))[n] = hours === undefined ? 'UTC' : code;
    if (isDateOnly(row, raw)) (dateOnly ??= new Uint8Array(rows.length))[n] = 1;
    const sampleFraction = text(row.sampleFraction ?? row.resultSampleFraction ?? row.ResultSampleFractionText);
    if (sampleFraction) (fraction ??= new Array<string>(rows.length).fill(''))[n] = sampleFraction;
    // Figures as written (a trailing zero is a figure a scientist reads), not those of a value converted from another unit.
    const figures = text(row.originalValue);
    if (figures && !text(row.originalUnit) && Number.isFinite(v)) (written ??= new Array<string>(rows.length).fill(''))[n] = figures;
    n++;
  }
  time = time.slice(0, n);
  value = value.slice(0, n);
  zoneOffset = zoneOffset?.slice(0, n);
  zone = zone?.slice(0, n);
  dateOnly = dateOnly?.slice(0, n);
  fraction = fraction?.slice(0, n);
  written = written?.slice(0, n);
  if (!sorted) {
    const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => time[a] - time[b]);
    const moved = (indices: ReadonlySet<number>) => new Set(order.flatMap((from, to) => (indices.has(from) ? [to] : [])));
    const sortedFlags = new Map<number, string>();
    order.forEach((from, to) => flags.has(from) && sortedFlags.set(to, flags.get(from)!));
    time = Float64Array.from(order, (i) => time[i]);
    value = Float64Array.from(order, (i) => value[i]);
    if (zoneOffset) zoneOffset = Float64Array.from(order, (i) => zoneOffset![i]);
    if (zone) zone = order.map((i) => zone![i]);
    if (dateOnly) dateOnly = Uint8Array.from(order, (i) => dateOnly![i]);
    if (fraction) fraction = order.map((i) => fraction![i]);
    if (written) written = order.map((i) => written![i]);
    flags = sortedFlags;
    noNumber = moved(noNumber);
  }
  return {
    parameterId, time, value, unit, flags, asWritten: true,
    ...(zoneOffset && { zoneOffset }),
    ...(zone && { zone }),
    ...(dateOnly && { dateOnly }),
    ...(noNumber.size > 0 && { noNumber }),
    ...(fraction && { fraction }),
    ...(written && { written }),
  };
}

export async function getSampleValues(stationId: string, parameterId: string, range: SeriesRange): Promise<Series> {
  const params = { from: range.from || undefined, to: range.to || undefined, order: 'ASC' };
  const body = await get(sampleValuesPath(stationId, parameterId), { params });
  // Values given in a zone (the object form carries each one's) are dated as written: the zones' offsets are asked for.
  const zoned = rowsOf(body).some((row) => zoneOf(row));
  return readSeries(parameterId, body, zoned ? await getTimeZoneOffsets() : undefined);
}

/** The SWR key of one series over a range: each series is cached on its own. */
export const seriesKey = (stationId: string, parameterId: string, range: SeriesRange) =>
  ['sampleValues', stationId, parameterId, range.from ?? '', range.to ?? ''] as const;

// Series being fetched, by serialized key: a tick while its series is preloading waits for that one.
const inFlight = new Map<string, Promise<Series>>();

type SwrCache = ReturnType<typeof useSWRConfig>['cache'];
type SwrMutate = ReturnType<typeof useSWRConfig>['mutate'];
type SeriesKey = ReturnType<typeof seriesKey>;

// The series each SWR cache holds, by serialized key (no hook uses these keys, so SWR's key filters do not see
// them): what a deletion of values makes stale, whatever range they were loaded over.
const cachedSeries = new WeakMap<SwrCache, Map<string, SeriesKey>>();

function remember(cache: SwrCache, id: string, key: SeriesKey): void {
  let keys = cachedSeries.get(cache);
  if (!keys) cachedSeries.set(cache, (keys = new Map()));
  keys.set(id, key);
}

/** One series from the cache, from its request under way, or fetched now (and then cached). */
function loadSeries(cache: SwrCache, mutate: SwrMutate, stationId: string, parameterId: string, range: SeriesRange): Promise<Series> {
  const key = seriesKey(stationId, parameterId, range);
  const id = unstable_serialize(key);
  const cached = cache.get(id)?.data as Series | undefined;
  if (cached) return Promise.resolve(cached);
  let pending = inFlight.get(id);
  if (!pending) {
    pending = getSampleValues(stationId, parameterId, range)
      .then(async (series) => {
        await mutate(key, series, { revalidate: false });
        remember(cache, id, key);
        return series;
      })
      .finally(() => inFlight.delete(id));
    inFlight.set(id, pending);
  }
  return pending;
}

/**
 * Several series of one station. Each series is fetched once per range and cached under its own key,
 * so adding a parameter fetches only that one (the new ones side by side); while it loads the series
 * already drawn stay (`isLoading` says the new ones are coming).
 */
export function useSampleValues(stationId: string | undefined, parameterIds: string[], range: SeriesRange) {
  const { cache, mutate } = useSWRConfig();
  return useSWR(
    stationId && parameterIds.length ? ['sampleValuesOf', stationId, parameterIds.join(','), range.from ?? '', range.to ?? ''] : null,
    () => Promise.all(parameterIds.map((p) => loadSeries(cache, mutate, stationId as string, p, range))),
    { keepPreviousData: true },
  );
}

/**
 * After values of a station's parameter were deleted: its series is forgotten over every range it was loaded over,
 * and what shows it (the station chart, a dashboard's chart of the station) reads it again. Resolves once read.
 */
export async function refreshSeries(cache: SwrCache, mutate: SwrMutate, stationId: string, parameterId: string): Promise<void> {
  const keys = cachedSeries.get(cache);
  for (const [id, key] of keys ?? []) {
    if (key[1] !== stationId || key[2] !== parameterId) continue;
    cache.delete(id);
    keys!.delete(id);
  }
  await mutate((key) => Array.isArray(key) && key[0] === 'sampleValuesOf' && key[1] === stationId && String(key[2]).split(',').includes(parameterId));
}

/**
 * Fetch these series into the cache one after another, in the background (none when `parameterIds`
 * is empty): the chart preloads a station's other small series once its own are drawn, so ticking
 * one more draws it at once.
 */
export function usePreloadedSeries(stationId: string, parameterIds: string[], range: SeriesRange) {
  const { cache, mutate } = useSWRConfig();
  const ids = parameterIds.join(',');
  useEffect(() => {
    let stopped = false;
    void (async () => {
      for (const parameterId of ids ? ids.split(',') : []) {
        if (stopped) return;
        await loadSeries(cache, mutate, stationId, parameterId, range).catch(() => undefined);
      }
    })();
    return () => {
      stopped = true;
    };
    // The range's ends, not the object, decide what is preloaded.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cache, mutate, stationId, ids, range.from, range.to]);
}

/**
 * GET /sampleValue?stationId&parameterId…&from&to: the station's values of these parameters as the server exports
 * them, CSV in the Water Quality Portal's result columns (dates, times and zones as the source wrote them, the
 * reported text such as ND, fraction, detection condition, depth, comment). No range: all the values. A large
 * export is a 303 to a presigned S3 object, which fetch follows. Undefined when there is no answer to save (the
 * session ended: the sign-in dialog says so; or the request was aborted).
 */
export async function fetchValuesCsv(stationId: string, parameterIds: readonly string[], range: SeriesRange): Promise<string | undefined> {
  const params = { stationId, parameterId: parameterIds, from: range.from || undefined, to: range.to || undefined };
  return get<string>('/sampleValue', { params, headers: { Accept: 'text/csv' } });
}
