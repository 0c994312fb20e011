import { RequestQueryBuilder, type SCondition } from '@dataui/crud-request';
import type { Page } from './types';

export type SortOrder = 'ASC' | 'DESC';

export interface Sort {
  field: string;
  order: SortOrder;
}

/** What a list screen asks the server for: a search term over some fields, a sort, a page. */
export interface ListQuery {
  search: string;
  searchFields: readonly string[];
  sort: Sort | null;
  page: number;
  pageSize: number;
}

/**
 * The query string of a list request, written by @dataui/crud-request's RequestQueryBuilder:
 * `s` = any of the fields containing the term (case-insensitive), `sort`, `limit` and `page`.
 */
export function buildListQuery({ search, searchFields, sort, page, pageSize }: ListQuery): string {
  const builder = RequestQueryBuilder.create();
  const term = search.trim();
  if (term && searchFields.length > 0) {
    const condition: SCondition =
      searchFields.length === 1
        ? { [searchFields[0]!]: { $contL: term } }
        : { $or: searchFields.map((field) => ({ [field]: { $contL: term } })) };
    builder.search(condition);
  }
  if (sort) builder.sortBy({ field: sort.field, order: sort.order });
  builder.setLimit(pageSize).setPage(page);
  return builder.query();
}

/** The query string that reads one item of a list by its id (the roles and users have no GET of one item). */
export function byIdQuery(id: string): string {
  return RequestQueryBuilder.create().search({ id: { $eq: id } }).query();
}

/**
 * The query string that counts the users holding a role: those whose `roles` contain it ($contArr), one row per
 * page, so that the answer's `total` is the count.
 */
export function holdingRoleQuery(roleId: string): string {
  return RequestQueryBuilder.create().search({ roles: { $contArr: [roleId] } }).setLimit(1).setPage(1).query();
}

/** A list answer as a page: the paginated object as it is, a plain list as one page. */
export function toPage<T>(body: unknown): Page<T> {
  if (Array.isArray(body)) {
    return { data: body as T[], count: body.length, total: body.length, page: 1, pageCount: 1 };
  }
  if (body && typeof body === 'object' && Array.isArray((body as Page<T>).data)) {
    const page = body as Page<T>;
    return {
      data: page.data,
      count: page.count ?? page.data.length,
      total: page.total ?? page.data.length,
      page: page.page ?? 1,
      pageCount: Math.max(1, page.pageCount ?? 1),
    };
  }
  return { data: [], count: 0, total: 0, page: 1, pageCount: 1 };
}
