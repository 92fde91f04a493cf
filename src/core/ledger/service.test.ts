import { afterEach, describe, expect, it } from 'vitest';
import { addUser, dumpTables, openTestApp, type TestApp } from '../../../tests/support/temp-app';
import type { LedgerService } from './service';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

function setup(timeZone: string): LedgerService {
  t = openTestApp({ timeZone });
  return t.app.services.ledger;
}
const user = { actor: 'user' as const };

describe('ledger date ranges', () => {
  it('includes an entry at 23:30 local on a date-only end_at (Asia/Shanghai)', () => {
    const l = setup('Asia/Shanghai');
    const a = l.create(1, { amount: 10, transaction_date: '2026-04-30 23:30' }, user);
    l.create(1, { amount: 20, transaction_date: '2026-05-01 00:00' }, user);
    const b = l.create(1, { amount: 30, transaction_date: '2026-04-01 00:00' }, user);
    l.create(1, { amount: 40, transaction_date: '2026-03-31 23:59:59' }, user);
    expect(a.transaction_date).toBe('2026-04-30T23:30:00+08:00');
    const { entries, total } = l.list(1, {
      start_at: '2026-04-01',
      end_at: '2026-04-30',
      order: 'asc',
    });
    expect(entries.map((e) => e.id)).toEqual([b.id, a.id]);
    expect(total).toBe(2);
    // A date-time end is exclusive and exact.
    expect(
      l.list(1, { start_at: '2026-04-01', end_at: '2026-04-30 23:30' }).entries.map((e) => e.id),
    ).toEqual([b.id]);
  });

  it('reads local days in America/New_York, including the DST change day', () => {
    const l = setup('America/New_York');
    // 2026-03-08 is 23 hours long in New York (02:00 → 03:00).
    const early = l.create(1, { amount: 1, transaction_date: '2026-03-08 00:30' }, user);
    const late = l.create(1, { amount: 2, transaction_date: '2026-03-08 23:30' }, user);
    l.create(1, { amount: 3, transaction_date: '2026-03-09 00:00' }, user);
    l.create(1, { amount: 4, transaction_date: '2026-03-07 23:59' }, user);
    expect(early.transaction_date).toBe('2026-03-08T00:30:00-05:00');
    expect(late.transaction_date).toBe('2026-03-08T23:30:00-04:00');
    const day = l.list(1, { start_at: '2026-03-08', end_at: '2026-03-08', order: 'asc' });
    expect(day.entries.map((e) => e.id)).toEqual([early.id, late.id]);
    // The same instants read as stored UTC: 05:30Z and 03:30Z next day.
    const rows = t.db.prepare('SELECT transaction_at FROM ledgers ORDER BY id').all() as {
      transaction_at: number;
    }[];
    expect(new Date(rows[0]!.transaction_at).toISOString()).toBe('2026-03-08T05:30:00.000Z');
    expect(new Date(rows[1]!.transaction_at).toISOString()).toBe('2026-03-09T03:30:00.000Z');
  });

  it('treats an explicit offset as an instant, whatever the zone', () => {
    const l = setup('Asia/Shanghai');
    const e = l.create(1, { amount: 1, transaction_date: '2026-04-06T12:30:00Z' }, user);
    expect(e.transaction_date).toBe('2026-04-06T20:30:00+08:00');
  });

  it('groups month totals by the local month (an entry at 00:30 on the 1st in Shanghai is still UTC last month)', () => {
    const l = setup('Asia/Shanghai');
    l.create(1, { amount: 5, transaction_date: '2026-05-01 00:30' }, user);
    l.create(1, { amount: 7, transaction_date: '2026-04-30 23:30' }, user);
    const s = l.summary(1, {});
    expect(s.by_month).toEqual([
      { month: '2026-04', total: 7, count: 1 },
      { month: '2026-05', total: 5, count: 1 },
    ]);
  });

  it('refuses unreadable dates with VALIDATION_FAILED', () => {
    const l = setup('UTC');
    expect(() => l.create(1, { amount: 1, transaction_date: 'tomorrow-ish' }, user)).toThrow(
      expect.objectContaining({ code: 'VALIDATION_FAILED' }),
    );
    expect(() => l.list(1, { end_at: '2026-13-40' })).toThrow(
      expect.objectContaining({ code: 'VALIDATION_FAILED' }),
    );
  });
});

describe('ledger money', () => {
  it('keeps 0.1 + 0.2 style sums exact, per entry and in summaries', () => {
    const l = setup('Asia/Shanghai');
    l.create(1, { amount: 0.1, category: '餐饮', transaction_date: '2026-04-02' }, user);
    l.create(1, { amount: 0.2, category: '餐饮', transaction_date: '2026-04-03' }, user);
    l.create(1, { amount: 19.99, category: '交通', transaction_date: '2026-04-04' }, user);
    l.create(1, { amount: 0.01, category: '交通', transaction_date: '2026-05-04' }, user);
    const s = l.summary(1, { start_at: '2026-04-01', end_at: '2026-05-31' });
    expect(s.total).toBe(20.3);
    expect(s.count).toBe(4);
    expect(s.by_category).toEqual([
      { category: '交通', total: 20, count: 2 },
      { category: '餐饮', total: 0.3, count: 2 },
    ]);
    expect(s.by_month).toEqual([
      { month: '2026-04', total: 20.29, count: 3 },
      { month: '2026-05', total: 0.01, count: 1 },
    ]);
    const minor = t.db.prepare('SELECT amount_minor FROM ledgers ORDER BY id').all() as {
      amount_minor: number;
    }[];
    expect(minor.map((r) => r.amount_minor)).toEqual([10, 20, 1999, 1]);
  });

  it('rounds to the currency minor unit, half away from zero', () => {
    const l = setup('UTC');
    expect(l.create(1, { amount: 1.005 }, user).amount).toBe(1.01);
    expect(l.create(1, { amount: 0.1 + 0.2 }, user).amount).toBe(0.3);
    expect(l.create(1, { amount: -2.345 }, user).amount).toBe(-2.35);
    expect(l.create(1, { amount: 1234.5, currency: 'JPY' }, user).amount).toBe(1235);
  });

  it('keeps the amount when only the currency changes to one with other minor units', () => {
    const l = setup('UTC');
    const e = l.create(1, { amount: 32.5 }, user);
    expect(l.update(1, e.id, { currency: 'JPY' }, user).amount).toBe(33);
    expect(l.update(1, e.id, { currency: 'USD' }, user).amount).toBe(33);
  });
});

describe('ledger writes', () => {
  it('applies defaults: empty category → 其他, empty item → 消费, no date → now (fake clock)', () => {
    const l = setup('Asia/Shanghai');
    t.clock.set(Date.parse('2026-04-06T04:30:00Z'));
    const e = l.create(1, { amount: 32, category: '  ', item: '' }, user);
    expect(e).toMatchObject({
      category: '其他',
      item: '消费',
      currency: 'CNY',
      transaction_date: '2026-04-06T12:30:00+08:00',
    });
  });

  it('updates only the given fields', () => {
    const l = setup('Asia/Shanghai');
    const e = l.create(
      1,
      {
        amount: 32,
        category: '餐饮',
        item: '午饭',
        transaction_date: '2026-04-06 12:30',
        image_url: 'x.png',
      },
      user,
    );
    const u = l.update(1, e.id, { item: '晚饭' }, user);
    expect(u).toEqual({ ...e, item: '晚饭' });
    const u2 = l.update(1, e.id, { amount: 40.1, transaction_date: '2026-04-07 19:00' }, user);
    expect(u2).toEqual({
      ...e,
      item: '晚饭',
      amount: 40.1,
      transaction_date: '2026-04-07T19:00:00+08:00',
    });
    expect(l.get(1, e.id)).toEqual(u2);
  });

  it('an update with no fields changes nothing and audits nothing', () => {
    const l = setup('UTC');
    const e = l.create(1, { amount: 5 }, user);
    const before = dumpTables(t.db);
    expect(l.update(1, e.id, {}, user)).toEqual(e);
    expect(dumpTables(t.db)).toEqual(before);
  });

  it('deletes with a snapshot; undo restores the same id; a second undo says it is already restored', () => {
    const l = setup('Asia/Shanghai');
    const e = l.create(1, { amount: 12.5, category: '交通', item: '地铁' }, user);
    const keep = l.create(1, { amount: 1 }, user);
    const { deleted, undo_token } = l.delete(1, keep.id, user);
    expect(deleted).toEqual(keep);
    expect(() => l.get(1, keep.id)).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
    // A new entry after the delete must not take the deleted id.
    const after = l.create(1, { amount: 2 }, user);
    expect(after.id).not.toBe(keep.id);
    const restored = l.undoDelete(1, undo_token, user);
    expect(restored).toEqual(keep);
    expect(l.get(1, keep.id)).toEqual(keep);
    expect(() => l.undoDelete(1, undo_token, user)).toThrow(
      expect.objectContaining({
        code: 'CONFLICT',
        message: expect.stringMatching(/already restored/),
      }),
    );
    expect(
      l
        .list(1, {})
        .entries.map((x) => x.id)
        .sort(),
    ).toEqual([e.id, keep.id, after.id].sort());
  });

  it('refuses another person’s entry and unknown ids with NOT_FOUND, data unchanged', () => {
    const l = setup('Asia/Shanghai');
    const other = addUser(t.db);
    const theirs = l.create(other, { amount: 99, item: 'theirs' }, user);
    const mine = l.create(1, { amount: 1 }, user);
    const before = dumpTables(t.db);
    for (const id of [theirs.id, 424242]) {
      expect(() => l.get(1, id)).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
      expect(() => l.update(1, id, { amount: 1 }, user)).toThrow(
        expect.objectContaining({ code: 'NOT_FOUND' }),
      );
      expect(() => l.delete(1, id, user)).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
    }
    const { undo_token } = l.delete(other, theirs.id, user);
    const afterTheirDelete = dumpTables(t.db);
    expect(() => l.undoDelete(1, undo_token, user)).toThrow(
      expect.objectContaining({ code: 'NOT_FOUND' }),
    );
    expect(dumpTables(t.db)).toEqual(afterTheirDelete);
    expect(before.ledgers).toHaveLength(2);
    expect(l.list(1, {}).entries.map((e) => e.id)).toEqual([mine.id]);
    expect(l.summary(1, {}).total).toBe(1);
  });

  it('a bad update inside the transaction leaves the row as it was', () => {
    const l = setup('UTC');
    const e = l.create(1, { amount: 5, item: 'a' }, user);
    const before = dumpTables(t.db);
    expect(() => l.update(1, e.id, { item: 'b', transaction_date: 'not a date' }, user)).toThrow(
      expect.objectContaining({ code: 'VALIDATION_FAILED' }),
    );
    expect(dumpTables(t.db)).toEqual(before);
  });

  it('audits every write with before/after and the actor', () => {
    const l = setup('Asia/Shanghai');
    const e = l.create(1, { amount: 3, item: 'tea' }, { actor: 'agent', conversationId: 7 });
    l.update(1, e.id, { amount: 4 }, user);
    const { undo_token } = l.delete(1, e.id, { actor: 'cli' });
    l.undoDelete(1, undo_token, user);
    const log = t.app.ctx.audit.list('ledger', e.id).reverse();
    expect(log.map((r) => [r.action, r.actor])).toEqual([
      ['insert', 'agent'],
      ['update', 'user'],
      ['delete', 'cli'],
      ['restore', 'user'],
    ]);
    expect(log[0]).toMatchObject({
      before: null,
      after: { id: e.id, amount: 3 },
      conversation_id: 7,
    });
    expect(log[1]).toMatchObject({ before: { amount: 3 }, after: { amount: 4 } });
    expect(log[2]).toMatchObject({ before: { id: e.id, amount: 4 }, after: null });
    expect(log[3]).toMatchObject({ after: { id: e.id, amount: 4 } });
  });

  it('emits data.changed for each write', () => {
    const l = setup('UTC');
    const seen: unknown[] = [];
    t.app.ctx.events.on('data.changed', (p) => seen.push(p));
    const e = l.create(1, { amount: 1 }, user);
    l.update(1, e.id, { amount: 2 }, user);
    l.delete(1, e.id, user);
    expect(seen).toEqual([
      { domain: 'ledger', ids: [e.id] },
      { domain: 'ledger', ids: [e.id] },
      { domain: 'ledger', ids: [e.id] },
    ]);
  });
});

describe('ledger queries', () => {
  it('filters by category, keyword (LIKE characters are literal), ids, order and limit', () => {
    const l = setup('UTC');
    const a = l.create(
      1,
      { amount: 1, category: '餐饮', item: '咖啡 latte', transaction_date: '2026-04-01 08:00' },
      user,
    );
    const b = l.create(
      1,
      { amount: 2, category: '餐饮', item: '100% juice', transaction_date: '2026-04-02 08:00' },
      user,
    );
    const c = l.create(
      1,
      { amount: 3, category: '交通', item: '咖啡色 bus', transaction_date: '2026-04-03 08:00' },
      user,
    );
    expect(l.list(1, { category: '餐饮' }).entries.map((e) => e.id)).toEqual([b.id, a.id]);
    expect(l.list(1, { item_like: '咖啡' }).entries.map((e) => e.id)).toEqual([c.id, a.id]);
    expect(l.list(1, { item_like: '%' }).entries.map((e) => e.id)).toEqual([b.id]);
    expect(l.list(1, { item_like: '_' }).entries).toEqual([]);
    expect(l.list(1, { ledger_ids: [a.id, c.id], order: 'asc' }).entries.map((e) => e.id)).toEqual([
      a.id,
      c.id,
    ]);
    const page = l.list(1, { limit: 1, offset: 1 });
    expect(page.entries.map((e) => e.id)).toEqual([b.id]);
    expect(page.total).toBe(3);
  });

  it('latest and listRecent go by insertion order, not by date', () => {
    const l = setup('UTC');
    expect(l.latest(1)).toBeNull();
    const a = l.create(1, { amount: 1, transaction_date: '2026-04-05' }, user);
    const b = l.create(1, { amount: 2, transaction_date: '2020-01-01' }, user);
    expect(l.latest(1)?.id).toBe(b.id);
    expect(l.listRecent(1, 10).map((e) => e.id)).toEqual([b.id, a.id]);
    expect(l.listRecent(1, 1).map((e) => e.id)).toEqual([b.id]);
  });

  it('lists categories: defaults first, then used ones', () => {
    const l = setup('UTC');
    l.create(1, { amount: 1, category: '宠物' }, user);
    expect(l.categories(1, ['餐饮', '其他'])).toEqual(['餐饮', '其他', '宠物']);
  });
});

describe('ledger day totals (summary index kept by triggers)', () => {
  it('match the rows after inserts, updates, deletes and undo, in several zones', () => {
    const l = setup('America/New_York');
    const other = addUser(t.db);
    let seed = 3;
    const rand = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const ids: number[] = [];
    const tokens: string[] = [];
    for (let i = 0; i < 300; i++) {
      const op = rand();
      const date = `2026-${String(1 + Math.floor(rand() * 12)).padStart(2, '0')}-${String(1 + Math.floor(rand() * 28)).padStart(2, '0')} ${String(Math.floor(rand() * 24)).padStart(2, '0')}:30`;
      if (op < 0.5 || ids.length === 0) {
        const user = rand() < 0.8 ? 1 : other;
        const e = l.create(
          user,
          {
            amount: Math.round(rand() * 10000) / 100,
            category: ['a', 'b', 'c'][i % 3],
            transaction_date: date,
            currency: rand() < 0.9 ? 'CNY' : 'USD',
          },
          user === 1 ? { actor: 'user' } : { actor: 'system' },
        );
        if (user === 1) ids.push(e.id);
      } else if (op < 0.75) {
        l.update(
          1,
          ids[Math.floor(rand() * ids.length)]!,
          { amount: 1.23, transaction_date: date, category: 'b' },
          { actor: 'user' },
        );
      } else if (op < 0.9) {
        const id = ids.splice(Math.floor(rand() * ids.length), 1)[0]!;
        tokens.push(l.delete(1, id, { actor: 'user' }).undo_token);
      } else if (tokens.length) {
        ids.push(l.undoDelete(1, tokens.pop()!, { actor: 'user' }).id);
      }
    }
    const expected = t.db
      .prepare(
        `SELECT user_id, currency, category, transaction_at / 86400000 AS day, SUM(amount_minor) AS minor, COUNT(*) AS n
         FROM ledgers GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
      )
      .all();
    const actual = t.db
      .prepare(
        'SELECT user_id, currency, category, day, minor, n FROM ledger_day_totals ORDER BY 1, 2, 3, 4',
      )
      .all();
    expect(actual).toEqual(expected);
    const rows = t.db
      .prepare('SELECT user_id, currency, category, transaction_at, amount_minor FROM ledgers')
      .all() as {
      user_id: number;
      currency: string;
      category: string;
      transaction_at: number;
      amount_minor: number;
    }[];
    const months = new Map<string, { minor: number; n: number }>();
    for (const r of rows) {
      const d = new Date(r.transaction_at);
      const k = [
        r.user_id,
        r.currency,
        r.category,
        (d.getUTCFullYear() - 1970) * 12 + d.getUTCMonth(),
      ].join('|');
      const cur = months.get(k) ?? { minor: 0, n: 0 };
      months.set(k, { minor: cur.minor + r.amount_minor, n: cur.n + 1 });
    }
    const monthRows = t.db
      .prepare('SELECT user_id, currency, category, month, minor, n FROM ledger_month_totals')
      .all() as {
      user_id: number;
      currency: string;
      category: string;
      month: number;
      minor: number;
      n: number;
    }[];
    expect(
      new Map(
        monthRows.map((r) => [
          [r.user_id, r.currency, r.category, r.month].join('|'),
          { minor: r.minor, n: r.n },
        ]),
      ),
    ).toEqual(months);
    // And summaries built on them equal plain sums over the listed rows.
    const ranges = [
      {},
      { start_at: '2026-01-01', end_at: '2026-12-31' },
      { start_at: '2026-03-01', end_at: '2026-03-31' },
      { start_at: '2026-03-08 01:00', end_at: '2026-11-01 01:30' },
    ];
    for (const r of ranges) {
      const s = l.summary(1, r);
      const plain = l.list(1, { ...r, limit: 1000 }).entries.filter((e) => e.currency === 'CNY');
      expect(s.count).toBe(plain.length);
      expect(Math.round(s.total * 100)).toBe(
        plain.reduce((a, e) => a + Math.round(e.amount * 100), 0),
      );
      expect(s.by_month.reduce((a, m) => a + m.count, 0)).toBe(plain.length);
    }
  });
});
