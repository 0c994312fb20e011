import type { StationSet } from '../api/statistic';

export const SORT_KEYS = ['name', 'identifier', 'stationType', 'sampleCount', 'lastDate'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDirection = 'asc' | 'desc';
export interface Sort {
  key: SortKey;
  direction: SortDirection;
}

/** Indices of the stations whose name or identifier contains the search text, in sort order. */
export function tableRows(stations: StationSet, search: string, sort: Sort | null): number[] {
  const needle = search.trim().toLowerCase();
  const rows: number[] = [];
  for (let i = 0; i < stations.length; i++) {
    if (!needle || stations.name[i].toLowerCase().includes(needle) || stations.identifier[i].toLowerCase().includes(needle)) {
      rows.push(i);
    }
  }
  if (!sort) return rows;
  const sign = sort.direction === 'asc' ? 1 : -1;
  if (sort.key === 'sampleCount') {
    const column = stations.sampleCount;
    rows.sort((a, b) => sign * (column[a] - column[b]) || a - b);
  } else {
    const column = stations[sort.key];
    const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
    rows.sort((a, b) => sign * collator.compare(column[a], column[b]) || a - b);
  }
  return rows;
}
