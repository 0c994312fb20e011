import type { Sort } from '../api/listQuery';
import type { Page } from '../api/types';

/**
 * Search, sort and page a list held in the browser the way the server does for its collections:
 * the term anywhere in one of the fields (case-insensitive), one sort, pages of `pageSize`.
 */
export function localPage<T>(
  items: T[],
  { search, sort, page, pageSize }: { search: string; sort: Sort; page: number; pageSize: number },
  text: (item: T, field: string) => string,
  searchFields: readonly string[],
): Page<T> {
  const term = search.trim().toLowerCase();
  const matched = term ? items.filter((item) => searchFields.some((field) => text(item, field).toLowerCase().includes(term))) : [...items];
  const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
  matched.sort((a, b) => collator.compare(text(a, sort.field), text(b, sort.field)) * (sort.order === 'ASC' ? 1 : -1));
  const pageCount = Math.max(1, Math.ceil(matched.length / pageSize));
  const current = Math.min(Math.max(1, page), pageCount);
  const data = matched.slice((current - 1) * pageSize, current * pageSize);
  return { data, count: data.length, total: matched.length, page: current, pageCount };
}
