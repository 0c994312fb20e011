import type { WqxTimeZone } from '../../../api/timeZones';

/** A time zone an import may read times without one in: its value as sent, and its label (the same in every language). */
export interface TimeZoneChoice {
  value: string;
  label: string;
}

/** An offset from UTC as the server spells it ("UTC+08:00", "UTC-06:00"), or for the eye, with a true minus ("UTC−06:00"). */
function offsetCode(hours: number, minus: string): string {
  const minutes = Math.round(Math.abs(hours) * 60);
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `UTC${hours < 0 ? minus : '+'}${hh}:${mm}`;
}

/** The whole-hour offsets clocks use, UTC−12:00 to UTC+14:00. */
const WHOLE_HOURS = Array.from({ length: 27 }, (_, index) => index - 12);

/**
 * The zones offered: the WQX codes, each with its offset ("CST (UTC−06:00)"), then the whole-hour offsets from UTC
 * no code has (UTC+08:00 for China, where CST would be US Central).
 */
export function timeZoneChoices(wqx: readonly WqxTimeZone[]): TimeZoneChoice[] {
  const codes = wqx.filter((zone) => zone.value && Number.isFinite(zone.offsetHours));
  const covered = new Set(codes.map((zone) => zone.offsetHours));
  return [
    ...codes.map((zone) => ({ value: zone.value, label: `${zone.value} (${offsetCode(zone.offsetHours, '\u2212')})` })),
    ...WHOLE_HOURS.filter((hours) => !covered.has(hours)).map((hours) => ({
      value: offsetCode(hours, '-'),
      label: offsetCode(hours, '\u2212'),
    })),
  ];
}
