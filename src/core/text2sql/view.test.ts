import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { DateTime } from 'luxon';
import { ledgerViewSql, offsetSegments, wrapQuery } from './view';

describe('ledger view', () => {
  it('finds DST transitions to the second', () => {
    const zone = 'America/New_York';
    const lo = DateTime.fromISO('2026-01-01', { zone }).toMillis();
    const hi = DateTime.fromISO('2026-12-31', { zone }).toMillis();
    const segs = offsetSegments(zone, lo, hi);
    expect(segs.map((s) => s.offsetSeconds)).toEqual([-5 * 3600, -4 * 3600, -5 * 3600]);
    expect(new Date(segs[1].from).toISOString()).toBe('2026-03-08T07:00:00.000Z');
    expect(new Date(segs[2].from).toISOString()).toBe('2026-11-01T06:00:00.000Z');
  });

  it('shows local wall time across DST, decimal amounts per currency, and one person only', () => {
    const zone = 'America/New_York';
    const db = new Database(':memory:');
    db.exec(`CREATE TABLE ledgers (id INTEGER PRIMARY KEY, user_id INTEGER, amount_minor INTEGER, currency TEXT,
      category TEXT, item TEXT, image_url TEXT, transaction_at INTEGER)`);
    const at = (s: string) => DateTime.fromSQL(s, { zone }).toMillis();
    const ins = db.prepare('INSERT INTO ledgers VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
    ins.run(1, 1, 1250, 'USD', 'food', 'winter', '', at('2026-01-15 23:30:00'));
    ins.run(2, 1, 980, 'JPY', 'food', 'summer', '', at('2026-07-04 00:15:00'));
    ins.run(3, 2, 99999, 'USD', 'x', 'other person', '', at('2026-07-04 12:00:00'));
    const view = ledgerViewSql({
      userId: 1,
      zone,
      range: { lo: at('2026-01-15 23:30:00'), hi: at('2026-07-04 00:15:00') },
      currencies: ['USD', 'JPY'],
    });
    const rows = db
      .prepare(wrapQuery(view, 'SELECT id, amount, transaction_date FROM ledgers ORDER BY id', 10))
      .all();
    expect(rows).toEqual([
      { id: 1, amount: 12.5, transaction_date: '2026-01-15 23:30:00' },
      { id: 2, amount: 980, transaction_date: '2026-07-04 00:15:00' },
    ]);
  });
});
