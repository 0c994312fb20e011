import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { Sort, SortOrder } from '../api/listQuery';

export const PAGE_SIZES = [10, 25, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;

export interface ListState {
  search: string;
  sort: Sort;
  page: number;
  pageSize: number;
}

export interface ListStateDefaults {
  sort: Sort;
  /** The fields a list may be sorted on; any other `sort` in the address is ignored. */
  sortFields: readonly string[];
}

function positive(text: string | null): number | null {
  if (!text || !/^\d{1,6}$/.test(text)) return null;
  const n = Number(text);
  return n > 0 ? n : null;
}

/** `sort=field,ASC` as in the collection query language. */
export function parseSort(text: string | null, fields: readonly string[]): Sort | null {
  if (!text) return null;
  const [field, order] = text.split(',');
  if (!field || !fields.includes(field) || (order !== 'ASC' && order !== 'DESC')) return null;
  return { field, order };
}

/** The next sort when a column header is pressed: ascending first, then flipping. */
export function nextSort(current: Sort, field: string): Sort {
  if (current.field !== field) return { field, order: 'ASC' };
  const order: SortOrder = current.order === 'ASC' ? 'DESC' : 'ASC';
  return { field, order };
}

/**
 * A list screen's search term, sort, page and page size, kept in the address (`q`, `sort`, `page`,
 * `size`) so a reload or a shared link shows the same list. A new search, sort or page size
 * starts again at page 1.
 */
export function useListState(defaults: ListStateDefaults) {
  const [params, setParams] = useSearchParams();
  const { sortFields } = defaults;
  const { field: defaultField, order: defaultOrder } = defaults.sort;

  const state = useMemo<ListState>(() => {
    const size = positive(params.get('size'));
    return {
      search: params.get('q') ?? '',
      sort: parseSort(params.get('sort'), sortFields) ?? { field: defaultField, order: defaultOrder },
      page: positive(params.get('page')) ?? 1,
      pageSize: size && (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    };
  }, [params, sortFields, defaultField, defaultOrder]);

  const update = useCallback(
    (changes: Record<string, string | null>) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const setSearch = useCallback((search: string) => update({ q: search.trim() ? search : null, page: null }), [update]);
  const setSort = useCallback((sort: Sort) => update({ sort: `${sort.field},${sort.order}`, page: null }), [update]);
  const setPage = useCallback((page: number) => update({ page: page > 1 ? String(page) : null }), [update]);
  const setPageSize = useCallback(
    (size: number) => update({ size: size === DEFAULT_PAGE_SIZE ? null : String(size), page: null }),
    [update],
  );

  return { ...state, setSearch, setSort, setPage, setPageSize };
}
