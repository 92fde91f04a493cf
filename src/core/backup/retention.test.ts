import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { applyRetention, type DatedBackup } from './retention';

const ZONE = 'Asia/Shanghai';
const at = (iso: string) => DateTime.fromISO(iso, { zone: ZONE }).toMillis();
const b = (iso: string): DatedBackup => ({ name: `auto-${iso}`, at: at(iso) });

describe('backup retention (daily for 7 days, weekly for 4 weeks)', () => {
  const now = at('2026-04-30T10:00'); // Thursday

  it('keeps one backup per day for the last 7 local days, the newest of each day', () => {
    const backups = [
      b('2026-04-30T03:00'),
      b('2026-04-29T03:00'),
      b('2026-04-29T20:00'),
      b('2026-04-28T03:00'),
      b('2026-04-24T03:00'),
    ];
    const r = applyRetention(backups, now, ZONE);
    expect(r.keep).toEqual([
      'auto-2026-04-30T03:00',
      'auto-2026-04-29T20:00',
      'auto-2026-04-28T03:00',
      'auto-2026-04-24T03:00',
    ]);
    expect(r.drop).toEqual(['auto-2026-04-29T03:00']);
  });

  it('after 7 days keeps the newest of each ISO week for 4 weeks, and drops the rest', () => {
    // One backup a day for 40 days.
    const backups = Array.from({ length: 40 }, (_v, i) =>
      b(
        DateTime.fromISO('2026-04-30T03:00', { zone: ZONE })
          .minus({ days: i })
          .toFormat("yyyy-LL-dd'T'HH:mm"),
      ),
    );
    const r = applyRetention(backups, now, ZONE);
    expect(r.keep).toEqual([
      // 7 daily: Apr 24..30
      'auto-2026-04-30T03:00',
      'auto-2026-04-29T03:00',
      'auto-2026-04-28T03:00',
      'auto-2026-04-27T03:00',
      'auto-2026-04-26T03:00',
      'auto-2026-04-25T03:00',
      'auto-2026-04-24T03:00',
      // weekly, newest of each ISO week within the last 28 days (Apr 3..30): weeks ending Apr 19, Apr 12, Apr 5
      'auto-2026-04-19T03:00',
      'auto-2026-04-12T03:00',
      'auto-2026-04-05T03:00',
    ]);
    expect(r.drop).toHaveLength(30);
    expect(r.drop).toContain('auto-2026-04-04T03:00');
    expect(r.drop).toContain('auto-2026-03-22T03:00');
  });

  it('always keeps the newest backup, even when all are old', () => {
    const r = applyRetention([b('2026-01-02T03:00'), b('2026-01-01T03:00')], now, ZONE);
    expect(r.keep).toEqual(['auto-2026-01-02T03:00']);
    expect(r.drop).toEqual(['auto-2026-01-01T03:00']);
  });

  it('keeps backups dated in the future (clock changes) and handles none', () => {
    expect(applyRetention([b('2026-05-03T03:00')], now, ZONE).keep).toEqual([
      'auto-2026-05-03T03:00',
    ]);
    expect(applyRetention([], now, ZONE)).toEqual({ keep: [], drop: [] });
  });

  it('counts days in the person’s zone, not UTC', () => {
    // 23:30 and 00:30 Shanghai time are two local days but one UTC day.
    const r = applyRetention([b('2026-04-29T23:30'), b('2026-04-30T00:30')], now, ZONE);
    expect(r.keep).toHaveLength(2);
  });
});
