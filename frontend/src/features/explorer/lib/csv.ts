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

/** The stations as site rows; station types by their names in `typeNames` (keyed by type key) where it has them. */
export function sitesCsv(stations: StationDetails[], typeNames?: Map<string, string>): string {
  return toCsv(
    SITE_COLUMNS,
    stations.map((s) => [
      s.organizationId, s.identifier, s.name, typeNames?.get(s.stationType) ?? s.stationType,
      s.latitude, s.longitude, s.sampleCount, s.firstDate, s.lastDate,
    ]),
  );
}

