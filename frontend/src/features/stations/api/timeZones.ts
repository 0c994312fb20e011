import { get } from '../../../api/client';

/** GET /keylist/timeZones: the WQX time zone codes the values are written in, each with its offset from UTC. */
export const timeZonesPath = '/keylist/timeZones';

interface TimeZoneEntry {
  value: string;
  offsetHours: number;
}

let offsets: Promise<Map<string, number>> | null = null;

/**
 * The zones' offsets in hours by code (EDT → -4), asked once (the list does not change while the page is open).
 * The list unavailable: none (a value's date is then its UTC date, as the server answers a code it does not list).
 */
export function getTimeZoneOffsets(): Promise<Map<string, number>> {
  offsets ??= get<TimeZoneEntry[]>(timeZonesPath).then(
    (list) => new Map((list ?? []).filter((z) => Number.isFinite(z.offsetHours)).map((z) => [z.value, z.offsetHours])),
    () => {
      offsets = null;
      return new Map<string, number>();
    },
  );
  return offsets;
}
