import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { LedgerEntry } from '../../../shared/contract';
import { entryPatch, newEntryInput } from './entryInput';
import { nowInZone, wallDayjs, wallText } from '../../format/wallTime';
import { formatMoney, monthRange } from './format';

const entry: LedgerEntry = {
  id: 7,
  user_id: 1,
  amount: 25.5,
  currency: 'CNY',
  category: '餐饮',
  item: '午饭',
  image_url: '',
  transaction_date: '2026-04-15T10:00:42+08:00',
};

describe('ledger form → contract input', () => {
  it('sends the wall time the person saw, in minutes, with trimmed text', () => {
    const input = newEntryInput({
      amount: 3,
      transaction_date: dayjs('2026-04-15T10:05:59'),
      category: ' 交通 ',
      item: undefined,
    });
    expect(input).toEqual({
      amount: 3,
      transaction_date: '2026-04-15T10:05:00',
      category: '交通',
      item: '',
    });
  });

  it('patches only what changed (an unchanged minute keeps the stored seconds)', () => {
    const same = {
      amount: 25.5,
      transaction_date: wallDayjs(entry.transaction_date),
      category: '餐饮',
      item: '午饭',
    };
    expect(entryPatch(entry, same)).toEqual({});
    expect(entryPatch(entry, { ...same, amount: 30 })).toEqual({ amount: 30 });
    expect(entryPatch(entry, { ...same, transaction_date: dayjs('2026-04-14T09:00') })).toEqual({
      transaction_date: '2026-04-14T09:00:00',
    });
  });
});

describe('ledger formatting in the person’s zone', () => {
  it('shows the wall time of the engine ISO regardless of the browser zone', () => {
    expect(wallText('2026-04-15T23:30:00-07:00')).toBe('2026-04-15 23:30');
    expect(wallDayjs('2026-04-15T23:30:00-07:00').format('YYYY-MM-DD HH:mm')).toBe(
      '2026-04-15 23:30',
    );
  });

  it('computes "now" and the month in the given zone', () => {
    const instant = new Date('2026-04-30T17:30:00Z'); // already May 1st in Shanghai
    expect(nowInZone('Asia/Shanghai', instant).format('YYYY-MM-DD HH:mm')).toBe('2026-05-01 01:30');
    expect(nowInZone('America/Los_Angeles', instant).format('YYYY-MM-DD HH:mm')).toBe(
      '2026-04-30 10:30',
    );
    expect(monthRange(dayjs('2026-02-10'))).toEqual({
      start_at: '2026-02-01',
      end_at: '2026-02-28',
    });
  });

  it('formats money with the currency', () => {
    expect(formatMoney(30, 'CNY', 'zh-CN')).toBe('¥30.00');
    expect(formatMoney(1234.5, 'USD', 'en')).toBe('$1,234.50');
  });
});
