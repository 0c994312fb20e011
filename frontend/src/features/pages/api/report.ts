import { get, post } from '../../../api/client';

export const REPORT_PATH = '/report';
/** The station query's address names the report passes on (the explorer's, spec: /sts/overview). */
export const REPORT_FILTERS = ['organization', 'project', 'parameter', 'stationType', 'county', 'huc', 'q'] as const;
/** The server's limits (chalicelib/reports/service.py): up to QUICK stations are drawn while the caller waits,
 * up to MOST are queued for the worker, more are refused. */
export const REPORT_QUICK_STATIONS = 100;
export const REPORT_MOST_STATIONS = 2000;

export interface ReportRequest {
  filter: Partial<Record<(typeof REPORT_FILTERS)[number], string>>;
  stationIds: string[];
  from: string;
  to: string;
  language: string;
}

/** A report of more than 100 stations, made by the worker. */
export interface QueuedReport {
  id: string;
  status: 'queued' | 'running' | 'succeeded' | 'failed';
  /** 0 to 1. */
  progress: number;
  stations: number;
  size: number | null;
  message: string | null;
}

const PDF = { headers: { Accept: 'application/pdf' } };

/** POST /report: the PDF as a Blob, or the queued job for a large report. */
export async function createReport(body: ReportRequest): Promise<Blob | QueuedReport | undefined> {
  return post<Blob | QueuedReport>(REPORT_PATH, body, PDF);
}

/** GET /report/{id}: a queued report's status and progress. */
export async function getQueuedReport(id: string): Promise<QueuedReport | undefined> {
  return get<QueuedReport>(`${REPORT_PATH}/${encodeURIComponent(id)}`);
}

/** GET /report/{id}/pdf: a finished queued report. */
export async function getQueuedReportPdf(id: string): Promise<Blob | undefined> {
  return get<Blob>(`${REPORT_PATH}/${encodeURIComponent(id)}/pdf`, PDF);
}
