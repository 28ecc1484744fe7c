import { describe, expect, it } from 'vitest';
import { formatAgo, formatDay, formatDayTime, formatTimestamp } from './dates';

describe('dates as the screens show them', () => {
  const at = new Date(2026, 10, 5, 9, 7, 3); // local time, as the screens show it

  it('shows a day as "MMM d, yyyy", with the time when asked', () => {
    expect(formatDay(at)).toBe('Nov 5, 2026');
    expect(formatDay(at.toISOString())).toBe('Nov 5, 2026');
    expect(formatDayTime(at)).toBe('Nov 5, 2026, 09:07');
    expect(formatDayTime(at, { seconds: true })).toBe('Nov 5, 2026, 09:07:03');
  });

  it('shows the audit log its sortable timestamp', () => {
    expect(formatTimestamp(at)).toBe('2026-11-05 09:07:03');
  });

  it('says how long ago in the largest whole unit', () => {
    const now = at.getTime();
    expect(formatAgo(new Date(now - 20_000), now)).toBe('now');
    expect(formatAgo(new Date(now - 5 * 60_000), now)).toBe('5 minutes ago');
    expect(formatAgo(new Date(now - 3 * 3_600_000), now)).toBe('3 hours ago');
    expect(formatAgo(new Date(now - 86_400_000), now)).toBe('yesterday');
  });

  it('leaves a text that is no date as it came', () => {
    expect(formatDay('not a date')).toBe('not a date');
    expect(formatAgo('soon')).toBe('soon');
  });
});
