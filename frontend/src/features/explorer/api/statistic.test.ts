import { afterEach, describe, expect, it, vi } from 'vitest';
import { setApiBase } from '../../../api/client';
import { explorerApi, fakeApi, phSummary, phValues, statisticColumns, statisticMap, statisticObjects } from '../fixtures';
import { decodeStatistic, getStatistic } from './statistic';

describe('statistic response', () => {
  it('reads the compact columnar encoding with dictionary-encoded columns and totals', () => {
    const set = decodeStatistic(statisticColumns);
    expect(set.length).toBe(3);
    expect(set.name).toEqual(['Bear Creek', 'Alder Lake', 'Cedar River']);
    expect(set.stationType).toEqual(['River/Stream', 'Lake', 'River/Stream']);
    expect(set.latitude[1]).toBe(41.2);
    expect(set.total).toBe(3);
    expect(set.totalSamples).toBe(1234);
    expect(set.value).toBeUndefined();
  });

  it('reads the row encoding with meta objects, and dates cut to the day', () => {
    const set = decodeStatistic({
      stations: [
        { id: 'a', identifier: 'X-1', name: 'A', lat: 1, lng: 2, stationType: 'Lake', meta: { sampleCount: 5, firstDate: '2020-01-01T00:00:00Z', lastDate: '2021-02-03' } },
        { id: 'b', identifier: 'X-2', name: 'B', lat: 3, lng: 4, stationType: 'Well' },
      ],
    });
    expect(set.id).toEqual(['a', 'b']);
    expect(set.longitude).toEqual([2, 4]);
    expect(set.sampleCount).toEqual([5, 0]);
    expect(set.firstDate).toEqual(['2020-01-01', '']);
    expect(set.total).toBe(2);
    expect(set.totalSamples).toBe(5);
  });

  it('reads the delta-coded map answer: rows, quantised coordinates, type codes into the dictionary', () => {
    const set = decodeStatistic({
      snapshot: 7, total: 3, totals: { stations: 3, samples: 60 }, format: 'columns', precision: 4, encoding: 'delta',
      columns: { row: [2, 3, 10], lat: [401000, 11000, -13000], lng: [-1052000, 3000, -12000], sampleCount: [10, 20, 30], stationType: [1, 0, 1] },
      dictionaries: { stationType: ['Lake', 'River/Stream'] },
    });
    expect(set.row).toEqual([2, 5, 15]);
    expect(set.snapshot).toBe(7);
    expect(set.latitude.map((v) => +v.toFixed(4))).toEqual([40.1, 41.2, 39.9]);
    expect(set.longitude.map((v) => +v.toFixed(4))).toEqual([-105.2, -104.9, -106.1]);
    expect(set.stationType).toEqual(['River/Stream', 'Lake', 'River/Stream']);
    expect(set.sampleCount).toEqual([10, 20, 30]);
    expect(set.totalSamples).toBe(60);
    // No texts per point: a point's station is looked up by its row (stationsAt).
    expect(set.id).toEqual([]);
    expect(set.name).toEqual([]);
  });

  it('reads the colorBy value column of the map answer (aligned, null where none) with its unit and range', () => {
    const set = decodeStatistic({ ...statisticMap, totals: { ...statisticMap.totals, value: phSummary }, columns: { ...statisticMap.columns, value: phValues } });
    expect(set.value).toEqual([7.4, 8.25, null]);
    expect(set.row).toEqual([0, 1, 2]);
    expect(set.valueSummary).toEqual({ parameterId: 'p-ph', stations: 2, min: 7.4, max: 8.25, unit: 'std units', units: ['std units'] });
    expect(set.parameterIds).toEqual(['p-ph', 'p-temp']);
    // No colorBy: neither values nor a summary.
    const plain = decodeStatistic(statisticMap);
    expect(plain.value).toBeUndefined();
    expect(plain.valueSummary).toBeUndefined();
  });

  it('reads meta.latestValue of the object answer, and a summary without values', () => {
    const set = decodeStatistic({
      ...statisticObjects,
      totals: { ...statisticObjects.totals, value: { parameterId: 'p-x', stations: 0, min: null, max: null, unit: null, units: [] } },
      stations: statisticObjects.stations.map((s, i) => ({ ...s, meta: { ...s.meta, latestValue: [0.005, null, -2][i] } })),
    });
    expect(set.value).toEqual([0.005, null, -2]);
    expect(set.valueSummary).toEqual({ parameterId: 'p-x', stations: 0, min: null, max: null, unit: null, units: [] });
  });

  it('reads an empty answer as no stations', () => {
    expect(decodeStatistic(undefined).length).toBe(0);
    expect(decodeStatistic({ total: 0, columns: { id: [] } }).total).toBe(0);
  });
});

describe('POST /statistic with colorBy', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends colorBy and reads the values, unit and range the server answers', async () => {
    setApiBase(undefined);
    const api = fakeApi(explorerApi());
    vi.stubGlobal('fetch', vi.fn(api.fetch));
    const set = await getStatistic({ organizationIds: ['o'], colorBy: 'p-ph', format: 'columns' });
    expect(api.calls.map((c) => [c.method, c.url.pathname, c.body])).toEqual([
      ['POST', '/api/v1/statistic', { organizationIds: ['o'], colorBy: 'p-ph', format: 'columns' }],
    ]);
    expect(set.value).toEqual([7.4, 8.25, null]);
    expect(set.valueSummary).toMatchObject({ min: 7.4, max: 8.25, unit: 'std units' });
    const page = await getStatistic({ colorBy: 'p-ph', format: 'objects' });
    expect(page.value).toEqual([7.4, 8.25, null]);
    expect(page.name).toEqual(['Bear Creek', 'Alder Lake', 'Cedar River']);
  });
});
