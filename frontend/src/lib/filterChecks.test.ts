import { describe, expect, it } from 'vitest';
import { dateRangeProblems, hucProblem, isDay } from './filterChecks';

describe('filter checks', () => {
  it('take real calendar days only', () => {
    expect(isDay('2020-02-29')).toBe(true);
    expect(isDay('2021-02-29')).toBe(false);
    expect(isDay('2020-1-1')).toBe(false);
  });

  it('blame the start of an inverted range, and each end that is not a day', () => {
    expect(dateRangeProblems('2020-01-01', '2019-01-01')).toEqual({ from: 'fromAfterTo' });
    expect(dateRangeProblems('2019-01-01', '2020-01-01')).toEqual({});
    expect(dateRangeProblems('', 'soon')).toEqual({ to: 'invalidDate' });
  });

  it('take hydrologic unit codes of 2 to 12 digits, an even number of them', () => {
    expect(hucProblem('abc')).toBe('invalidHuc');
    expect(hucProblem('123')).toBe('invalidHuc');
    expect(hucProblem('01020003, 0102')).toBeUndefined();
  });
});
