import type { Series } from '../api/sampleValues';

const formats = new Map<string, Intl.DateTimeFormat>();

/** A date (and time) format of the interface language that writes a moment's UTC fields: the time as written. */
function writtenFormat(language: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${language}|${withTime}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { dateStyle: 'medium', ...(withTime && { timeStyle: 'short' }), timeZone: 'UTC' });
    formats.set(key, format);
  }
  return format;
}

/**
 * A point's moment as its source wrote it, whatever the browser's zone: in the zone it was given in, with that
 * zone's code ("Dec 31, 2011, 11:30 PM CST"; a time given without a zone is UTC and says so); the date alone for a
 * value given with a date and no time ("Jul 6, 2011"). Two values of the night the clocks go back (1:30 CDT, then
 * 1:15 CST) read as written, in their order.
 */
export function pointTimeText(series: Series, i: number, language: string): string {
  const written = new Date(series.time[i] + (series.zoneOffset?.[i] ?? 0));
  if (Number.isNaN(written.getTime())) return '';
  if (series.dateOnly?.[i]) return writtenFormat(language, false).format(written);
  return `${writtenFormat(language, true).format(written)} ${series.zone?.[i] || 'UTC'}`;
}
