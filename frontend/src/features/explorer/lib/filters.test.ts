import { describe, expect, it } from 'vitest';
import { activeFilterCount, EMPTY_FILTERS, parseFilters, parseMode, toSearchParams, toStationQuery, withoutColorBy } from './filters';

describe('explorer address', () => {
  it('reads mode (default both) and ignores an unknown mode', () => {
    expect(parseMode(new URLSearchParams(''))).toBe('both');
    expect(parseMode(new URLSearchParams('mode=map'))).toBe('map');
    expect(parseMode(new URLSearchParams('mode=table'))).toBe('table');
    expect(parseMode(new URLSearchParams('mode=globe'))).toBe('both');
  });

  it('reads every other parameter as a filter: comma lists, repeated keys, text, and unknown ones kept', () => {
    const filters = parseFilters(new URLSearchParams('mode=map&organization=a,b&organization=c&stationType=river&from=2020-01-01&q=creek&huc=0102&county=01001&foo=bar'));
    expect(filters.organization).toEqual(['a', 'b', 'c']);
    expect(filters.stationType).toEqual(['river']);
    expect(filters.from).toBe('2020-01-01');
    expect(filters.q).toBe('creek');
    expect(filters.huc).toBe('0102');
    expect(filters.county).toEqual(['01001']);
    expect(filters.extra).toEqual({ foo: 'bar' });
  });

  it('writes back a stable, minimal query that reads the same', () => {
    const filters = { ...EMPTY_FILTERS, organization: ['a', 'b'], q: 'creek', extra: { foo: 'bar' } };
    const params = toSearchParams('table', filters);
    expect(params.toString()).toBe('mode=table&organization=a%2Cb&q=creek&foo=bar');
    expect(parseFilters(params)).toEqual(filters);
    expect(toSearchParams('both', EMPTY_FILTERS).toString()).toBe('');
    // An unknown parameter is kept, but it filters nothing: not counted.
    expect(activeFilterCount(filters)).toBe(2);
    expect(activeFilterCount({ ...filters, extra: { foo: 'bar', bbox: '1,2,3,4' } })).toBe(3);
  });

  it('turns the filters into the statistic station query', () => {
    const filters = parseFilters(
      new URLSearchParams('organization=a&project=p&parameter=x,y&stationType=lake&county=01001&huc=0102&from=2020-01-01&to=2021-01-01&q=creek&colorBy=x&bbox=1,2,3,4&utm_source=newsletter'),
    );
    expect(toStationQuery(filters)).toEqual({
      organizationIds: ['a'],
      projectIds: ['p'],
      parameterIds: ['x', 'y'],
      stationTypes: ['lake'],
      countyFips: ['01001'],
      huc: '0102',
      startDate: '2020-01-01',
      endDate: '2021-01-01',
      search: 'creek',
      colorBy: 'x',
      bbox: '1,2,3,4',
    });
    // The address keeps a parameter the server does not take (a campaign tag), but the query leaves it out: the
    // server refuses names it does not know.
    expect(filters.extra).toHaveProperty('utm_source', 'newsletter');
    expect(withoutColorBy(toStationQuery(filters))).not.toHaveProperty('colorBy');
    expect(withoutColorBy(toStationQuery(filters)).search).toBe('creek');
  });
});
