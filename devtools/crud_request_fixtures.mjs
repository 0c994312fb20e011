// Writes tests/fixtures/crud-request/queries.json: query strings made by the real
// @dataui/crud-request RequestQueryBuilder, which the server's parser (chalicelib/crud) must understand.
//
//   npm install --prefix /tmp/crudfix @dataui/crud-request@5.3.4
//   CRUD_REQUEST_MODULES=/tmp/crudfix/node_modules node devtools/crud_request_fixtures.mjs
//
// Without CRUD_REQUEST_MODULES the package is resolved from this repository's node_modules.
// With --check it only compares the checked-in file with what the builder writes now.
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const modules = process.env.CRUD_REQUEST_MODULES;
const require = createRequire(modules ? join(resolve(modules), 'noop.js') : import.meta.url);
const { RequestQueryBuilder, CondOperator } = require('@dataui/crud-request');
const { version } = require('@dataui/crud-request/package.json');

const q = (params) => RequestQueryBuilder.create(params).query();

const cases = {
  'filter-eq': q({ filter: { field: 'name', operator: CondOperator.EQUALS, value: 'Alpha' } }),
  'filter-array-form': q({ filter: ['name', '$eq', 'Alpha'] }),
  'filters-anded': q({ filter: [{ field: 'ownerId', operator: '$eq', value: 'u1' }, { field: 'score', operator: '$gt', value: 1 }] }),
  'filter-and-or': q({ filter: { field: 'name', operator: '$eq', value: 'Alpha' }, or: { field: 'score', operator: '$eq', value: 10 } }),
  'filters-and-ors': q({
    filter: [{ field: 'ownerId', operator: '$eq', value: 'u1' }, { field: 'active', operator: '$eq', value: true }],
    or: [{ field: 'ownerId', operator: '$eq', value: 'u2' }, { field: 'score', operator: '$gte', value: 10 }],
  }),
  'ors-only': q({ or: [{ field: 'name', operator: '$eq', value: 'beta' }, { field: 'score', operator: '$lt', value: 0 }] }),
  'in-list': q({ filter: { field: 'score', operator: CondOperator.IN, value: [1, 10] } }),
  'notin-list': q({ filter: { field: 'name', operator: CondOperator.NOT_IN, value: ['Alpha', 'beta'] } }),
  'between': q({ filter: { field: 'score', operator: CondOperator.BETWEEN, value: [1, 5] } }),
  'isnull': q({ filter: { field: 'active', operator: CondOperator.IS_NULL } }),
  'notnull': q({ filter: { field: 'active', operator: CondOperator.NOT_NULL } }),
  'legacy-cont': q({ filter: { field: 'name', operator: 'cont', value: 'amm' } }),
  'contains-lower': q({ filter: { field: 'name', operator: CondOperator.CONTAINS_LOW, value: 'ALPHA' } }),
  'in-lower': q({ filter: { field: 'name', operator: CondOperator.IN_LOW, value: ['ALPHA', 'BETA'] } }),
  'starts-ends': q({ filter: [{ field: 'name', operator: '$starts', value: 'A' }, { field: 'name', operator: '$ends', value: 'BET' }] }),
  'excl': q({ filter: { field: 'name', operator: CondOperator.EXCLUDES, value: 'a' } }),
  'contains-array': q({ filter: { field: 'tags', operator: CondOperator.CONTAINS_ARRAY, value: ['x', 'y'] } }),
  'intersects-array': q({ filter: { field: 'tags', operator: CondOperator.INTERSECTS_ARRAY, value: ['x', 'z'] } }),
  'dates': q({ filter: { field: 'createdAt', operator: '$gte', value: '2024-02-01T00:00:00Z' } }),
  'search': q({ search: { $or: [{ name: 'beta' }, { score: { $gt: 5, $lte: 10 } }] } }),
  'search-nested': q({ search: { ownerId: 'u1', $and: [{ active: true }, { name: { $or: { $startsL: 'al', $eq: 'beta' } } }] } }),
  'search-null': q({ search: { active: null } }),
  'search-ignores-filter': q({ search: { name: 'beta' }, filter: { field: 'name', operator: '$eq', value: 'Alpha' } }),
  'sort-multi': q({ sort: [{ field: 'ownerId', order: 'DESC' }, { field: 'score', order: 'ASC' }] }),
  'sort-array-form': q({ sort: ['score', 'DESC'] }),
  'page': q({ limit: 2, page: 2, sort: [{ field: 'score', order: 'ASC' }] }),
  'offset': q({ limit: 2, offset: 1, sort: [{ field: 'score', order: 'ASC' }] }),
  'limit-only': q({ limit: 2, sort: [{ field: 'score', order: 'DESC' }] }),
  'fields': q({ fields: ['name', 'score'], sort: [{ field: 'score', order: 'ASC' }], limit: 1 }),
  'join': q({ join: [{ field: 'owner', select: ['name'] }, { field: 'owner' }] }),
  'include-deleted': q({ includeDeleted: 1 }),
  'reset-cache': q({ resetCache: true }),
  'special-characters': q({ filter: { field: 'name', operator: '$eq', value: 'a & b+c/d é' } }),
  'unencoded': RequestQueryBuilder.create().setFilter({ field: 'name', operator: '$eq', value: 'Alpha' }).sortBy({ field: 'score', order: 'ASC' }).query(false),
  'chained': RequestQueryBuilder.create()
    .select(['name'])
    .setFilter({ field: 'score', operator: '$gte', value: 1 })
    .setOr({ field: 'name', operator: '$eq', value: 'ALPHABET' })
    .setLimit(5)
    .setPage(1)
    .sortBy({ field: 'score', order: 'DESC' })
    .query(),
};

// Every operator the builder knows, as a filter.
for (const op of Object.values(CondOperator)) {
  const list = ['$in', '$notin', '$between', '$inL', '$notinL', '$contArr', '$intersectsArr'].includes(op);
  const value = op === '$isnull' || op === '$notnull' ? undefined : list ? ['a', 'b'] : 'a';
  cases[`operator ${op}`] = q({ filter: { field: 'name', operator: op, value } });
}

const out = join(here, '..', 'tests', 'fixtures', 'crud-request', 'queries.json');
const text = JSON.stringify({ package: '@dataui/crud-request', version, queries: cases }, null, 2) + '\n';
if (process.argv.includes('--check')) {
  // The checked-in fixtures must be exactly what the installed builder writes today.
  const same = existsSync(out) && readFileSync(out, 'utf8') === text;
  console.log(same ? `fixtures match @dataui/crud-request ${version}` : `fixtures differ from @dataui/crud-request ${version}: run node ${process.argv[1]}`);
  process.exit(same ? 0 : 1);
}
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, text);
console.log(`wrote ${Object.keys(cases).length} queries (@dataui/crud-request ${version}) to ${out}`);
