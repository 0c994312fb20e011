import { describe, expect, it } from 'vitest';
import { readSeries } from '../api/sampleValues';
import { splitByFraction, summarize } from './series';

const info = (body: unknown) => ({ series: readSeries('p-p', body), name: 'Phosphorus', unit: 'mg/L' });

describe('a series summed up', () => {
  it('counts results without a number, leaves them out of min and max, and says which are not drawn', () => {
    const s = summarize(info({ data: [
      { time: '2020-01-01T10:00:00Z', value: 12 },
      { time: '2020-01-02T10:00:00Z', value: null, detectionCondition: 'Not Detected' },
      { time: '2020-01-03T10:00:00Z', value: null, detectionCondition: 'Not Detected', detectionLimit: '0.5' },
      { time: '2020-01-04T10:00:00Z', value: 14 },
    ] }));
    expect(s).toMatchObject({ points: 4, noNumber: 2, notDrawn: 1, min: 12, max: 14, latest: 14, flagged: 2 });
  });

  it('says what the latest result was when it has no number, rather than a value', () => {
    const s = summarize(info({ data: [
      { time: '2020-01-01T10:00:00Z', value: 12 },
      { time: '2020-01-02T10:00:00Z', value: null, detectionCondition: 'Not Detected', detectionLimit: '0.5' },
    ] }));
    expect(s.latest).toBeNull();
    expect(s.latestNote).toBe('Not Detected; DL 0.5');
  });
});

describe("a parameter's sample fractions", () => {
  const body = { data: [
    { time: '2020-01-01T10:00:00Z', value: 0.01, sampleFraction: 'Dissolved', activityId: 'a1' },
    { time: '2020-01-01T10:00:00Z', value: 0.2, sampleFraction: 'Total', activityId: 'a1' },
    { time: '2020-02-01T10:00:00Z', value: null, sampleFraction: 'Dissolved', detectionCondition: 'Not Detected' },
    { time: '2020-02-01T10:00:00Z', value: 0.3, sampleFraction: 'Total', activityId: 'a2' },
  ] };
  const named = (name: string, fraction: string) => `${name} (${fraction})`;

  it('are drawn and summed up apart, each with its own values, flags and counts', () => {
    const [dissolved, total] = splitByFraction(info(body), named);
    expect([dissolved!.name, total!.name]).toEqual(['Phosphorus (Dissolved)', 'Phosphorus (Total)']);
    expect(Array.from(total!.series.value)).toEqual([0.2, 0.3]);
    expect(summarize(dissolved!)).toMatchObject({ key: 'p-p#Dissolved', points: 2, noNumber: 1, min: 0.01, max: 0.01, flagged: 1 });
    expect(summarize(total!)).toMatchObject({ key: 'p-p#Total', points: 2, noNumber: 0, min: 0.2, max: 0.3, latest: 0.3, flagged: 0 });
    expect(dissolved!.series.flags.get(1)).toBe('Not Detected');
  });

  it('leave a series of one fraction (or none) as it is', () => {
    const one = info({ data: body.data.filter((row) => row.sampleFraction === 'Total') });
    expect(splitByFraction(one, named)).toEqual([one]);
    const none = info({ data: [{ time: '2020-01-01T10:00:00Z', value: 1 }] });
    expect(splitByFraction(none, named)).toEqual([none]);
  });
});
