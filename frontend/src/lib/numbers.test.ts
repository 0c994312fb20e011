import { describe, expect, it } from 'vitest';
import { formatTick, formatValue } from './numbers';

describe('measured values as the interface writes them', () => {
  it('keeps up to 6 significant digits, never rounds a small value to 0, and groups as the language does', () => {
    expect(formatValue(0.000123456789, 'en')).toBe('0.000123457');
    expect(formatValue(0.0015, 'en')).toBe('0.0015');
    expect(formatValue(12345.6789, 'en')).toBe('12,345.7');
    expect(formatValue(6.43, 'en')).toBe('6.43');
    expect(formatValue(-0.5, 'en')).toBe('-0.5');
    expect(formatValue(0, 'en')).toBe('0');
    expect(formatValue(12345.6789, 'zh-CN')).toBe('12,345.7');
  });

  it("keeps every digit of a large value's whole part", () => {
    expect(formatValue(1234567.89, 'en')).toBe('1,234,568');
  });

  it('writes nothing for no number', () => {
    expect([NaN, null, undefined, Infinity].map((v) => formatValue(v, 'en'))).toEqual(['', '', '', '']);
  });
});

describe("a value axis's ticks", () => {
  it('have the decimals their step needs, tiny ones too (no "0" ticks, no scientific notation)', () => {
    expect([0.0001, 0.00012, 0.00014].map((v) => formatTick(v, 0.00014 - 0.00012, 'en'))).toEqual(['0.00010', '0.00012', '0.00014']);
    expect(formatTick(0.00000025, 0.00000005, 'en')).toBe('0.00000025');
    expect([0, 2000, 12000].map((v) => formatTick(v, 2000, 'en'))).toEqual(['0', '2,000', '12,000']);
    expect(formatTick(7.5, 0.5, 'zh-CN')).toBe('7.5');
  });
});
