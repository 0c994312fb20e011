/**
 * The station table's view in the explorer's address, beside the mode and the filters (lib/filters.ts):
 *
 * - `sort`: a column (a SortKey), ascending; `-` before it for descending: `sort=sampleCount`, `sort=-lastDate`.
 * - `page`: the page, from 1, among all the matching stations: `page=3`.
 * - `size`: rows a page, one of PAGE_SIZES: `size=100`.
 *
 * Each is left out at its default (unsorted, page 1, DEFAULT_PAGE_SIZE rows), so the default address stays
 * as it was; a value not understood (an unknown column, a page that is not a whole number from 1, a size
 * not offered) reads as the default. None of them is a filter: they never reach the server's query.
 */
import { SORT_KEYS, type Sort, type SortKey } from './tableRows';

export const TABLE_VIEW_KEYS = ['sort', 'page', 'size'] as const;

/** Rows a page the table offers; each divides the server's table chunk (TABLE_PAGE_SIZE) evenly. */
export const PAGE_SIZES = [25, 50, 100, 250] as const;
export const DEFAULT_PAGE_SIZE = 50;
/** A larger page in the address is read as this one (and so shown as the last page). */
export const MAX_PAGE = 1_000_000;

export interface TableView {
  sort: Sort | null;
  /** From 1. */
  page: number;
  pageSize: number;
}

export const DEFAULT_TABLE_VIEW: TableView = { sort: null, page: 1, pageSize: DEFAULT_PAGE_SIZE };

export const isTableViewKey = (key: string) => (TABLE_VIEW_KEYS as readonly string[]).includes(key);

/** `name` → ascending by name, `-name` → descending; anything else: no sort. */
export function parseSort(text: string | null): Sort | null {
  const value = (text ?? '').trim();
  const descending = value.startsWith('-');
  const key = descending ? value.slice(1) : value;
  if (!(SORT_KEYS as readonly string[]).includes(key)) return null;
  return { key: key as SortKey, direction: descending ? 'desc' : 'asc' };
}

export function formatSort(sort: Sort): string {
  return `${sort.direction === 'desc' ? '-' : ''}${sort.key}`;
}

function parsePage(text: string | null): number {
  const value = (text ?? '').trim();
  if (!/^\d+$/.test(value)) return 1;
  const n = Number(value);
  return n >= 1 ? Math.min(n, MAX_PAGE) : 1;
}

function parsePageSize(text: string | null): number {
  const n = Number((text ?? '').trim());
  return (PAGE_SIZES as readonly number[]).includes(n) ? n : DEFAULT_PAGE_SIZE;
}

/** The table's view an address holds (the last value of a repeated key). */
export function parseTableView(params: URLSearchParams): TableView {
  const last = (key: string) => params.getAll(key).at(-1) ?? null;
  return { sort: parseSort(last('sort')), page: parsePage(last('page')), pageSize: parsePageSize(last('size')) };
}

/** Adds the view's keys that differ from the defaults to `params`. */
export function writeTableView(params: URLSearchParams, view: TableView): URLSearchParams {
  if (view.sort) params.set('sort', formatSort(view.sort));
  if (view.page > 1) params.set('page', String(view.page));
  if (view.pageSize !== DEFAULT_PAGE_SIZE) params.set('size', String(view.pageSize));
  return params;
}

/** Pages of `total` rows, at least one (an empty table is one empty page). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
