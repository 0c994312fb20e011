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
