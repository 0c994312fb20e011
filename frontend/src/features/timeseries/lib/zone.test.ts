import { describe, expect, it } from 'vitest';
import { shownZone } from './zone';

describe('the zone logger times are shown in (the browser’s)', () => {
  it('is named by its short code at those times, both of a change of season', () => {
    expect(shownZone(['2024-01-01T06:00:00Z'], 'America/Chicago')).toBe('CST');
    expect(shownZone(['2024-07-01T05:00:00Z'], 'America/New_York')).toBe('EDT');
    expect(shownZone(['2024-01-01T06:00:00Z', '2024-07-01T05:00:00Z', '2024-02-01T06:00:00Z'], 'America/Chicago')).toBe('CST/CDT');
  });

  it('is an offset where the zone has no English code, UTC as such', () => {
    expect(shownZone(['2024-07-01T05:00:00Z'], 'Asia/Shanghai')).toBe('GMT+8');
    expect(shownZone(['2024-07-01T05:00:00Z'], 'UTC')).toBe('UTC');
  });

  it('is nothing without a time', () => {
    expect(shownZone([null, undefined, '', 'not a time'], 'America/Chicago')).toBe('');
  });
});
