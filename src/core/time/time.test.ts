import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { isDateOnly, localMonth, parseEndBound, parseLocalDateTime, toLocalIso } from './index';

describe('time', () => {
  it('formats like luxon with the local offset, across DST changes and odd offsets', () => {
    const zones = [
      'Asia/Shanghai',
      'America/New_York',
      'Europe/London',
      'Asia/Kathmandu',
      'Australia/Lord_Howe',
      'UTC',
    ];
    const start = Date.parse('2025-12-31T00:00:00Z');
    for (const zone of zones) {
      // Every 97 minutes for a year hits both DST edges of every zone above.
      for (let ms = start; ms < start + 366 * 86_400_000; ms += 97 * 60_000) {
        const expected = DateTime.fromMillis(ms, { zone }).toFormat("yyyy-LL-dd'T'HH:mm:ssZZ");
        if (toLocalIso(ms, zone) !== expected)
          expect(`${zone} ${ms} ${toLocalIso(ms, zone)}`).toBe(expected);
      }
    }
    expect(toLocalIso(Date.parse('2026-04-06T04:30:00Z'), 'UTC')).toBe('2026-04-06T04:30:00+00:00');
  });

  it('reads local wall time in the zone, offsets as instants, and date-only ends as the next midnight', () => {
    const z = 'America/New_York';
    expect(parseLocalDateTime('2026/3/8 9:05', z)).toBe(Date.parse('2026-03-08T13:05:00Z'));
    expect(parseLocalDateTime('2026-03-08T09:05:00+08:00', z)).toBe(
      Date.parse('2026-03-08T01:05:00Z'),
    );
    expect(parseLocalDateTime('', z)).toBeNull();
    // The 2026-03-08 local day is 23 hours long.
    expect(parseEndBound('2026-03-08', z)! - parseLocalDateTime('2026-03-08', z)!).toBe(
      23 * 3_600_000,
    );
    expect(parseEndBound('2026-03-08 12:00', z)).toBe(Date.parse('2026-03-08T16:00:00Z'));
    expect(isDateOnly(' 2026-03-08 ')).toBe(true);
    expect(localMonth(Date.parse('2026-04-30T16:30:00Z'), 'Asia/Shanghai')).toBe('2026-05');
    expect(() => parseLocalDateTime('2026-02-30', z)).toThrow(/无法解析/);
  });
});
