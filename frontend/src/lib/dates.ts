/**
 * The interface's dates, one way in each language: the same medium style for a date ("Nov 27, 2026",
 * "2026年11月27日") and for a date with its time ("Nov 27, 2026, 9:53 AM", "2026年11月27日 09:53"), in the
 * browser's time zone. Dates that are data values (a sample's date in a table) stay as the data has them.
 */

/** A date and time in the interface language ('' when there is none or it cannot be read). */
export function formatDateTime(value: string | null | undefined, language: string): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** A date (no time) in the interface language ('' when there is none or it cannot be read). */
export function formatDate(value: string | null | undefined, language: string): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(date);
}

/**
 * A day (YYYY-MM-DD) in the browser's time zone as ms: its first ms, or with `end` its last; undefined for a text
 * that is no day. What a logger chart spans for the dates chosen, and what deleting its values takes.
 */
export function dayBound(text: string, end = false): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + (end ? 1 : 0)).getTime() - (end ? 1 : 0);
}

/** ms as the API's ISO time, to the second (UTC). */
export const isoSeconds = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
