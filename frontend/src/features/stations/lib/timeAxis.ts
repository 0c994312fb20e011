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

/** A value's moment in the tooltip: its date, and its time when the axis spans less than a quarter. `utc`: of a
 * moment already shifted into the axis's zone (written in UTC, then). */
export function pointTimeFormat(spanMs: number, language: string, utc = false): Intl.DateTimeFormat {
  const zone = utc ? { timeZone: 'UTC' } : {};
  return spanMs <= 92 * DAY
    ? new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', ...zone })
    : new Intl.DateTimeFormat(language, { dateStyle: 'medium', ...zone });
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

/**
 * The calendar the axis is drawn in: the browser's own (local time), or a fixed offset from UTC (the zone the values
 * were written in: a station's CDT whatever the browser's zone, as the tooltips write their times). In the latter,
 * moments are handled as "wall" times (the moment plus the offset, read in UTC), which know no daylight saving.
 */
interface Calendar {
  parts(time: number): { year: number; month: number; date: number; day: number; hours: number; minutes: number };
  /** The moment of these wall-clock fields (overflowing fields carry on: the 32nd of May is June 1). */
  at(year: number, month: number, date: number, hours?: number, minutes?: number): number;
}

const LOCAL: Calendar = {
  parts: (time) => {
    const d = new Date(time);
    return { year: d.getFullYear(), month: d.getMonth(), date: d.getDate(), day: d.getDay(), hours: d.getHours(), minutes: d.getMinutes() };
  },
  at: (year, month, date, hours = 0, minutes = 0) => {
    const d = new Date(2000, 0, 1);
    d.setFullYear(year, month, date); // not new Date(y, ...): it reads years 0-99 as 1900-1999
    d.setHours(hours, minutes, 0, 0);
    return d.getTime();
  },
};

/** A calendar `offset` ms ahead of UTC (CDT: -5 h). */
function fixedCalendar(offset: number): Calendar {
  return {
    parts: (time) => {
      const d = new Date(time + offset);
      return { year: d.getUTCFullYear(), month: d.getUTCMonth(), date: d.getUTCDate(), day: d.getUTCDay(), hours: d.getUTCHours(), minutes: d.getUTCMinutes() };
    },
    at: (year, month, date, hours = 0, minutes = 0) => {
      const d = new Date(0);
      d.setUTCFullYear(year, month, date);
      d.setUTCHours(hours, minutes, 0, 0);
      return d.getTime() - offset;
    },
  };
}

const calendarOf = (offset: number | undefined) => (offset === undefined ? LOCAL : fixedCalendar(offset));

/** The first tick of an interval at or before `time`, in the calendar the ticks are written in. */
function floorTo(time: number, { unit, step }: Interval, calendar: Calendar): number {
  const { year, month, date, day, hours, minutes } = calendar.parts(time);
  switch (unit) {
    case 'minute':
      return calendar.at(year, month, date, hours, Math.floor(minutes / step) * step);
    case 'hour':
      return calendar.at(year, month, date, Math.floor(hours / step) * step);
    case 'day':
      return calendar.at(year, month, date);
    case 'week':
      return calendar.at(year, month, date - ((day + 6) % 7));
    case 'month':
      return calendar.at(year, Math.floor(month / step) * step, 1);
    case 'year':
      return calendar.at(Math.floor(year / step) * step, 0, 1);
  }
}

/** The next candidate after `time` (days and weeks one at a time: which of them are ticks is `keeps`'s). */
function advance(time: number, { unit, step }: Interval, calendar: Calendar): number {
  const { year, month, date, hours, minutes } = calendar.parts(time);
  switch (unit) {
    case 'minute':
      return calendar.at(year, month, date, hours, minutes + step);
    case 'hour':
      return calendar.at(year, month, date, hours + step, minutes);
    case 'day':
      return calendar.at(year, month, date + 1, hours, minutes);
    case 'week':
      return calendar.at(year, month, date + 7, hours, minutes);
    case 'month':
      return calendar.at(year, month + step, date, hours, minutes);
    case 'year':
      return calendar.at(year + step, month, date, hours, minutes);
  }
}

/** Whether a candidate is a tick: days of the month 1, 3, 5, ... for two days; every other Monday (counted from
 * 5 January 1970, a Monday) for two weeks. */
function keeps(time: number, { unit, step }: Interval, calendar: Calendar): boolean {
  if (step === 1) return true;
  if (unit === 'day') return (calendar.parts(time).date - 1) % step === 0;
  if (unit === 'week') return Math.round((time - calendar.at(1970, 0, 5)) / (7 * DAY)) % step === 0;
  return true;
}

function ticksOf(min: number, max: number, interval: Interval, most: number, calendar: Calendar): number[] | null {
  const ticks: number[] = [];
  let time = floorTo(min, interval, calendar);
  for (let guard = 0; time <= max && guard < 10_000; guard++) {
    if (time >= min && keeps(time, interval, calendar)) {
      ticks.push(time);
      if (ticks.length > most) return null;
    }
    time = advance(time, interval, calendar);
  }
  return ticks;
}

/**
 * Ticks of a time axis from `min` to `max` (ms) on calendar boundaries, in local time (or `offset` ms ahead of UTC):
 * the first of a year, of a month, a Monday, midnight, the hour; of the finest interval that gives at most `most`
 * ticks.
 */
export function calendarTicks(min: number, max: number, most: number, offset?: number): { unit: TickUnit; ticks: number[] } {
  const calendar = calendarOf(offset);
  const span = max - min;
  if (!(span > 0)) return { unit: 'day', ticks: Number.isFinite(min) ? [min] : [] };
  for (const interval of INTERVALS) {
    if (span / interval.approx > most + 1) continue;
    const ticks = ticksOf(min, max, interval, most, calendar);
    if (ticks) return { unit: interval.unit, ticks };
  }
  const last = INTERVALS[INTERVALS.length - 1];
  return { unit: 'year', ticks: ticksOf(min, max, { ...last, step: last.step * Math.ceil(span / (most * last.approx)) }, Infinity, calendar) ?? [] };
}

/** How many ticks fit along an axis this wide (px): one a label's width, from 2 to 8. */
export function tickCount(width: number): number {
  return Math.max(2, Math.min(8, Math.floor(width / 75)));
}

/**
 * A tick's label for its unit: years as the year; months as the month, with the year on the first tick and
 * at each new year; days and weeks as the day, with the year likewise; hours as the time, with the day on
 * the first tick and at each new day. In local time, or `offset` ms ahead of UTC.
 */
export function tickLabel(value: number, unit: TickUnit, previous: number | undefined, language: string, offset?: number): string {
  const calendar = calendarOf(offset);
  const now = calendar.parts(value);
  const before = previous === undefined ? undefined : calendar.parts(previous);
  const newYear = !before || before.year !== now.year;
  const newDay = newYear || before.month !== now.month || before.date !== now.date;
  const options: Intl.DateTimeFormatOptions =
    unit === 'year'
      ? { year: 'numeric' }
      : unit === 'month'
        ? { month: 'short', ...(newYear ? { year: 'numeric' } : {}) }
        : unit === 'day' || unit === 'week'
          ? { month: 'short', day: 'numeric', ...(newYear ? { year: 'numeric' } : {}) }
          : { hour: 'numeric', minute: '2-digit', ...(newDay ? { month: 'short', day: 'numeric' } : {}) };
  return offset === undefined
    ? new Intl.DateTimeFormat(language, options).format(new Date(value))
    : new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' }).format(new Date(value + offset));
}

/** The share of the values' span left beyond the first and the last value, so their points are drawn whole. */
export const EDGE_MARGIN = 0.015;

/**
 * What a time axis spans: the values' first and last moments with a small margin (EDGE_MARGIN), widened to
 * a chosen range's days (from the start of `from` to the end of `to`, in local time or `offset` ms ahead of UTC)
 * where one is chosen; a lone moment gets a day around it. With `margin` 0: what the values (or the chosen days)
 * themselves span.
 */
export function axisExtent(times: Iterable<ArrayLike<number>>, from?: string, to?: string, margin: number = EDGE_MARGIN, offset?: number): { min: number; max: number } | undefined {
  let min = Infinity;
  let max = -Infinity;
  for (const list of times) {
    for (let i = 0; i < list.length; i++) {
      const t = list[i];
      if (t < min) min = t;
      if (t > max) max = t;
    }
  }
  const calendar = calendarOf(offset);
  // The first moment of a day (`after` days later), in the axis's calendar.
  const day = (text: string | undefined, after = 0) => {
    const match = text ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(text) : null;
    return match ? calendar.at(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + after) : undefined;
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
  const end = day(to, 1);
  if (start !== undefined) min = Math.min(min, start);
  if (end !== undefined) max = Math.max(max, end - 1);
  if (!Number.isFinite(min) || !Number.isFinite(max)) return undefined;
  return { min, max };
}

/**
 * The zone a chart of these series writes its time axis in: the one most of their values were written in (its offset
 * from UTC in ms, and its code: "CDT"; a time written without a zone is in UTC), as their tooltips write their
 * times; none (the browser's own zone) when no series says how its times were written (logger series).
 */
export function writtenZone(all: Iterable<{ zoneOffset?: ArrayLike<number>; zone?: ArrayLike<string>; time: ArrayLike<number>; asWritten?: true }>): { offset: number; code: string } | undefined {
  const counts = new Map<string, { offset: number; code: string; count: number }>();
  let said = false;
  for (const series of all) {
    if (!series.asWritten && !series.zoneOffset && !series.zone) continue;
    said = true;
    for (let i = 0; i < series.time.length; i++) {
      const offset = series.zoneOffset?.[i] ?? 0;
      const code = series.zone?.[i] || 'UTC';
      const key = `${offset}|${code}`;
      const found = counts.get(key) ?? { offset, code, count: 0 };
      found.count += 1;
      counts.set(key, found);
    }
  }
  if (!said) return undefined;
  let most: { offset: number; code: string; count: number } | undefined;
  for (const zone of counts.values()) if (!most || zone.count > most.count) most = zone;
  return most && { offset: most.offset, code: most.code };
}

/** A WQX code of a zone's standard or daylight time ("CST", "AKDT"): the place's letters, and which of the two. */
const SEASON_CODE = /^([A-Z]+)([SD])T$/;

/**
 * Every zone sampled values were written in (their codes, in the order of each one's first value; a time written
 * without a zone is UTC), and whether they are one place's clock: one zone, or a place's standard and daylight time
 * (CST and CDT, an hour apart). Empty when no series says how its times were written (logger series).
 */
export function zonesWritten(all: Iterable<{ zoneOffset?: ArrayLike<number>; zone?: ArrayLike<string>; time: ArrayLike<number>; asWritten?: true }>): { codes: string[]; onePlace: boolean } {
  const first = new Map<string, { time: number; offset: number }>();
  for (const series of all) {
    if (!series.asWritten && !series.zoneOffset && !series.zone) continue;
    for (let i = 0; i < series.time.length; i++) {
      const code = series.zone?.[i] || 'UTC';
      const found = first.get(code);
      if (!found || series.time[i] < found.time) first.set(code, { time: series.time[i], offset: series.zoneOffset?.[i] ?? 0 });
    }
  }
  const codes = [...first.keys()].sort((a, b) => first.get(a)!.time - first.get(b)!.time);
  if (codes.length !== 2) return { codes, onePlace: codes.length === 1 };
  const [a, b] = codes.map((code) => SEASON_CODE.exec(code));
  const seasons = a && b && a[1] === b[1] && a[2] !== b[2] ? (a[2] === 'S' ? [codes[0]!, codes[1]!] : [codes[1]!, codes[0]!]) : undefined;
  // The daylight time an hour ahead of the standard one (EDT -4 h, EST -5 h).
  const onePlace = seasons !== undefined && first.get(seasons[1])!.offset - first.get(seasons[0])!.offset === 3_600_000;
  return { codes, onePlace };
}
