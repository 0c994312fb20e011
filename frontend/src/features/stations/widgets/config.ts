/** The station chart widget's component name and config: a station, its chosen parameters, a date range. */
export const STATION_CHART_WIDGET = 'station-chart';

export interface StationChartConfig {
  stationId: string;
  parameterIds: string[];
  from: string;
  to: string;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** A saved config read defensively (older or hand-made widgets may lack fields). */
export function readChartConfig(config: Record<string, unknown>): StationChartConfig {
  const ids = Array.isArray(config.parameterIds)
    ? config.parameterIds.filter((p): p is string => typeof p === 'string' && p !== '')
    : text(config.parameterId)
      ? [text(config.parameterId)]
      : [];
  return { stationId: text(config.stationId), parameterIds: ids, from: text(config.from), to: text(config.to) };
}

/** The station page's address showing the same chart. */
export function chartPagePath({ stationId, parameterIds, from, to }: StationChartConfig): string {
  const query = new URLSearchParams();
  if (parameterIds.length) query.set('parameter', parameterIds.join(','));
  if (from) query.set('from', from);
  if (to) query.set('to', to);
  const search = query.toString();
  return `/sts/station/${encodeURIComponent(stationId)}/chart${search ? `?${search}` : ''}`;
}
