import { post } from '../../../api/client';

export const REPORT_PATH = '/report';
/** The station query's address names the report passes on (the explorer's, spec: /sts/overview). */
export const REPORT_FILTERS = ['organization', 'project', 'parameter', 'stationType', 'county', 'huc', 'q'] as const;

export interface ReportRequest {
  filter: Partial<Record<(typeof REPORT_FILTERS)[number], string>>;
  stationIds: string[];
  from: string;
  to: string;
  language: string;
}

/** POST /report: the PDF as a Blob. */
export async function createReport(body: ReportRequest): Promise<Blob | undefined> {
  return post<Blob>(REPORT_PATH, body, { headers: { Accept: 'application/pdf' } });
}
