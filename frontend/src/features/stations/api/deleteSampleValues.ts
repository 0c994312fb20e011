import { useSWRConfig } from 'swr';
import { del } from '../../../api/client';
import { refreshSeries, sampleValuesPath, type SeriesRange } from './sampleValues';
import { stationSeriesPath } from './series';
import { stationPath } from './station';

/**
 * DELETE /sampleValue/{stationId}/{parameterId}?from&to: the station's values of the parameter in the period (its
 * days, either end open; none: every value), at most 50,000 at a time (more: a 400 that says so). Answers how many
 * went. The station's data contributors and group administrators, and system administrators, may.
 */
export async function deleteSampleValues(stationId: string, parameterId: string, period: SeriesRange): Promise<number> {
  const params = { from: period.from || undefined, to: period.to || undefined };
  const answer = await del<{ deleted?: number }>(sampleValuesPath(stationId, parameterId), { params });
  return Number(answer?.deleted ?? 0);
}

/**
 * Deletes as deleteSampleValues does, then reads again what showed those values: the series over every range cached,
 * the charts showing it, the station's series list and the station (its parameters and counts).
 */
export function useDeleteSampleValues() {
  const { cache, mutate } = useSWRConfig();
  return async (stationId: string, parameterId: string, period: SeriesRange): Promise<number> => {
    const deleted = await deleteSampleValues(stationId, parameterId, period);
    await Promise.all([refreshSeries(cache, mutate, stationId, parameterId), mutate(stationSeriesPath(stationId)), mutate(stationPath(stationId))]);
    return deleted;
  };
}
