// The whole dequal compares readings held as Maps: SWR's own comparison (dequal/lite) takes any two Maps as equal.
import { dequal } from 'dequal';
import useSWR from 'swr';
import { get } from '../../../api/client';
import type { StationParameterSummary } from './station';

/** GET /station/{stationId}/series: per parameter the number of values, first and last date, unit. */
export const stationSeriesPath = (stationId: string) => `/station/${encodeURIComponent(stationId)}/series`;

export interface StationSeries extends StationParameterSummary {
  unit: string | null;
}

export async function getStationSeries(stationId: string): Promise<Map<string, StationSeries>> {
  const list = (await get<StationSeries[]>(stationSeriesPath(stationId))) ?? [];
  return new Map(list.map((s) => [s.parameterId, { ...s, firstDate: s.firstDate ?? '', lastDate: s.lastDate ?? '' }]));
}

export function useStationSeries(stationId: string) {
  return useSWR(stationSeriesPath(stationId), () => getStationSeries(stationId), { compare: dequal });
}
