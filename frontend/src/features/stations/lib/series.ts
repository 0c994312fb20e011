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
}

export interface SeriesSummary {
  parameterId: string;
  name: string;
  unit: string;
  points: number;
  first: string;
  last: string;
  min: number | null;
  max: number | null;
  latest: number | null;
  flagged: number;
}

export function summarize({ series, name, unit }: SeriesInfo): SeriesSummary {
  let min = Infinity;
  let max = -Infinity;
  for (const v of series.value) {
    if (!Number.isFinite(v)) continue;
    if (v < min) min = v;
    if (v > max) max = v;
  }
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
  return {
    parameterId: series.parameterId,
    name,
    unit,
    points: n,
    first,
    last,
    min: Number.isFinite(min) ? min : null,
    max: Number.isFinite(max) ? max : null,
    latest: n && Number.isFinite(series.value[n - 1]) ? series.value[n - 1] : null,
    flagged: series.flags.size,
  };
}

/** The y axis of values that have no unit. */
export const NO_UNIT = '—';

/** Unique units in order of first appearance: each gets its own y axis. */
export function unitAxes(all: SeriesInfo[]): string[] {
  return [...new Set(all.map((s) => s.unit || NO_UNIT))];
}
