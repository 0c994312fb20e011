import { writtenDate, type Series } from '../api/sampleValues';

export interface SeriesInfo {
  series: Series;
  name: string;
  unit: string;
  /**
   * Values further apart than this (ms) are not joined: the line breaks, as nothing was measured between them (a
   * logger series, at a steady step). Unset: the line joins every value (samples, taken now and then).
   */
  maxGap?: number;
  /** The sample fraction ("Dissolved", "Total") of a parameter's values drawn apart by fraction (splitByFraction). */
  fraction?: string;
}

export interface SeriesSummary {
  /** Unique among the summaries: the parameter, and its fraction when its fractions are drawn apart. */
  key: string;
  parameterId: string;
  name: string;
  unit: string;
  points: number;
  first: string;
  last: string;
  min: number | null;
  max: number | null;
  latest: number | null;
  /** The latest value's flag when it has no number (such as "Not Detected"): what Latest says instead. */
  latestNote?: string;
  flagged: number;
  /** Values without a number (not detected, or beyond a limit): counted in `points`, not in min and max. */
  noNumber: number;
  /** Of those, the ones not drawn at all (no detection limit given to draw them at). */
  notDrawn: number;
}

export function summarize({ series, name, unit, fraction }: SeriesInfo): SeriesSummary {
  let min = Infinity;
  let max = -Infinity;
  // A result without a number is drawn at its detection limit, if any, which is no measured value.
  const noNumber = series.noNumber;
  series.value.forEach((v, i) => {
    if (!Number.isFinite(v) || noNumber?.has(i)) return;
    if (v < min) min = v;
    if (v > max) max = v;
  });
  let notDrawn = 0;
  for (const i of noNumber ?? []) if (!Number.isFinite(series.value[i])) notDrawn++;
  const n = series.time.length;
  // The dates as written, in each value's own zone (the API's first and last dates). Values of different zones
  // may be dated out of their time order: then the earliest and latest date of them all.
  let first = n ? writtenDate(series, 0) : '';
  let last = n ? writtenDate(series, n - 1) : '';
  for (let i = 1; series.zoneOffset && i < n - 1; i++) {
    const date = writtenDate(series, i);
    if (date < first) first = date;
    if (date > last) last = date;
  }
  const latestHasNumber = n > 0 && !noNumber?.has(n - 1) && Number.isFinite(series.value[n - 1]);
  return {
    key: fraction === undefined ? series.parameterId : `${series.parameterId}#${fraction}`,
    parameterId: series.parameterId,
    name,
    unit,
    points: n,
    first,
    last,
    min: Number.isFinite(min) ? min : null,
    max: Number.isFinite(max) ? max : null,
    latest: latestHasNumber ? series.value[n - 1] : null,
    ...(n > 0 && !latestHasNumber && series.flags.has(n - 1) && { latestNote: series.flags.get(n - 1) }),
    flagged: series.flags.size,
    noNumber: noNumber?.size ?? 0,
    notDrawn,
  };
}

/** The points of a series at these indices (ascending), as a series of its own: flags and all go with them. */
function subset(series: Series, indices: number[]): Series {
  const at = new Map(indices.map((from, to) => [from, to]));
  const moved = <T>(entries: Iterable<[number, T]>) => new Map([...entries].filter(([i]) => at.has(i)).map(([i, v]) => [at.get(i)!, v]));
  const noNumber = series.noNumber && new Set([...series.noNumber].filter((i) => at.has(i)).map((i) => at.get(i)!));
  return {
    parameterId: series.parameterId,
    unit: series.unit,
    time: Float64Array.from(indices, (i) => series.time[i]),
    value: Float64Array.from(indices, (i) => series.value[i]),
    flags: moved(series.flags),
    ...(series.zoneOffset && { zoneOffset: Float64Array.from(indices, (i) => series.zoneOffset![i]) }),
    ...(series.zone && { zone: indices.map((i) => series.zone![i]) }),
    ...(series.dateOnly && { dateOnly: Uint8Array.from(indices, (i) => series.dateOnly![i]) }),
    ...(noNumber?.size && { noNumber }),
    ...(series.fraction && { fraction: indices.map((i) => series.fraction![i]) }),
  };
}

/**
 * A parameter's values of more than one sample fraction (Dissolved and Total phosphorus of one activity: two
 * analytes) as one series per fraction, in the order first met, named by `nameOf` ("Phosphorus (Dissolved)"; values
 * without a fraction keep the parameter's name). A series of one fraction, or none, stays as it is.
 */
export function splitByFraction(info: SeriesInfo, nameOf: (name: string, fraction: string) => string): SeriesInfo[] {
  const fractions = info.series.fraction;
  if (!fractions) return [info];
  const byFraction = new Map<string, number[]>();
  fractions.forEach((fraction, i) => {
    const list = byFraction.get(fraction);
    if (list) list.push(i);
    else byFraction.set(fraction, [i]);
  });
  if (byFraction.size < 2) return [info];
  return [...byFraction].map(([fraction, indices]) => ({
    ...info,
    series: subset(info.series, indices),
    name: fraction ? nameOf(info.name, fraction) : info.name,
    fraction,
  }));
}

/**
 * What a chart of a station draws of its series: each named by its parameter (its id while the parameters are not
 * known), in its unit, a parameter's values of several sample fractions as a series per fraction (splitByFraction).
 * The station chart and its dashboard widget alike.
 */
export function chartSeries(
  series: readonly Series[],
  parameters: ReadonlyMap<string, { name: string; unit: string }> | undefined,
  nameOf: (name: string, fraction: string) => string,
): SeriesInfo[] {
  return series.flatMap((s) => {
    const p = parameters?.get(s.parameterId);
    return splitByFraction({ series: s, name: p?.name ?? s.parameterId, unit: s.unit || p?.unit || '' }, nameOf);
  });
}

/** The y axis of values that have no unit. */
export const NO_UNIT = '—';

/** Unique units in order of first appearance: each gets its own y axis. */
export function unitAxes(all: SeriesInfo[]): string[] {
  return [...new Set(all.map((s) => s.unit || NO_UNIT))];
}
