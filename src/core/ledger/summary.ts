import { DateTime } from 'luxon';
import type { LedgerSummary } from '../../shared/contract';
import type { Statements } from '../db/statements';
import { fromMinor } from '../money';
import { parseEndBound, parseLocalDateTime } from '../time';

const DAY = 86_400_000;
const WHERE = 'user_id = @user AND currency = @cur';

// Three grains, all kept in the same transaction as the rows: whole UTC months
// (ledger_month_totals, migration 6), whole UTC days (ledger_day_totals,
// migration 5), and the rows themselves for partial days at local edges.
const BY_CATEGORY = {
  months: `SELECT category, SUM(minor) AS minor, SUM(n) AS n FROM ledger_month_totals WHERE ${WHERE} AND month >= @from AND month < @to GROUP BY category`,
  days: `SELECT category, SUM(minor) AS minor, SUM(n) AS n FROM ledger_day_totals WHERE ${WHERE} AND day >= @from AND day < @to GROUP BY category`,
  rows: `SELECT category, SUM(amount_minor) AS minor, COUNT(*) AS n FROM ledgers WHERE ${WHERE} AND transaction_at >= @from AND transaction_at < @to GROUP BY category`,
};
const TOTAL = {
  days: `SELECT COALESCE(SUM(minor), 0) AS minor, COALESCE(SUM(n), 0) AS n FROM ledger_day_totals WHERE ${WHERE} AND day >= @from AND day < @to`,
  rows: `SELECT COALESCE(SUM(amount_minor), 0) AS minor, COUNT(*) AS n FROM ledgers WHERE ${WHERE} AND transaction_at >= @from AND transaction_at < @to`,
};
const EDGE_SQL = (dir: 'ASC' | 'DESC') =>
  `SELECT transaction_at AS t FROM ledgers WHERE ${WHERE} ORDER BY transaction_at ${dir} LIMIT 1`;

interface Sum {
  minor: number;
  n: number;
}
type Row = Sum & { category: string };
type Base = { user: number; cur: string };

const utcMonth = (ms: number): number => {
  const d = new Date(ms);
  return (d.getUTCFullYear() - 1970) * 12 + d.getUTCMonth();
};
const utcMonthStart = (m: number): number =>
  Date.UTC(1970 + Math.floor(m / 12), ((m % 12) + 12) % 12, 1);

/** Splits [lo, hi) into partial-day edges (rows) and whole UTC days [firstDay, endDay). */
function split(lo: number, hi: number) {
  const firstDay = Math.ceil(lo / DAY);
  const endDay = Math.floor(hi / DAY);
  return firstDay < endDay ? { firstDay, endDay } : null;
}

/** Sums by category over [lo, hi), reading the coarsest grain that fits each part. */
function byCategory(st: Statements, base: Base, lo: number, hi: number): Map<string, Sum> {
  const out = new Map<string, Sum>();
  const add = (sql: string, from: number, to: number) => {
    if (from >= to) return;
    for (const r of st.get(sql).all({ ...base, from, to }) as Row[]) {
      const cur = out.get(r.category) ?? { minor: 0, n: 0 };
      out.set(r.category, { minor: cur.minor + r.minor, n: cur.n + r.n });
    }
  };
  const days = split(lo, hi);
  if (!days) {
    add(BY_CATEGORY.rows, lo, hi);
    return out;
  }
  add(BY_CATEGORY.rows, lo, days.firstDay * DAY);
  add(BY_CATEGORY.rows, days.endDay * DAY, hi);
  const startMs = days.firstDay * DAY;
  const firstMonth = utcMonth(startMs) + (new Date(startMs).getUTCDate() === 1 ? 0 : 1);
  const endMonth = utcMonth(days.endDay * DAY);
  if (firstMonth < endMonth) {
    add(BY_CATEGORY.days, days.firstDay, utcMonthStart(firstMonth) / DAY);
    add(BY_CATEGORY.months, firstMonth, endMonth);
    add(BY_CATEGORY.days, utcMonthStart(endMonth) / DAY, days.endDay);
  } else {
    add(BY_CATEGORY.days, days.firstDay, days.endDay);
  }
  return out;
}

/** Total over [lo, hi): whole days from the day totals, partial days from the rows. */
function total(st: Statements, base: Base, lo: number, hi: number): Sum {
  const sum: Sum = { minor: 0, n: 0 };
  const add = (sql: string, from: number, to: number) => {
    if (from >= to) return;
    const r = st.get(sql).get({ ...base, from, to }) as Sum;
    sum.minor += r.minor;
    sum.n += r.n;
  };
  const days = split(lo, hi);
  if (!days) {
    add(TOTAL.rows, lo, hi);
    return sum;
  }
  add(TOTAL.rows, lo, days.firstDay * DAY);
  add(TOTAL.days, days.firstDay, days.endDay);
  add(TOTAL.rows, days.endDay * DAY, hi);
  return sum;
}

/**
 * Totals by category and by local month for a range, in one currency. Month
 * edges are computed in the person's zone (DST-safe), so an entry at 00:30 on
 * the 1st in Shanghai counts in that month although it is the 31st in UTC.
 */
export function summarize(
  st: Statements,
  userId: number,
  range: { start_at?: string; end_at?: string },
  zone: string,
  currency: string,
): LedgerSummary {
  const base = { user: userId, cur: currency };
  const empty: LedgerSummary = { currency, total: 0, count: 0, by_category: [], by_month: [] };
  const start = parseLocalDateTime(range.start_at, zone, 'start_at');
  const end = parseEndBound(range.end_at, zone, 'end_at');
  const lo = start ?? (st.get(EDGE_SQL('ASC')).get(base) as { t: number } | undefined)?.t;
  const last =
    end === null ? (st.get(EDGE_SQL('DESC')).get(base) as { t: number } | undefined)?.t : undefined;
  const hi = end ?? (last === undefined ? undefined : last + 1);
  if (lo === undefined || hi === undefined || hi <= lo) return empty;

  const cats = [...byCategory(st, base, lo, hi)]
    .filter(([, s]) => s.n > 0)
    .sort((a, b) => b[1].minor - a[1].minor || (a[0] < b[0] ? -1 : 1));
  const totalMinor = cats.reduce((s, [, v]) => s + v.minor, 0);
  const count = cats.reduce((s, [, v]) => s + v.n, 0);

  const months: { label: string; from: number; to: number }[] = [];
  for (
    let m = DateTime.fromMillis(lo, { zone }).startOf('month');
    m.toMillis() < hi;
    m = m.plus({ months: 1 })
  ) {
    months.push({
      label: m.toFormat('yyyy-LL'),
      from: Math.max(m.toMillis(), lo),
      to: Math.min(m.plus({ months: 1 }).toMillis(), hi),
    });
  }
  const byMonth: LedgerSummary['by_month'] = [];
  for (const m of months) {
    // One month: its total is the category total already summed.
    const s = months.length === 1 ? { minor: totalMinor, n: count } : total(st, base, m.from, m.to);
    if (s.n > 0) byMonth.push({ month: m.label, total: fromMinor(s.minor, currency), count: s.n });
  }
  return {
    currency,
    total: fromMinor(totalMinor, currency),
    count,
    by_category: cats.map(([category, v]) => ({
      category,
      total: fromMinor(v.minor, currency),
      count: v.n,
    })),
    by_month: byMonth,
  };
}
