import { useSWRConfig } from 'swr';
import { del } from '../../../api/client';
import { dayBound, isoSeconds } from '../../../lib/dates';
import { timeSeriesDataPath, timeSeriesListPath } from './timeseries';

/** A period of days (YYYY-MM-DD), either end open ('' or absent). */
export interface Period {
  from?: string;
  to?: string;
}

export const seriesPath = (seriesId: string) => `/wapi/ts/series/${encodeURIComponent(seriesId)}`;

/**
 * DELETE /wapi/ts/series/{seriesId}?from&to: a logger series' values in the period (its days in the browser's time
 * zone, as the logger chart draws them; either end open; none: the whole series). A series left without values goes, and leaves GET /wapi/ts/list. Answers how many went.
 * The series' organization's data contributors and group administrators, and system administrators, may.
 */
export async function deleteSeriesValues(seriesId: string, period: Period): Promise<number> {
  const start = period.from ? dayBound(period.from) : undefined;
  const end = period.to ? dayBound(period.to, true) : undefined;
  const params = { from: start === undefined ? undefined : isoSeconds(start), to: end === undefined ? undefined : isoSeconds(end) };
  const answer = await del<{ deleted?: number }>(seriesPath(seriesId), { params });
  return Number(answer?.deleted ?? 0);
}

/** Is this SWR key a list of series (a station's, a project's)? */
const isList = (key: unknown) => typeof key === 'string' && key.startsWith(timeSeriesListPath({}));

/**
 * Deletes as deleteSeriesValues does, then reads again what showed the series: every list of series (a series
 * without values has left them), then its values over every range (those cached for ranges no longer shown are
 * dropped, so that zooming back there does not show the values deleted).
 */
export function useDeleteSeriesValues() {
  const { mutate } = useSWRConfig();
  return async (seriesId: string, period: Period): Promise<number> => {
    const deleted = await deleteSeriesValues(seriesId, period);
    await mutate(isList);
    const data = timeSeriesDataPath(seriesId, null);
    await mutate((key) => typeof key === 'string' && (key === data || key.startsWith(`${data}&`)), undefined);
    return deleted;
  };
}
