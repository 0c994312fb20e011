import { describe, expect, it } from 'vitest';
import { axisExtent, EDGE_MARGIN, axisTimeFormat, calendarTicks, pointTimeFormat, tickCount, tickLabel, writtenZone, zonesWritten } from './timeAxis';

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

describe('calendar ticks of the time axis', () => {
  const local = (...parts: number[]) => new Date(parts[0], parts[1] - 1, parts[2] ?? 1, parts[3] ?? 0, parts[4] ?? 0).getTime();
  const written = (min: number, max: number, most: number, language = 'en') => {
    const { unit, ticks } = calendarTicks(min, max, most);
    return ticks.map((tick, i) => tickLabel(tick, unit, i > 0 ? ticks[i - 1] : undefined, language));
  };

  it('fall on the first of a year, a month, a Monday, midnight or the hour, for the span, at most as many as asked', () => {
    expect(calendarTicks(local(2020, 1, 15), local(2020, 12, 20), 8)).toEqual({
      unit: 'month',
      ticks: [local(2020, 3), local(2020, 5), local(2020, 7), local(2020, 9), local(2020, 11)],
    });
    const weeks = calendarTicks(local(2024, 5, 1), local(2024, 6, 15), 8);
    expect(weeks.unit).toBe('week');
    expect(weeks.ticks.map((t) => new Date(t).getDay())).toEqual(weeks.ticks.map(() => 1));
    expect(calendarTicks(local(2024, 5, 1, 9, 30), local(2024, 5, 1, 17, 10), 8)).toEqual({
      unit: 'hour',
      ticks: [10, 11, 12, 13, 14, 15, 16, 17].map((h) => local(2024, 5, 1, h)),
    });
    expect(calendarTicks(local(1990, 3, 1), local(2025, 3, 1), 8).ticks.map((t) => new Date(t).getFullYear())).toEqual([1995, 2000, 2005, 2010, 2015, 2020, 2025]);
  });

  it('write the year (or the day) where it changes and at the first tick, in both languages', () => {
    expect(written(local(2020, 10, 20), local(2021, 6, 20), 8)).toEqual(['Nov 2020', 'Dec', 'Jan 2021', 'Feb', 'Mar', 'Apr', 'May', 'Jun']);
    expect(written(local(2024, 5, 1, 21, 30), local(2024, 5, 2, 3, 10), 8)).toEqual(['May 1, 10:00 PM', '11:00 PM', 'May 2, 12:00 AM', '1:00 AM', '2:00 AM', '3:00 AM']);
    expect(written(local(2024, 5, 1, 21, 30), local(2024, 5, 2, 1, 10), 8, 'zh-CN')).toEqual(['5月1日 21:30', '22:00', '22:30', '23:00', '23:30', '5月2日 0:00', '0:30', '1:00']);
    expect(written(local(2017, 6, 5), local(2025, 3, 24), 8, 'zh-CN')).toEqual(['2018年', '2019年', '2020年', '2021年', '2022年', '2023年', '2024年', '2025年']);
  });

  it('are as many as the width holds: fewer on a phone', () => {
    expect(tickCount(740)).toBe(8);
    expect(tickCount(300)).toBe(4);
    expect(tickCount(100)).toBe(2);
  });

  it('span the values with a margin for their points, or the chosen days when a range is chosen; a lone value gets a day around it', () => {
    const times = [Float64Array.of(local(2020, 3, 2, 10), local(2020, 4, 1, 10)), Float64Array.of(local(2020, 3, 5))];
    const margin = (local(2020, 4, 1, 10) - local(2020, 3, 2, 10)) * EDGE_MARGIN;
    expect(margin).toBeGreaterThan(10 * 3600_000);
    expect(axisExtent(times)).toEqual({ min: local(2020, 3, 2, 10) - margin, max: local(2020, 4, 1, 10) + margin });
    expect(axisExtent(times, '2020-01-01', '2020-12-31')).toEqual({ min: local(2020, 1, 1), max: local(2021, 1, 1) - 1 });
    expect(axisExtent(times, '2020-03-10', '')).toEqual({ min: local(2020, 3, 2, 10) - margin, max: local(2020, 4, 1, 10) + margin });
    expect(axisExtent(times, undefined, undefined, 0)).toEqual({ min: local(2020, 3, 2, 10), max: local(2020, 4, 1, 10) });
    expect(axisExtent([new Float64Array(0)], '2020-01-01', '2020-01-31')).toEqual({ min: local(2020, 1, 1), max: local(2020, 2, 1) - 1 });
    expect(axisExtent([Float64Array.of(local(2020, 3, 2, 12))])).toEqual({ min: local(2020, 3, 2), max: local(2020, 3, 3) });
    expect(axisExtent([new Float64Array(0)])).toBeUndefined();
  });
});

describe('the zone a chart writes its time axis in', () => {
  const H = 3_600_000;
  const times = (n: number) => Float64Array.from({ length: n }, (_, i) => i * H);

  it("is the zone most values were written in (a summer's CDT over a spring's CST), a time without one counting as UTC", () => {
    const summer = { time: times(3), zoneOffset: Float64Array.from([-5 * H, -5 * H, -6 * H]), zone: ['CDT', 'CDT', 'CST'] };
    const other = { time: times(1), zoneOffset: Float64Array.from([-6 * H]), zone: ['CST'] };
    expect(writtenZone([summer])).toEqual({ offset: -5 * H, code: 'CDT' });
    expect(writtenZone([summer, other, { time: times(2), zone: ['CST', 'CST'], zoneOffset: Float64Array.from([-6 * H, -6 * H]) }])).toEqual({ offset: -6 * H, code: 'CST' });
    expect(writtenZone([{ time: times(2), zone: ['UTC', 'UTC'] }])).toEqual({ offset: 0, code: 'UTC' });
  });

  it('is UTC for sampled values written without a zone (their tooltips say UTC)', () => {
    expect(writtenZone([{ time: times(3), asWritten: true }])).toEqual({ offset: 0, code: 'UTC' });
    expect(writtenZone([{ time: times(3), asWritten: true }, { time: times(1), zoneOffset: Float64Array.from([-5 * H]), zone: ['CDT'] }])).toEqual({ offset: 0, code: 'UTC' });
  });

  it("lists every zone the values were written in, in the order of their first values, and says when they are one place's clock", () => {
    const written = (zone: string[], offsets: number[]) => ({ time: times(zone.length), zone, zoneOffset: Float64Array.from(offsets, (h) => h * H) });
    expect(zonesWritten([written(['CDT', 'CDT'], [-5, -5])])).toEqual({ codes: ['CDT'], onePlace: true });
    // A place's standard and daylight time (CST, CDT an hour ahead), whichever comes first.
    expect(zonesWritten([written(['CDT', 'CST', 'CST'], [-5, -6, -6])])).toEqual({ codes: ['CDT', 'CST'], onePlace: true });
    expect(zonesWritten([written(['AKST'], [-9]), { ...written(['AKDT'], [-8]), time: Float64Array.of(5 * H) }])).toEqual({ codes: ['AKST', 'AKDT'], onePlace: true });
    // Two places' clocks, or a time without a zone (UTC) among them: each value's own.
    expect(zonesWritten([written(['CST', 'EDT'], [-6, -4])])).toEqual({ codes: ['CST', 'EDT'], onePlace: false });
    expect(zonesWritten([written(['CDT', 'UTC'], [-5, 0])])).toEqual({ codes: ['CDT', 'UTC'], onePlace: false });
    expect(zonesWritten([written(['CDT', 'CST', 'UTC'], [-5, -6, 0])])).toEqual({ codes: ['CDT', 'CST', 'UTC'], onePlace: false });
    expect(zonesWritten([{ time: times(2), asWritten: true }])).toEqual({ codes: ['UTC'], onePlace: true });
    expect(zonesWritten([{ time: times(2) }])).toEqual({ codes: [], onePlace: false });
  });

  it("is none (the browser's) when no series says how its times were written", () => {
    expect(writtenZone([{ time: times(5) }])).toBeUndefined();
    expect(writtenZone([])).toBeUndefined();
  });

  it('puts ticks and chosen days on its midnights, and writes them as its clock reads', () => {
    const cdt = -5 * H;
    const { unit, ticks } = calendarTicks(Date.UTC(2024, 4, 1, 5), Date.UTC(2024, 4, 4, 5), 4, cdt);
    expect(unit).toBe('day');
    expect(ticks).toEqual([1, 2, 3, 4].map((day) => Date.UTC(2024, 4, day, 5)));
    expect(ticks.map((tick, i) => tickLabel(tick, unit, ticks[i - 1], 'en', cdt))).toEqual(['May 1, 2024', 'May 2', 'May 3', 'May 4']);
    expect(axisExtent([], '2024-05-01', '2024-05-04', 0, cdt)).toEqual({ min: Date.UTC(2024, 4, 1, 5), max: Date.UTC(2024, 4, 5, 5) - 1 });
  });
});
