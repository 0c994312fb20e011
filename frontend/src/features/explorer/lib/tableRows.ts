import type { StationSet } from '../api/statistic';

export const SORT_KEYS = ['name', 'identifier', 'stationType', 'sampleCount', 'loggerSeries', 'lastDate', 'organization'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDirection = 'asc' | 'desc';
export interface Sort {
  key: SortKey;
  direction: SortDirection;
}

/** The names the table shows in place of codes: a station type's and an organization's. */
export interface ShownNames {
  typeNames?: Map<string, string>;
  organizationNames?: Map<string, string>;
}

/**
 * Indices of the stations whose name or identifier contains the search text, in sort order. Station types
 * and organizations sort by the names shown for them (their codes where no name is known).
 */
export function tableRows(stations: StationSet, search: string, sort: Sort | null, names: ShownNames = {}): number[] {
  const needle = search.trim().toLowerCase();
  const rows: number[] = [];
  for (let i = 0; i < stations.length; i++) {
    if (!needle || stations.name[i].toLowerCase().includes(needle) || stations.identifier[i].toLowerCase().includes(needle)) {
      rows.push(i);
    }
  }
  if (!sort) return rows;
  const sign = sort.direction === 'asc' ? 1 : -1;
  if (sort.key === 'sampleCount' || sort.key === 'loggerSeries') {
    const column = sort.key === 'sampleCount' ? stations.sampleCount : (stations.loggerSeries ?? []);
    rows.sort((a, b) => sign * ((column[a] ?? 0) - (column[b] ?? 0)) || a - b);
  } else {
    const column = textColumn(stations, sort.key, names);
    const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
    rows.sort((a, b) => sign * collator.compare(column[a], column[b]) || a - b);
  }
  return rows;
}

function textColumn(stations: StationSet, key: Exclude<SortKey, 'sampleCount' | 'loggerSeries'>, names: ShownNames): string[] {
  const named = (codes: string[], shown?: Map<string, string>) => (shown ? codes.map((code) => shown.get(code) ?? code) : codes);
  if (key === 'organization') return named(stations.organizationId, names.organizationNames);
  if (key === 'stationType') return named(stations.stationType, names.typeNames);
  return stations[key];
}
