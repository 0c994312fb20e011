import { afterEach, describe, expect, it, vi } from 'vitest';
import { setApiBase } from '../../../api/client';
import { explorerApi, fakeApi, phSummary, phValues, statisticColumns, statisticMap, statisticObjects } from '../fixtures';
import { decodeStatistic, getStatistic, getStationPoints, PAGE_REQUESTS_AT_ONCE } from './statistic';

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

describe('the map answer in pages', () => {
  afterEach(() => vi.unstubAllGlobals());

  // Eight stations as the server encodes them: rows and quantised coordinates, delta-coded from zero per answer.
  const rows = [0, 2, 3, 5, 8, 9, 12, 13];
  const lat = [401000, 402000, 399000, 410000, 405000, 400500, 398000, 420000];
  const lng = [-1052000, -1050000, -1049000, -1061000, -1045000, -1040000, -1070000, -1030000];
  const counts = [10, 20, 30, 40, 50, 60, 70, 80];
  const values = [7.4, null, 8.25, 6.5, null, 7, 9.1, null];
  const deltas = (xs: number[]) => xs.map((x, i) => x - (i ? xs[i - 1] : 0));
  const totals = { stations: 8, samples: 360, organizations: 1, parameters: 1, parameterIds: ['p-ph'], counties: { '08031': 8 },
    value: { parameterId: 'p-ph', stations: 5, min: 6.5, max: 9.1, unit: 'std units', units: ['std units'] } };

  /** POST /statistic answering pages of `pageSize` (the first with the totals); `snapshots` names the snapshot
   * version of each answer in turn (the last one thereafter). */
  function pagedServer(pageSize: number, snapshots: number[] = [7]) {
    let answered = 0;
    let inFlight = 0;
    const seen = { maxInFlight: 0 };
    const api = fakeApi({
      'POST /statistic': (_url: URL, init: RequestInit | undefined) => {
        const body = JSON.parse(String(init?.body));
        const offset = body.offset ?? 0;
        const page = (xs: (number | null)[]) => xs.slice(offset, offset + pageSize);
        const snapshot = snapshots[Math.min(answered++, snapshots.length - 1)];
        return {
          snapshot, total: 8, offset, limit: pageSize, format: 'columns', precision: 4, encoding: 'delta',
          ...(offset === 0 ? { totals } : {}),
          columns: { row: deltas(page(rows) as number[]), lat: deltas(page(lat) as number[]), lng: deltas(page(lng) as number[]),
            sampleCount: page(counts), stationType: page(rows.map((r) => r % 2)), value: page(values) },
          dictionaries: { stationType: ['Lake', 'River/Stream'] },
        };
      },
    });
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      inFlight++;
      seen.maxInFlight = Math.max(seen.maxInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 1));
      try {
        return await api.fetch(input, init);
      } finally {
        inFlight--;
      }
    });
    vi.stubGlobal('fetch', fetch);
    return { calls: api.calls, seen };
  }

  const query = { organizationIds: ['o'], colorBy: 'p-ph', format: 'columns' as const };

  it('joins the pages into the set one answer gives, asking a few at a time after the first', async () => {
    setApiBase(undefined);
    pagedServer(8);
    const whole = await getStationPoints(query);
    expect(whole.row).toEqual(rows);
    const server = pagedServer(1);
    const joined = await getStationPoints(query);
    expect(server.calls.map((c) => (c.body as { offset?: number }).offset)).toEqual([undefined, 1, 2, 3, 4, 5, 6, 7]);
    expect(server.seen.maxInFlight).toBe(PAGE_REQUESTS_AT_ONCE);
    expect(joined).toEqual(whole);
    expect(joined.length).toBe(8);
    expect(joined.value).toEqual(values);
    expect(joined.latitude.map((v) => +v.toFixed(4))).toEqual(lat.map((v) => v / 1e4));
    expect(joined.sampleCount).toEqual(counts);
    expect(joined.stationType).toEqual(rows.map((r) => ['Lake', 'River/Stream'][r % 2]));
    // The totals are the whole result's, from the first page.
    expect([joined.total, joined.totalSamples, joined.snapshot]).toEqual([8, 360, 7]);
    expect(joined.countyCounts).toEqual(new Map([['08031', 8]]));
    expect(joined.valueSummary).toMatchObject({ min: 6.5, max: 9.1, stations: 5 });
    expect(joined.parameterIds).toEqual(['p-ph']);
  });

  it('keeps a result of one page to one request', async () => {
    setApiBase(undefined);
    const server = pagedServer(100);
    const set = await getStationPoints(query);
    expect(server.calls).toHaveLength(1);
    expect(set.row).toEqual(rows);
  });

  it('starts over once from the new snapshot when it changed between pages', async () => {
    setApiBase(undefined);
    const server = pagedServer(3, [7, 7, 8, 8]);
    const set = await getStationPoints(query);
    // Pages 0, 3, 6 of snapshot 7 (6 already of 8), then all three again of snapshot 8.
    expect(server.calls.map((c) => (c.body as { offset?: number }).offset)).toEqual([undefined, 3, 6, undefined, 3, 6]);
    expect(set.snapshot).toBe(8);
    expect(set.row).toEqual(rows);
  });

  it('is an error to try again when the snapshot changes again', async () => {
    setApiBase(undefined);
    const server = pagedServer(4, [7, 8, 9, 10]);
    await expect(getStationPoints(query)).rejects.toThrow('The station data changed twice while the map was loading');
    expect(server.calls).toHaveLength(4);
  });
});
