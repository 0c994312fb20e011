/** The station table widget's component name and config: explorer filters (an address query) and how many rows. */
export const STATION_TABLE_WIDGET = 'station-table';
export const DEFAULT_TABLE_ROWS = 25;
export const MAX_TABLE_ROWS = 500;

export interface StationTableConfig {
  /** The explorer's address query: its filters, e.g. `organization=...&stationType=lake`, and (when saved from the
   * table) its mode, sort and page size, e.g. `mode=table&stationType=lake&sort=-sampleCount&size=25`. */
  filters: string;
  limit: number;
}

export function readTableConfig(config: Record<string, unknown>): StationTableConfig {
  const filters = typeof config.filters === 'string' ? config.filters.replace(/^\?/, '') : '';
  const n = Number(config.limit);
  const limit = Number.isInteger(n) && n > 0 ? Math.min(n, MAX_TABLE_ROWS) : DEFAULT_TABLE_ROWS;
  return { filters, limit };
}
