import { DateTime } from 'luxon';
import type { LedgerSummary } from '../../shared/contract';
import type { Statements } from '../db/statements';
import { fromMinor } from '../money';
import { parseEndBound, parseLocalDateTime } from '../time';

const DAY = 86_400_000;

// Whole UTC days come from ledger_day_totals (migration 5, kept by triggers);
// the partial days at the edges of a local month are summed from the rows.
const DAYS_SQL = `SELECT category, SUM(minor) AS minor, SUM(n) AS n FROM ledger_day_totals
  WHERE user_id = @user AND currency = @cur AND day >= @from AND day < @to GROUP BY category`;
const ROWS_SQL = `SELECT category, SUM(amount_minor) AS minor, COUNT(*) AS n FROM ledgers
  WHERE user_id = @user AND currency = @cur AND transaction_at >= @from AND transaction_at < @to GROUP BY category`;
const EDGE_SQL = (dir: 'ASC' | 'DESC') =>
  `SELECT transaction_at AS t FROM ledgers WHERE user_id = @user AND currency = @cur ORDER BY transaction_at ${dir} LIMIT 1`;

interface Sum {
  minor: number;
  n: number;
}
type Sums = Map<string, Sum>;

function addAll(into: Sums, rows: { category: string; minor: number; n: number }[]): void {
  for (const r of rows) {
    const cur = into.get(r.category) ?? { minor: 0, n: 0 };
    into.set(r.category, { minor: cur.minor + r.minor, n: cur.n + r.n });
  }
}

/** Sums by category over [from, to): whole UTC days from the day totals, the rest from the rows. */
function sumRange(
  st: Statements,
  base: { user: number; cur: string },
  from: number,
  to: number,
): Sums {
  const out: Sums = new Map();
  type R = { category: string; minor: number; n: number };
  const rows = (a: number, b: number) => {
    if (a < b) addAll(out, st.get(ROWS_SQL).all({ ...base, from: a, to: b }) as R[]);
  };
  const firstDay = Math.ceil(from / DAY);
  const endDay = Math.floor(to / DAY);
  if (firstDay >= endDay) {
    rows(from, to);
    return out;
  }
  addAll(out, st.get(DAYS_SQL).all({ ...base, from: firstDay, to: endDay }) as R[]);
  rows(from, firstDay * DAY);
  rows(endDay * DAY, to);
  return out;
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
  const first = start ?? (st.get(EDGE_SQL('ASC')).get(base) as { t: number } | undefined)?.t;
  const last = end ?? (st.get(EDGE_SQL('DESC')).get(base) as { t: number } | undefined)?.t;
  if (first === undefined || last === undefined) return empty;
  const lo = first;
  const hi = end ?? last + 1;
  if (hi <= lo) return empty;

  const byCat: Sums = new Map();
  const byMonth: LedgerSummary['by_month'] = [];
  for (
    let m = DateTime.fromMillis(lo, { zone }).startOf('month');
    m.toMillis() < hi;
    m = m.plus({ months: 1 })
  ) {
    const sums = sumRange(
      st,
      base,
      Math.max(m.toMillis(), lo),
      Math.min(m.plus({ months: 1 }).toMillis(), hi),
    );
    let minor = 0;
    let n = 0;
    for (const [category, s] of sums) {
      minor += s.minor;
      n += s.n;
      addAll(byCat, [{ category, ...s }]);
    }
    if (n > 0)
      byMonth.push({ month: m.toFormat('yyyy-LL'), total: fromMinor(minor, currency), count: n });
  }
  const cats = [...byCat]
    .filter(([, s]) => s.n > 0)
    .sort((a, b) => b[1].minor - a[1].minor || (a[0] < b[0] ? -1 : 1));
  return {
    currency,
    total: fromMinor(
      cats.reduce((s, [, v]) => s + v.minor, 0),
      currency,
    ),
    count: cats.reduce((s, [, v]) => s + v.n, 0),
    by_category: cats.map(([category, v]) => ({
      category,
      total: fromMinor(v.minor, currency),
      count: v.n,
    })),
    by_month: byMonth,
  };
}
