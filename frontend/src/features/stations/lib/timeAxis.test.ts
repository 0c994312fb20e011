import { describe, expect, it } from 'vitest';
import { axisTimeFormat, pointTimeFormat } from './timeAxis';

const at = (iso: string) => new Date(iso);
const HOUR = 3_600_000;

describe('the time axis', () => {
  it('writes hours for a span of hours, so ticks of one morning differ', () => {
    const format = axisTimeFormat(2 * HOUR, 'en');
    const ticks = ['2024-05-01T10:00:00', '2024-05-01T11:00:00', '2024-05-01T12:00:00'].map((t) => format.format(at(t)));
    expect(new Set(ticks).size).toBe(3);
    expect(ticks[0]).toMatch(/May 1.*10:00/);
    expect(axisTimeFormat(2 * HOUR, 'zh-CN').format(at('2024-05-01T10:00:00'))).toMatch(/5月1日.*10:00/);
  });

  it('writes day and month within a quarter, and the year beyond', () => {
    expect(axisTimeFormat(30 * 24 * HOUR, 'en').format(at('2024-05-01T10:00:00'))).toBe('May 1');
    expect(axisTimeFormat(400 * 24 * HOUR, 'en').format(at('2024-05-01T10:00:00'))).toBe('May 1, 2024');
  });

  it("gives a value's time in the tooltip when the axis spans less than a quarter", () => {
    expect(pointTimeFormat(2 * HOUR, 'en').format(at('2024-05-01T10:00:00'))).toMatch(/May 1, 2024.*10:00/);
    expect(pointTimeFormat(400 * 24 * HOUR, 'en').format(at('2024-05-01T10:00:00'))).toBe('May 1, 2024');
  });
});
