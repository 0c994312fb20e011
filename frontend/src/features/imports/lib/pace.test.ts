import { describe, expect, it } from 'vitest';
import { importLog } from '../test/fakeImportServer';
import { observe, stalledFor, STALL_MS, uploadMinutesLeft, type Pace } from './pace';

const T0 = Date.parse('2026-11-24T03:10:00.000Z');

/** The minutes said after seeing the import at each [second, rows done] (10,000 rows, started a minute before T0). */
function walk(steps: [number, number][]): (number | null)[] {
  let pace: Pace | null = null;
  return steps.map(([second, rowsDone]) => {
    pace = observe(pace, importLog({ status: 'running', rowsTotal: 10_000, rowsDone, startedAt: new Date(T0 - 60_000).toISOString() }), T0 + second * 1000);
    return pace.minutes;
  });
}

describe('the pace of an import', () => {
  it('takes the pace over the last 30 s, not since the start', () => {
    // 2,000 rows in the first minute, then 50 a second: 110 s left at 4,500 rows by the last 30 s (3 min by the average).
    expect(walk([[0, 2000], [10, 2500], [20, 3000], [30, 3500], [40, 4000], [50, 4500]])).toEqual([4, 3, 3, 3, 2, 2]);
  });

  it('goes down at most one minute an update', () => {
    expect(walk([[0, 2000], [10, 9000], [11, 9050], [12, 9100], [13, 9150]])).toEqual([4, 3, 2, 1, 1]);
  });

  it('does not jump between "less than a minute" and "about 2 min" when the estimate wavers about a minute', () => {
    // By the pace: 7 s, 90 s, 80 s, 85 s left (about a minute and a half at most): "less than a minute" stays; at
    // 103 s (clearly more) it says 2 min.
    expect(walk([[0, 9000], [10, 9100], [20, 9200], [30, 9260], [40, 9280]])).toEqual([1, 1, 1, 1, 2]);
  });

  it('is the same pace when nothing moved (a stalled import is not recomputed)', () => {
    const log = importLog({ status: 'running', rowsTotal: 10_000, rowsDone: 5000, startedAt: new Date(T0 - 60_000).toISOString() });
    const pace = observe(null, log, T0);
    expect(observe(pace, { ...log }, T0 + 100_000)).toBe(pace);
    expect(stalledFor(pace, log, T0 + STALL_MS - 1)).toBeNull();
    expect(stalledFor(pace, log, T0 + STALL_MS)).toBe(STALL_MS);
  });

  it('counts a renewed lease or a newer updatedAt as a sign of life, should the API answer them', () => {
    const log = { ...importLog({ status: 'running', rowsTotal: 10_000, rowsDone: 10_000 }), leaseUntil: 100 };
    const pace = observe(null, log, T0);
    const renewed = observe(pace, { ...log, leaseUntil: 220 }, T0 + 110_000);
    expect(renewed).not.toBe(pace);
    expect(stalledFor(renewed, log, T0 + 200_000)).toBeNull();
  });
});

describe('the time left of an upload', () => {
  const MB = 1_000_000;

  it('says nothing before its try has sent for 2 s, nor before it has sent anything, nor once every byte is sent', () => {
    const start = { at: T0, sent: 0 };
    expect(uploadMinutesLeft(null, start, MB / 10, 10 * MB, T0 + 1999)).toBeNull();
    expect(uploadMinutesLeft(null, start, 0, 10 * MB, T0 + 10_000)).toBeNull();
    expect(uploadMinutesLeft(null, start, 10 * MB, 10 * MB, T0 + 10_000)).toBeNull();
    // 0.1 MB in 2 s: 9.9 MB left at 3 MB a minute, 3.3 min.
    expect(uploadMinutesLeft(null, start, MB / 10, 10 * MB, T0 + 2000)).toBe(4);
  });

  it("takes a resumed upload's pace from what this try sent, not from the parts an earlier try left on S3", () => {
    // 6 MB held as the try began, 1 MB sent by it in a minute: 2.5 MB left, 2.5 min (7 MB a minute: less than one).
    expect(uploadMinutesLeft(null, { at: T0, sent: 6 * MB }, 7 * MB, 9.5 * MB, T0 + 60_000)).toBe(3);
  });

  it('steadies its minutes as an import\'s: down one step an update, up only once clearly past the step shown', () => {
    const start = { at: T0, sent: 0 };
    // 4.5 min left by the pace, 7 shown: 6; 7.4 min with 7 shown: still 7.
    expect(uploadMinutesLeft(7, start, MB, 5.5 * MB, T0 + 60_000)).toBe(6);
    expect(uploadMinutesLeft(7, start, MB, 8.4 * MB, T0 + 60_000)).toBe(7);
  });
});
