import { get } from '../../../api/client';
import { TIME_ZONES_PATH, type WqxTimeZone } from '../../../api/timeZones';

let offsets: Promise<Map<string, number>> | null = null;

/**
 * The zones' offsets in hours by code (EDT → -4), asked once (the list does not change while the page is open).
 * The list unavailable: none (a value's date is then its UTC date, as the server answers a code it does not list).
 */
export function getTimeZoneOffsets(): Promise<Map<string, number>> {
  offsets ??= get<WqxTimeZone[]>(TIME_ZONES_PATH).then(
    (list) => new Map((list ?? []).filter((z) => Number.isFinite(z.offsetHours)).map((z) => [z.value, z.offsetHours])),
    () => {
      offsets = null;
      return new Map<string, number>();
    },
  );
  return offsets;
}

/** A stored offset from UTC as the server writes it ("UTC+08:00", "UTC-05:30"): where there is no WQX code. */
const OFFSET_CODE = /^UTC([+-])(\d\d):(\d\d)$/;

/** A zone's offset from UTC in hours: a WQX code's from the list, or an offset code's own (UTC+08:00 → 8). */
export function zoneHours(offsets: ReadonlyMap<string, number>, code: string): number | undefined {
  const listed = offsets.get(code);
  if (listed !== undefined) return listed;
  const match = OFFSET_CODE.exec(code);
  return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) + Number(match[3]) / 60) : undefined;
}
