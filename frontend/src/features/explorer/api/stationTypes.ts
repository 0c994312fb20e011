import useSWR from 'swr';
import { get } from '../../../api/client';
import { toOptions, type Option } from './options';

/** GET /stationTypes: station type options `{key, label}`, shown as `{id, name}`. */
export const STATION_TYPES_PATH = '/stationTypes';

export async function getStationTypeOptions(): Promise<Option[]> {
  return toOptions(await get(STATION_TYPES_PATH), ['key', 'id'], ['label', 'name']);
}

export function useStationTypeOptions() {
  return useSWR(STATION_TYPES_PATH, getStationTypeOptions);
}
