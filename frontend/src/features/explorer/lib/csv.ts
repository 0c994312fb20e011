import type { StationDetails } from '../api/stationsAt';

/**
 * CSV in the Water Quality Portal's station ("site") columns. Text cells that a spreadsheet would
 * run as a formula (= + - @, tab, CR) get a leading apostrophe.
 */
export const SITE_COLUMNS = [
  'OrganizationIdentifier',
  'MonitoringLocationIdentifier',
  'MonitoringLocationName',
  'MonitoringLocationTypeName',
  'LatitudeMeasure',
  'LongitudeMeasure',
  'ResultCount',
  'FirstActivityStartDate',
  'LastActivityStartDate',
] as const;

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: unknown[][]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/**
 * The stations as site rows, in WQP's values whatever the interface's language: the organization by its name
 * (`organizationNames`, keyed by id), as the station chart's CSV names it, its internal id only where no name
 * is known; the station's own WQX monitoring location type, not the explorer's station type (empty when not recorded).
 */
export function sitesCsv(stations: StationDetails[], organizationNames?: Map<string, string>): string {
  return toCsv(
    SITE_COLUMNS,
    stations.map((s) => [
      organizationNames?.get(s.organizationId) ?? s.organizationId, s.identifier, s.name, s.monitoringLocationType,
      s.latitude, s.longitude, s.sampleCount, s.firstDate, s.lastDate,
    ]),
  );
}

