import { describe, expect, it } from 'vitest';
import { TABLE_PAGE_SIZE } from '../api/statistic';
import { activeFilterCount, parseFilters, toSearchParams, toStationQuery } from './filters';
import { DEFAULT_TABLE_VIEW, MAX_PAGE, PAGE_SIZES, pageCount, parseTableView } from './tableView';

const view = (query: string) => parseTableView(new URLSearchParams(query));

describe("the station table's view in the explorer address", () => {
  it('reads sort (a column, - for descending), page from 1 and page size', () => {
    expect(view('')).toEqual(DEFAULT_TABLE_VIEW);
    expect(view('sort=sampleCount&page=3&size=100')).toEqual({ sort: { key: 'sampleCount', direction: 'asc' }, page: 3, pageSize: 100 });
    expect(view('sort=-lastDate')).toEqual({ sort: { key: 'lastDate', direction: 'desc' }, page: 1, pageSize: 50 });
    expect(view('sort=name&sort=-identifier').sort).toEqual({ key: 'identifier', direction: 'desc' });
  });

  it('reads a value it does not understand as the default', () => {
    for (const query of ['sort=samples', 'sort=--name', 'sort=', 'sort=Name', 'sort=-']) expect(view(query).sort, query).toBeNull();
    for (const query of ['page=0', 'page=-2', 'page=abc', 'page=2.5', 'page=1e3', 'page=']) expect(view(query).page, query).toBe(1);
    for (const query of ['size=7', 'size=abc', 'size=0', 'size=5000']) expect(view(query).pageSize, query).toBe(50);
    expect(view(`page=${'9'.repeat(30)}`).page).toBe(MAX_PAGE);
  });

  it('is written after the filters, each key only when not the default, and reads back the same', () => {
    const filters = parseFilters(new URLSearchParams('organization=a&foo=bar'));
    const sorted = { sort: { key: 'sampleCount', direction: 'desc' }, page: 3, pageSize: 25 } as const;
    const params = toSearchParams('table', filters, sorted);
    expect(params.toString()).toBe('mode=table&organization=a&foo=bar&sort=-sampleCount&page=3&size=25');
    expect(parseTableView(params)).toEqual(sorted);
    expect(toSearchParams('both', filters, DEFAULT_TABLE_VIEW).toString()).toBe('organization=a&foo=bar');
    expect(toSearchParams('both', filters, { sort: { key: 'name', direction: 'asc' }, page: 1, pageSize: 50 }).toString()).toBe(
      'organization=a&foo=bar&sort=name',
    );
  });

  it('is not a filter: not counted, not kept as an unknown filter, not sent to the server', () => {
    const filters = parseFilters(new URLSearchParams('mode=table&organization=a&sort=-name&page=4&size=100&stateFips=08'));
    expect(filters.extra).toEqual({ stateFips: '08' });
    expect(activeFilterCount(filters)).toBe(2);
    expect(toStationQuery(filters)).toEqual({ organizationIds: ['a'], stateFips: '08' });
  });

  it('counts pages, one at least', () => {
    expect(pageCount(0, 50)).toBe(1);
    expect(pageCount(50, 50)).toBe(1);
    expect(pageCount(51, 50)).toBe(2);
  });

  it('offers page sizes that divide the table chunk the server is asked for, so no page straddles two', () => {
    for (const size of PAGE_SIZES) expect(TABLE_PAGE_SIZE % size, String(size)).toBe(0);
  });
});
