/**
 * GET /keylist/timeZones: the WQX time zone codes, each with its offset from UTC in hours (CST: -6). Read by the
 * station charts (a value's local date) and the import form (the zone of a file's times that give none).
 */
export const TIME_ZONES_PATH = '/keylist/timeZones';

export interface WqxTimeZone {
  value: string;
  offsetHours: number;
}
