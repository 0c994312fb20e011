import useSWR from 'swr';
import { get, post } from '../../../api/client';

export const REPORT_PATH = '/report';
/** The station query's address names the report passes on (the explorer's, spec: /sts/overview). */
export const REPORT_FILTERS = ['organization', 'project', 'parameter', 'stationType', 'county', 'huc', 'q'] as const;
/** The server's limits (chalicelib/reports/service.py): up to QUICK stations are drawn while the caller waits,
 * up to MOST are queued for the worker, more are refused. */
export const REPORT_QUICK_STATIONS = 100;
export const REPORT_MOST_STATIONS = 2000;

/**
 * The most selected stations the explorer's "PDF report" link hands over, by id in the report page's address
 * (`stations=id,id`): a station's id is 36 characters, so 250 of them (a full table page at its largest size)
 * make an address of about 9 KB. More are not put in an address: the link then opens the report of the filter,
 * and the report page says why (`selected=<count>`).
 */
export const REPORT_LINK_STATIONS = 250;
/** The address name of the count of selected stations the link could not hand over. */
export const SELECTED_PARAM = 'selected';

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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The identifier (MonitoringLocationIdentifier) of a report's one chosen station, to name its file by: the chosen
 * value itself when it is an identifier, else (a station's id, as the explorer hands it over) read from
 * GET /station/{id}. Nothing while unknown, or when not asked (`value` undefined).
 */
export function useStationIdentifier(value: string | undefined): string | undefined {
  const isId = !!value && UUID.test(value);
  const { data } = useSWR(isId ? ['report-station-identifier', value] : null, async () => {
    const station = await get<{ identifier?: unknown }>(`/station/${encodeURIComponent(value!)}`);
    return typeof station?.identifier === 'string' ? station.identifier : undefined;
  });
  return isId ? data : value;
}

/** A calendar day as YYYY-MM-DD, in the visitor's time zone. */
function dayOf(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * A report's file name, by what it covers and the day it was made: open-water-data-report-2026-11-27.pdf, or
 * open-water-data-report-USGS-01646500-2026-11-27.pdf for one station. Safe on every file system: the station's
 * identifier keeps only letters, digits, dots, dashes and underscores (others become a dash), 60 at most.
 */
export function reportFileName(station: string | undefined, made: Date): string {
  const subject = (station ?? '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 60)
    .replace(/[-.]+$/, '');
  return `open-water-data-report-${subject ? `${subject}-` : ''}${dayOf(made)}.pdf`;
}
