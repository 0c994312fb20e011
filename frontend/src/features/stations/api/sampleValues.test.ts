import { describe, expect, it } from 'vitest';
import { isoTime, readSeries } from './sampleValues';

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

  it('reads the columns form', () => {
    const s = readSeries('p', { columns: { time: ['2020-01-01T00:00:00Z', '2020-01-02T00:00:00Z'], value: [1, 2] } });
    expect(Array.from(s.value)).toEqual([1, 2]);
    expect(isoTime(s, 1)).toBe('2020-01-02T00:00:00.000Z');
  });
});
