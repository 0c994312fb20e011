import { describe, expect, it } from 'vitest';
import { dayBound, isoSeconds } from './dates';

describe('dayBound', () => {
  it("spans a day of the browser's time zone, its last ms included", () => {
    expect(dayBound('2024-01-31')).toBe(new Date(2024, 0, 31, 0, 0, 0).getTime());
    expect(dayBound('2024-01-31', true)).toBe(new Date(2024, 1, 1, 0, 0, 0).getTime() - 1);
    expect(dayBound('2024-12-31', true)).toBe(new Date(2025, 0, 1).getTime() - 1);
  });

  it('reads no day from other texts', () => {
    expect(dayBound('')).toBeUndefined();
    expect(dayBound('31/01/2024')).toBeUndefined();
  });
});

describe('isoSeconds', () => {
  it('is the UTC time to the second, the last second of a day included', () => {
    expect(isoSeconds(Date.UTC(2024, 1, 1) - 1)).toBe('2024-01-31T23:59:59Z');
    expect(isoSeconds(Date.UTC(2024, 0, 31, 6))).toBe('2024-01-31T06:00:00Z');
  });
});
