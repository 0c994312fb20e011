const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * How the time axis writes its ticks for the span it shows: hours within two days (a logger's morning reads
 * "May 1, 10:00", not five ticks of "May 1, 2024"), day and month within a quarter, the whole date beyond.
 */
export function axisTimeFormat(spanMs: number, language: string): Intl.DateTimeFormat {
  if (spanMs <= 2 * DAY) return new Intl.DateTimeFormat(language, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
  if (spanMs <= 92 * DAY) return new Intl.DateTimeFormat(language, { month: 'short', day: 'numeric' });
  return new Intl.DateTimeFormat(language, { year: 'numeric', month: 'short', day: 'numeric' });
}

/** A value's moment in the tooltip: its date, and its time when the axis spans less than a quarter. */
export function pointTimeFormat(spanMs: number, language: string): Intl.DateTimeFormat {
  return spanMs <= 92 * DAY
    ? new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' })
    : new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
}

/** The calendar unit of a time axis's ticks. */
export type TickUnit = 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year';

interface Interval {
  unit: TickUnit;
  step: number;
  /** About how long one step is (ms): the first guess of how many ticks it makes. */
  approx: number;
}

const MINUTE = 60_000;
const YEAR = 365.25 * DAY;
const INTERVALS: Interval[] = [
  ...[1, 5, 15, 30].map((step) => ({ unit: 'minute' as const, step, approx: step * MINUTE })),
  ...[1, 3, 6, 12].map((step) => ({ unit: 'hour' as const, step, approx: step * HOUR })),
  ...[1, 2].map((step) => ({ unit: 'day' as const, step, approx: step * DAY })),
  ...[1, 2].map((step) => ({ unit: 'week' as const, step, approx: step * 7 * DAY })),
  ...[1, 2, 3, 6].map((step) => ({ unit: 'month' as const, step, approx: (step * YEAR) / 12 })),
  ...[1, 2, 5, 10, 20, 50, 100, 200, 500, 1000].map((step) => ({ unit: 'year' as const, step, approx: step * YEAR })),
];

/** A Monday, the weeks' reference: two-week ticks fall on every other Monday from it. */
const REFERENCE_MONDAY = new Date(1970, 0, 5).getTime();

/** The first tick of an interval at or before `time` (local time: the ticks are written in it). */
function floorTo(time: number, { unit, step }: Interval): Date {
  const d = new Date(time);
  switch (unit) {
    case 'minute':
      d.setSeconds(0, 0);
      d.setMinutes(Math.floor(d.getMinutes() / step) * step);
      break;
    case 'hour':
      d.setMinutes(0, 0, 0);
      d.setHours(Math.floor(d.getHours() / step) * step);
      break;
    case 'day':
      d.setHours(0, 0, 0, 0);
      break;
    case 'week':
      d.setHours(0, 0, 0, 0);
      d.setDate(d.getDate() - ((d.getDay() + 6) % 7));
      break;
    case 'month':
      d.setHours(0, 0, 0, 0);
      d.setDate(1);
      d.setMonth(Math.floor(d.getMonth() / step) * step);
      break;
    case 'year':
      d.setHours(0, 0, 0, 0);
      d.setMonth(0, 1);
      d.setFullYear(Math.floor(d.getFullYear() / step) * step);
      break;
  }
  return d;
}

/** The next candidate after `d` (days and weeks one at a time: which of them are ticks is `keeps`'s). */
function advance(d: Date, { unit, step }: Interval): void {
  switch (unit) {
    case 'minute':
      d.setMinutes(d.getMinutes() + step);
      break;
    case 'hour':
      d.setHours(d.getHours() + step);
      break;
    case 'day':
      d.setDate(d.getDate() + 1);
      break;
    case 'week':
      d.setDate(d.getDate() + 7);
      break;
    case 'month':
      d.setMonth(d.getMonth() + step);
      break;
    case 'year':
      d.setFullYear(d.getFullYear() + step);
      break;
  }
}

/** Whether a candidate is a tick: days of the month 1, 3, 5, ... for two days; every other Monday for two weeks. */
function keeps(d: Date, { unit, step }: Interval): boolean {
  if (step === 1) return true;
  if (unit === 'day') return (d.getDate() - 1) % step === 0;
  if (unit === 'week') return Math.round((d.getTime() - REFERENCE_MONDAY) / (7 * DAY)) % step === 0;
  return true;
}

function ticksOf(min: number, max: number, interval: Interval, most: number): number[] | null {
  const ticks: number[] = [];
  const d = floorTo(min, interval);
  for (let guard = 0; d.getTime() <= max && guard < 10_000; guard++) {
    const time = d.getTime();
    if (time >= min && keeps(d, interval)) {
      ticks.push(time);
      if (ticks.length > most) return null;
    }
    advance(d, interval);
  }
  return ticks;
}

/**
 * Ticks of a time axis from `min` to `max` (ms) on calendar boundaries, in local time: the first of a year,
 * of a month, a Monday, midnight, the hour; of the finest interval that gives at most `most` ticks.
 */
export function calendarTicks(min: number, max: number, most: number): { unit: TickUnit; ticks: number[] } {
  const span = max - min;
  if (!(span > 0)) return { unit: 'day', ticks: Number.isFinite(min) ? [min] : [] };
  for (const interval of INTERVALS) {
    if (span / interval.approx > most + 1) continue;
    const ticks = ticksOf(min, max, interval, most);
    if (ticks) return { unit: interval.unit, ticks };
  }
  const last = INTERVALS[INTERVALS.length - 1];
  return { unit: 'year', ticks: ticksOf(min, max, { ...last, step: last.step * Math.ceil(span / (most * last.approx)) }, Infinity) ?? [] };
}

/** How many ticks fit along an axis this wide (px): one a label's width, from 2 to 8. */
export function tickCount(width: number): number {
  return Math.max(2, Math.min(8, Math.floor(width / 75)));
}

/**
 * A tick's label for its unit: years as the year; months as the month, with the year on the first tick and
 * at each new year; days and weeks as the day, with the year likewise; hours as the time, with the day on
 * the first tick and at each new day.
 */
export function tickLabel(value: number, unit: TickUnit, previous: number | undefined, language: string): string {
  const d = new Date(value);
  const before = previous === undefined ? undefined : new Date(previous);
  const newYear = !before || before.getFullYear() !== d.getFullYear();
  const newDay = !before || before.toDateString() !== d.toDateString();
  const options: Intl.DateTimeFormatOptions =
    unit === 'year'
      ? { year: 'numeric' }
      : unit === 'month'
        ? { month: 'short', ...(newYear ? { year: 'numeric' } : {}) }
        : unit === 'day' || unit === 'week'
          ? { month: 'short', day: 'numeric', ...(newYear ? { year: 'numeric' } : {}) }
          : { hour: 'numeric', minute: '2-digit', ...(newDay ? { month: 'short', day: 'numeric' } : {}) };
  return new Intl.DateTimeFormat(language, options).format(d);
}

/** The share of the values' span left beyond the first and the last value, so their points are drawn whole. */
export const EDGE_MARGIN = 0.015;

/**
 * What a time axis spans: the values' first and last moments with a small margin (EDGE_MARGIN), widened to
 * a chosen range's days (from the start of `from` to the end of `to`, local time) where one is chosen; a
 * lone moment gets a day around it. With `margin` 0: what the values (or the chosen days) themselves span.
 */
export function axisExtent(times: Iterable<ArrayLike<number>>, from?: string, to?: string, margin: number = EDGE_MARGIN): { min: number; max: number } | undefined {
  let min = Infinity;
  let max = -Infinity;
  for (const list of times) {
    for (let i = 0; i < list.length; i++) {
      const t = list[i];
      if (t < min) min = t;
      if (t > max) max = t;
    }
  }
  const day = (text: string | undefined) => {
    const match = text ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(text) : null;
    return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : undefined;
  };
  if (min === max) {
    min -= DAY / 2;
    max += DAY / 2;
  } else if (min < max) {
    const room = (max - min) * margin;
    min -= room;
    max += room;
  }
  const start = day(from);
  const end = day(to);
  if (start) min = Math.min(min, start.getTime());
  if (end) {
    end.setDate(end.getDate() + 1);
    max = Math.max(max, end.getTime() - 1);
  }
  if (!Number.isFinite(min) || !Number.isFinite(max)) return undefined;
  return { min, max };
}
