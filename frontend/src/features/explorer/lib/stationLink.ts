/**
 * A station opened from the explorer (its table, its map's popup) carries the explorer's address in the
 * history entry's state, so the station page's "Back to the explorer" returns to the same filters, sort,
 * page and mode. Opened any other way (a shared link, a reload), the way back is the explorer as it opens.
 */
export const EXPLORER_PATH = '/sts/overview';

/** The state of a link from the explorer to a station's page. */
export interface FromExplorer {
  /** The explorer's query, with its '?' ('' for none). */
  explorerSearch: string;
}

/** The state a link from the explorer at `search` (with or without its '?') gives the station's page. */
export function fromExplorer(search: string): FromExplorer {
  return { explorerSearch: search && !search.startsWith('?') ? `?${search}` : search };
}

/** The explorer's query a history entry's state carries, when it came from the explorer. */
export function explorerSearchOf(state: unknown): string | undefined {
  const search = state && typeof state === 'object' ? (state as Partial<FromExplorer>).explorerSearch : undefined;
  return typeof search === 'string' && (search === '' || search.startsWith('?')) ? search : undefined;
}

/** The explorer's address to go back to: the one the state came from, or the explorer as it opens. */
export function explorerPathFor(search: string | undefined): string {
  return `${EXPLORER_PATH}${search ?? ''}`;
}

/** A station page's path (as react-router takes it, without the hash). */
export function stationPath(id: string): string {
  return `/sts/station/${encodeURIComponent(id)}`;
}
