import { describe, expect, it } from 'vitest';
import { buildListQuery, holdingRoleQuery, toPage } from './listQuery';

describe('list queries (the collection query language, written by RequestQueryBuilder)', () => {
  it('asks for a sorted page', () => {
    const query = buildListQuery({ search: '', searchFields: ['name', 'email'], sort: { field: 'name', order: 'ASC' }, page: 2, pageSize: 25 });
    expect(decodeURIComponent(query)).toBe('sort[0]=name,ASC&limit=25&page=2');
  });

  it('searches any of the fields, case-insensitively, with the term trimmed', () => {
    const query = new URLSearchParams(
      buildListQuery({ search: '  Ada ', searchFields: ['name', 'email'], sort: null, page: 1, pageSize: 10 }),
    );
    expect(JSON.parse(query.get('s')!)).toEqual({ $or: [{ name: { $contL: 'Ada' } }, { email: { $contL: 'Ada' } }] });
    expect(query.get('limit')).toBe('10');
    expect(query.get('page')).toBe('1');
  });

  it('searches one field without $or, and leaves a blank term out', () => {
    const one = new URLSearchParams(buildListQuery({ search: 'x', searchFields: ['roleName'], sort: null, page: 1, pageSize: 10 }));
    expect(JSON.parse(one.get('s')!)).toEqual({ roleName: { $contL: 'x' } });
    const blank = new URLSearchParams(buildListQuery({ search: '   ', searchFields: ['roleName'], sort: null, page: 1, pageSize: 10 }));
    expect(blank.has('s')).toBe(false);
  });

  it('reads a paginated answer as it is and a plain list as one page', () => {
    expect(toPage({ data: [{ id: 'a' }], count: 1, total: 11, page: 2, pageCount: 2 })).toEqual({ data: [{ id: 'a' }], count: 1, total: 11, page: 2, pageCount: 2 });
    expect(toPage([{ id: 'a' }, { id: 'b' }])).toEqual({ data: [{ id: 'a' }, { id: 'b' }], count: 2, total: 2, page: 1, pageCount: 1 });
    expect(toPage(undefined)).toEqual({ data: [], count: 0, total: 0, page: 1, pageCount: 1 });
  });

  it('counts the users holding a role: their roles contain it, one row a page (the total is the count)', () => {
    const query = new URLSearchParams(holdingRoleQuery('r-editor'));
    expect(JSON.parse(query.get('s')!)).toEqual({ roles: { $contArr: ['r-editor'] } });
    expect(query.get('limit')).toBe('1');
    expect(query.get('page')).toBe('1');
  });
});
