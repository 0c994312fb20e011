import useSWR from 'swr';
import { post } from '../../../api/client';
import { STATISTIC_PATH } from '../../explorer/api/statistic';
import type { ReportRequest } from './report';

/** The report's address names → the station query's (as the server maps them: chalicelib/reports/service.py). */
const QUERY_NAMES = {
  organization: 'organizationIds', project: 'projectIds', parameter: 'parameterIds', stationType: 'stationTypes',
  county: 'countyFips', huc: 'huc', q: 'search',
} as const;
const DAY = /^\d{4}-\d\d-\d\d$/;

/** The station query of a report's filter and dates: one station of the answer is enough, its total is wanted. */
function countQuery(filter: ReportRequest['filter'], from: string, to: string) {
  const query: Record<string, unknown> = { format: 'objects', limit: 1 };
  for (const [name, value] of Object.entries(filter)) if (value) query[QUERY_NAMES[name as keyof typeof QUERY_NAMES]] = value;
  // The dates narrow the stations as they do the report's (stations sampled in the range); half-typed ones are left out.
  if (DAY.test(from)) query.from = from;
  if (DAY.test(to)) query.to = to;
  return query;
}

/** POST /statistic: how many stations a report's filter and dates match (the explorer's count of the same query). */
export async function countReportStations(filter: ReportRequest['filter'], from: string, to: string): Promise<number | undefined> {
  const answer = await post<{ total?: unknown }>(STATISTIC_PATH, countQuery(filter, from, to));
  return typeof answer?.total === 'number' ? answer.total : undefined;
}

/** The number of stations a report of this filter would cover; nothing when not asked (`enabled` false) or not known. */
export function useReportStationCount(filter: ReportRequest['filter'], from: string, to: string, enabled: boolean) {
  const key = enabled ? [STATISTIC_PATH, 'report-count', JSON.stringify(countQuery(filter, from, to))] : null;
  return useSWR(key, () => countReportStations(filter, from, to));
}
