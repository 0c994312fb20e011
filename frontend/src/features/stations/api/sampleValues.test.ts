import { describe, expect, it, vi } from 'vitest';
import { setApiBase } from '../../../api/client';
import { fetchValuesCsv, isoTime, readSeries, writtenDate } from './sampleValues';

describe('sample values', () => {
  it('reads the object form: times in ms, unit, flags from detection condition, qualifier and limit', () => {
    const s = readSeries('p', {
      unit: 'mg/L',
      data: [
        { time: '2020-01-02T00:00:00Z', value: 1.5 },
        { time: '2020-01-01T00:00:00Z', value: null, detectionCondition: 'Not Detected', detectionLimit: '0.1' },
      ],
    });
    expect(Array.from(s.time)).toEqual([Date.parse('2020-01-01T00:00:00Z'), Date.parse('2020-01-02T00:00:00Z')]);
    expect(s.value[0]).toBe(0.1);
    expect(s.flags.get(0)).toBe('Not Detected; DL 0.1');
    expect(s.unit).toBe('mg/L');
  });

  it("dates each value as written in its own zone (23:40 EDT stays that day), kept with it when sorted", () => {
    const offsets = new Map([['EDT', -4], ['CST', -6], ['UTC', 0]]);
    const s = readSeries('p', { data: [
      { time: '2024-07-16T03:40:00Z', value: 2, timeZone: 'EDT' },
      { time: '2024-07-16T01:00:00Z', value: 1, timeZone: 'CST' },
      { time: '2024-07-16T05:00:00Z', value: 3, timeZone: 'UTC' },
      { time: '2024-07-16T06:00:00Z', value: 4 },
    ] }, offsets);
    expect(Array.from(s.value)).toEqual([1, 2, 3, 4]);
    expect([0, 1, 2, 3].map((i) => writtenDate(s, i))).toEqual(['2024-07-15', '2024-07-15', '2024-07-16', '2024-07-16']);
    expect(isoTime(s, 1)).toBe('2024-07-16T03:40:00.000Z');
  });

  it('labels each time with the zone it was written in: UTC for a time without one, or in a zone not listed', () => {
    const offsets = new Map([['CST', -6], ['CDT', -5]]);
    const s = readSeries('p', { data: [
      { time: '2012-01-01T05:30:00Z', value: 1, timeZone: 'CST' },
      { time: '2012-01-02T05:30:00Z', value: 2 },
      { time: '2012-01-03T05:30:00Z', value: 3, timeZone: 'XYZ' },
      { time: '2012-01-04T05:30:00Z', value: 4, timeZone: 'UTC' },
    ] }, offsets);
    expect(s.zone).toEqual(['CST', 'UTC', 'UTC', 'UTC']);
    expect(Array.from(s.zoneOffset!)).toEqual([-6 * 3_600_000, 0, 0, 0]);
  });

  it('reads a zone written as an offset from UTC (a place WQX has no code for: China is UTC+08:00)', () => {
    const offsets = new Map([['CST', -6]]);
    const s = readSeries('p', { data: [
      { time: '2026-03-04T17:30:00Z', value: 1, timeZone: 'UTC+08:00' },
      { time: '2026-03-05T14:30:00Z', value: 2, timeZone: 'UTC+05:30' },
      { time: '2026-03-06T12:00:00Z', value: 3, timeZone: 'UTC-03:30' },
    ] }, offsets);
    expect(s.zone).toEqual(['UTC+08:00', 'UTC+05:30', 'UTC-03:30']);
    expect(Array.from(s.zoneOffset!)).toEqual([8 * 3_600_000, 5.5 * 3_600_000, -3.5 * 3_600_000]);
    // 01:30 on Mar 5 in China, 20:00 on Mar 5 in India, 08:30 on Mar 6 in Newfoundland.
    expect([0, 1, 2].map((i) => writtenDate(s, i))).toEqual(['2026-03-05', '2026-03-05', '2026-03-06']);
  });

  it("knows a value given with a date alone: by the API's dateOnly (stored as do), or by a date without a time", () => {
    const offsets = new Map([['CDT', -5]]);
    const s = readSeries('p', { data: [
      { time: '2011-07-06T05:00:00Z', value: 1, timeZone: 'CDT', dateOnly: '1' }, // as the API answers it
      { time: '2011-07-07T00:00:00Z', value: 2 }, // a sample taken at midnight sharp keeps its time
      { time: '2011-07-08', value: 3 },
      { time: '2011-07-09T14:20:00Z', value: 4, dateOnly: true },
      { time: '2011-07-10T00:00:00Z', value: 5, dateOnly: false },
      { time: '2011-07-11T14:20:00Z', value: 6, timeZone: 'CDT' },
    ] }, offsets);
    expect(Array.from(s.dateOnly!)).toEqual([1, 0, 1, 1, 0, 0]);
  });

  it('keeps which results have no number (not detected), and their fractions, with them when sorted', () => {
    const s = readSeries('p', { data: [
      { time: '2020-01-03T10:00:00Z', value: 0.02, sampleFraction: 'Total' },
      { time: '2020-01-02T10:00:00Z', value: null, detectionCondition: 'Not Detected', sampleFraction: 'Dissolved' },
      { time: '2020-01-01T10:00:00Z', value: 0.01, sampleFraction: 'Dissolved' },
    ] });
    expect(Array.from(s.value)).toEqual([0.01, NaN, 0.02]);
    expect([...s.noNumber!]).toEqual([1]);
    expect(s.fraction).toEqual(['Dissolved', 'Dissolved', 'Total']);
    expect(s.flags.get(1)).toBe('Not Detected');
    expect(s.dateOnly).toBeUndefined();
  });

  it('reads the columns form', () => {
    const s = readSeries('p', { columns: { time: ['2020-01-01T00:00:00Z', '2020-01-02T00:00:00Z'], value: [1, 2] } });
    expect(Array.from(s.value)).toEqual([1, 2]);
    expect(isoTime(s, 1)).toBe('2020-01-02T00:00:00.000Z');
  });

  it("fetches the server's CSV export: the station, each parameter, the range's ends only when chosen, as text/csv", async () => {
    setApiBase(undefined);
    const asked: { url: string; accept: string | null }[] = [];
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      asked.push({ url: String(input), accept: new Headers(init?.headers).get('Accept') });
      return new Response('ActivityStartDate,ResultMeasureValue\r\n2020-01-01,ND\r\n', { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
    }));
    expect(await fetchValuesCsv('s 1', ['p-ph', 'p&temp'], { from: '2020-01-01', to: '2020-06-30' })).toBe('ActivityStartDate,ResultMeasureValue\r\n2020-01-01,ND\r\n');
    await fetchValuesCsv('s1', ['p-ph'], { from: '', to: '2020-06-30' });
    await fetchValuesCsv('s1', ['p-ph'], {});
    expect(asked).toEqual([
      { url: '/api/v1/sampleValue?stationId=s+1&parameterId=p-ph&parameterId=p%26temp&from=2020-01-01&to=2020-06-30', accept: 'text/csv' },
      { url: '/api/v1/sampleValue?stationId=s1&parameterId=p-ph&to=2020-06-30', accept: 'text/csv' },
      { url: '/api/v1/sampleValue?stationId=s1&parameterId=p-ph', accept: 'text/csv' },
    ]);
  });
});
