import useSWR from 'swr';
import { get } from '../../../api/client';

/** GET /keylist/timeZones: the WQX time zone codes, each with its offset from UTC in hours (CST: -6). */
const TIME_ZONES_PATH = '/keylist/timeZones';

export interface WqxTimeZone {
  value: string;
  offsetHours: number;
}

/**
 * The WQX time zone codes an import may read times without a zone in. Not there (the list unavailable): none, and
 * the form offers the offsets from UTC only.
 */
export function useWqxTimeZones() {
  return useSWR(TIME_ZONES_PATH, () => get<WqxTimeZone[]>(TIME_ZONES_PATH), { revalidateOnFocus: false });
}
