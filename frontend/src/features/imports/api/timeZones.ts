import useSWR from 'swr';
import { get } from '../../../api/client';
import { TIME_ZONES_PATH, type WqxTimeZone } from '../../../api/timeZones';

/**
 * The WQX time zone codes an import may read times without a zone in. Not there (the list unavailable): none, and
 * the form offers the offsets from UTC only.
 */
export function useWqxTimeZones() {
  return useSWR(TIME_ZONES_PATH, () => get<WqxTimeZone[]>(TIME_ZONES_PATH), { revalidateOnFocus: false });
}
