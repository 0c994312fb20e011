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
