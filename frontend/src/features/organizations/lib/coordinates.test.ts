import { describe, expect, it } from 'vitest';
import { readCoordinate, withDecimalPoint } from './coordinates';

describe('reading a typed coordinate', () => {
  it('refuses a decimal comma rather than reading another number ("120,1551" is not 1201551)', () => {
    expect(readCoordinate('120,1551')).toEqual({ problem: 'comma' });
    expect(readCoordinate('1,201,551')).toEqual({ problem: 'comma' });
    expect(withDecimalPoint('120,1551')).toBe('120.1551');
    expect(withDecimalPoint('1,201,551')).toBeNull();
  });

  it('reads decimal degrees with a point, full-width digits of a Chinese input method and a typographic minus', () => {
    expect(readCoordinate(' 30.2741 ')).toEqual({ value: 30.2741 });
    expect(readCoordinate('１２０．１５５１')).toEqual({ value: 120.1551 });
    expect(readCoordinate('−75.5')).toEqual({ value: -75.5 });
    expect(readCoordinate('-.5')).toEqual({ value: -0.5 });
  });

  it('takes nothing else for a number (no hexadecimal, exponent, or digits run together across a space)', () => {
    for (const typed of ['0x10', '1e2', '120 1551', '120.15.51', 'N30', '']) expect(readCoordinate(typed)).toHaveProperty('problem');
  });
});
