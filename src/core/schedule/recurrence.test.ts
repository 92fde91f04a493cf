import { describe, expect, it } from 'vitest';
import { firstOccurrenceFrom, nextOccurrence, parseRepeat, type Repeat } from './recurrence';
import { isoInZone, parseTriggerTime, wallToInstant, parseWallText } from './wall-time';

const wall = (text: string) => parseWallText(text);
const iso = (t: number | null, zone: string) => (t === null ? null : isoInZone(t, zone));

/** The next n occurrences after `from` (inclusive), as ISO text in the zone. */
function series(rule: Repeat, anchor: string, zone: string, from: string, n: number): string[] {
  const out: string[] = [];
  let t = firstOccurrenceFrom(rule, wall(anchor), zone, wallToInstant(wall(from), zone));
  for (let i = 0; i < n && t !== null; i++) {
    out.push(iso(t, zone)!);
    t = nextOccurrence(rule, wall(anchor), zone, t);
  }
  return out;
}

describe('wall time ↔ instant (DST rule)', () => {
  it('shifts a wall time in the spring-forward gap forward by the gap, in every zone', () => {
    expect(iso(wallToInstant(wall('2026-03-29T02:30:00'), 'Europe/Berlin'), 'Europe/Berlin')).toBe(
      '2026-03-29T03:30:00+02:00',
    );
    expect(
      iso(wallToInstant(wall('2026-03-08T02:30:00'), 'America/New_York'), 'America/New_York'),
    ).toBe('2026-03-08T03:30:00-04:00');
    expect(
      iso(wallToInstant(wall('2026-10-04T02:30:00'), 'Australia/Sydney'), 'Australia/Sydney'),
    ).toBe('2026-10-04T03:30:00+11:00');
  });

  it('reads a wall time that exists twice (fall-back) as the first, earlier instant, in every zone', () => {
    expect(iso(wallToInstant(wall('2026-10-25T02:30:00'), 'Europe/Berlin'), 'Europe/Berlin')).toBe(
      '2026-10-25T02:30:00+02:00',
    );
    expect(
      iso(wallToInstant(wall('2026-11-01T01:30:00'), 'America/New_York'), 'America/New_York'),
    ).toBe('2026-11-01T01:30:00-04:00');
    expect(
      iso(wallToInstant(wall('2026-04-05T02:30:00'), 'Australia/Sydney'), 'Australia/Sydney'),
    ).toBe('2026-04-05T02:30:00+11:00');
  });

  it('parses trigger_time texts as local wall time and refuses the rest with the reference error', () => {
    const z = 'Asia/Shanghai';
    expect(iso(parseTriggerTime('2026-04-07 09:30:00', z).instant, z)).toBe(
      '2026-04-07T09:30:00+08:00',
    );
    expect(iso(parseTriggerTime('2026/4/7 9:05', z).instant, z)).toBe('2026-04-07T09:05:00+08:00');
    expect(iso(parseTriggerTime('2026-04-07', z).instant, z)).toBe('2026-04-07T00:00:00+08:00');
    expect(iso(parseTriggerTime('2026-04-07T01:30:00Z', z).instant, z)).toBe(
      '2026-04-07T09:30:00+08:00',
    );
    for (const bad of ['tomorrow', '2026-13-01 10:00', '', '09:30 明天']) {
      expect(() => parseTriggerTime(bad, z)).toThrow(/无法解析 trigger_time/);
    }
  });
});

describe('repeat rules', () => {
  it('accepts the named rules, Chinese words and 5-field cron; refuses the rest', () => {
    expect(parseRepeat('daily')).toEqual({ kind: 'daily' });
    expect(parseRepeat('每天')).toEqual({ kind: 'daily' });
    expect(parseRepeat('工作日')).toEqual({ kind: 'weekdays' });
    expect(parseRepeat('Weekly')).toEqual({ kind: 'weekly' });
    expect(parseRepeat('每月')).toEqual({ kind: 'monthly' });
    expect(parseRepeat('none')).toBeNull();
    expect(parseRepeat('')).toBeNull();
    expect(parseRepeat('0  9 * * 1-5')).toEqual({ kind: 'cron', expr: '0 9 * * 1-5' });
    expect(() => parseRepeat('61 9 * * *')).toThrow(/cron/);
    expect(() => parseRepeat('* * * * * *')).toThrow(/5-field/);
    expect(() => parseRepeat('sometimes')).toThrow(/repeat must be/);
  });

  it('daily keeps the wall time across spring-forward: the 02:30 occurrence moves to 03:30 that day only', () => {
    expect(
      series({ kind: 'daily' }, '2026-03-27T02:30:00', 'Europe/Berlin', '2026-03-28T00:00:00', 3),
    ).toEqual([
      '2026-03-28T02:30:00+01:00',
      '2026-03-29T03:30:00+02:00',
      '2026-03-30T02:30:00+02:00',
    ]);
  });

  it('daily 01:30 on the New York fall-back day occurs once, at the first 01:30', () => {
    expect(
      series(
        { kind: 'daily' },
        '2026-10-30T01:30:00',
        'America/New_York',
        '2026-10-31T00:00:00',
        3,
      ),
    ).toEqual([
      '2026-10-31T01:30:00-04:00',
      '2026-11-01T01:30:00-04:00',
      '2026-11-02T01:30:00-05:00',
    ]);
  });

  it('weekdays skip the weekend; weekly keeps the weekday; monthly clamps to the month end', () => {
    // 2026-04-03 is a Friday.
    expect(
      series(
        { kind: 'weekdays' },
        '2026-04-03T08:00:00',
        'Asia/Shanghai',
        '2026-04-03T00:00:00',
        3,
      ),
    ).toEqual([
      '2026-04-03T08:00:00+08:00',
      '2026-04-06T08:00:00+08:00',
      '2026-04-07T08:00:00+08:00',
    ]);
    expect(
      series({ kind: 'weekly' }, '2026-04-03T08:00:00', 'Asia/Shanghai', '2026-04-04T00:00:00', 2),
    ).toEqual(['2026-04-10T08:00:00+08:00', '2026-04-17T08:00:00+08:00']);
    expect(
      series({ kind: 'monthly' }, '2026-01-31T09:00:00', 'Asia/Shanghai', '2026-01-01T00:00:00', 4),
    ).toEqual([
      '2026-01-31T09:00:00+08:00',
      '2026-02-28T09:00:00+08:00',
      '2026-03-31T09:00:00+08:00',
      '2026-04-30T09:00:00+08:00',
    ]);
  });

  it('cron is read in wall time: hourly across Berlin fall-back has no repeated reading, spring-forward none lost', () => {
    const fall = series(
      { kind: 'cron', expr: '0 * * * *' },
      '2026-10-24T00:00:00',
      'Europe/Berlin',
      '2026-10-25T00:00:00',
      5,
    );
    expect(fall).toEqual([
      '2026-10-25T00:00:00+02:00',
      '2026-10-25T01:00:00+02:00',
      '2026-10-25T02:00:00+02:00',
      '2026-10-25T03:00:00+01:00',
      '2026-10-25T04:00:00+01:00',
    ]);
    const spring = series(
      { kind: 'cron', expr: '30 2 * * *' },
      '2026-03-01T00:00:00',
      'Europe/Berlin',
      '2026-03-28T00:00:00',
      3,
    );
    expect(spring).toEqual([
      '2026-03-28T02:30:00+01:00',
      '2026-03-29T03:30:00+02:00',
      '2026-03-30T02:30:00+02:00',
    ]);
  });

  it('cron every 20 minutes through a spring-forward gap gives strictly increasing, distinct instants', () => {
    const out = series(
      { kind: 'cron', expr: '*/20 * * * *' },
      '2026-03-01T00:00:00',
      'America/New_York',
      '2026-03-08T01:00:00',
      9,
    );
    expect(out).toEqual([
      '2026-03-08T01:00:00-05:00',
      '2026-03-08T01:20:00-05:00',
      '2026-03-08T01:40:00-05:00',
      '2026-03-08T03:00:00-04:00',
      '2026-03-08T03:20:00-04:00',
      '2026-03-08T03:40:00-04:00',
      '2026-03-08T04:00:00-04:00',
      '2026-03-08T04:20:00-04:00',
      '2026-03-08T04:40:00-04:00',
    ]);
  });

  it('cron day fields: both restricted means either matches; L and # use the full parser', () => {
    // 2026-06: the 1st is a Monday; Mondays are 1, 8, 15.
    expect(
      series(
        { kind: 'cron', expr: '0 9 1,10 * MON' },
        '2026-06-01T00:00:00',
        'UTC',
        '2026-06-01T00:00:00',
        4,
      ),
    ).toEqual([
      '2026-06-01T09:00:00Z',
      '2026-06-08T09:00:00Z',
      '2026-06-10T09:00:00Z',
      '2026-06-15T09:00:00Z',
    ]);
    expect(
      series(
        { kind: 'cron', expr: '0 18 L * *' },
        '2026-01-01T00:00:00',
        'Asia/Shanghai',
        '2026-01-01T00:00:00',
        3,
      ),
    ).toEqual([
      '2026-01-31T18:00:00+08:00',
      '2026-02-28T18:00:00+08:00',
      '2026-03-31T18:00:00+08:00',
    ]);
    expect(
      series(
        { kind: 'cron', expr: '30 7 * * 5#2' },
        '2026-01-01T00:00:00',
        'UTC',
        '2026-01-01T00:00:00',
        2,
      ),
    ).toEqual(['2026-01-09T07:30:00Z', '2026-02-13T07:30:00Z']);
  });

  it('no occurrence comes before the anchor', () => {
    const first = firstOccurrenceFrom(
      { kind: 'daily' },
      wall('2026-05-10T07:00:00'),
      'UTC',
      Date.UTC(2026, 0, 1),
    );
    expect(iso(first, 'UTC')).toBe('2026-05-10T07:00:00Z');
  });
});
